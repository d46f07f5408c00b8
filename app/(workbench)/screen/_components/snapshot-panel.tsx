// The instances' snapshots beside the funnel (issue #12): which are judged on the code their comment was
// written on, which on the PR's final diff, and why some have none. The choice for unavailable ones is
// made with scripts/compute-snapshots.ts (--fallback-final keeps them on the marked final diff).
import type { SnapshotSummary } from "@/lib/snapshot/snapshot-summary";

const fmt = (n: number) => n.toLocaleString("en-US");

export function SnapshotPanel({ summary }: { summary: SnapshotSummary }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="snapshot-summary">
      <h2 className="text-sm font-semibold uppercase text-slate-500">Code each comment is judged on</h2>
      <p className="mt-1 text-sm text-slate-700">
        {fmt(summary.exact)} instances on the PR as it stood when the comment was written · {fmt(summary.finalFallback)} on the PR&apos;s
        final diff (marked) · <span data-testid="snapshot-unavailable">{fmt(summary.unavailable)} unavailable</span> ·{" "}
        {fmt(summary.notComputed)} not computed
      </p>
      {summary.reasons.length > 0 && (
        <ul className="mt-2 list-disc pl-5 text-xs text-amber-900">
          {summary.reasons.map((r) => (
            <li key={r.reason}>
              {fmt(r.count)}: {r.reason}
            </li>
          ))}
        </ul>
      )}
      {(summary.unavailable > 0 || summary.notComputed > 0) && (
        <p className="mt-2 text-xs text-slate-500">
          <code>npx tsx scripts/compute-snapshots.ts --fetch</code> computes missing snapshots; <code>--fallback-final</code> judges the
          unavailable ones on the final diff, marked as such.
        </p>
      )}
    </section>
  );
}
