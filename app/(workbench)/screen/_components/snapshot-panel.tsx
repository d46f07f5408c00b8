// The instances' snapshots beside the funnel (issue #12): which are judged on the code their comment was
// written on, which on the PR's final diff, and why some have none. For those whose code is gone the admin
// chooses here (or with scripts/compute-snapshots.ts --fallback-final): judge them on the PR's final diff,
// marked as such, or leave them out of the dataset (the default until a choice is made).
import type { UnavailableSnapshotRow } from "@/lib/snapshot/choose-unavailable";
import type { SnapshotSummary } from "@/lib/snapshot/snapshot-summary";
import { chooseForUnavailableAction } from "../actions";
import { ActionForm, SubmitButton } from "./action-form";

const fmt = (n: number) => n.toLocaleString("en-US");

function ChoiceForm({
  choice,
  snapshotId,
  label,
  testId,
}: {
  choice: "final_diff" | "leave_out";
  snapshotId?: string;
  label: string;
  testId: string;
}) {
  return (
    <ActionForm action={chooseForUnavailableAction} testId={testId}>
      <input type="hidden" name="choice" value={choice} />
      {snapshotId && <input type="hidden" name="snapshotId" value={snapshotId} />}
      <SubmitButton pendingLabel="Saving…">{label}</SubmitButton>
    </ActionForm>
  );
}

export function SnapshotPanel({ summary, unavailable }: { summary: SnapshotSummary; unavailable: UnavailableSnapshotRow[] }) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="snapshot-summary">
      <h2 className="text-sm font-semibold uppercase text-slate-500">Code each comment is judged on</h2>
      <p className="mt-1 text-sm text-slate-700">
        <span data-testid="snapshot-exact">{fmt(summary.exact)} instances on the PR as it stood when the comment was written</span> ·{" "}
        <span data-testid="snapshot-final-fallback">{fmt(summary.finalFallback)} on the PR&apos;s final diff (marked)</span> ·{" "}
        <span data-testid="snapshot-unavailable">{fmt(summary.unavailable)} unavailable</span> · {fmt(summary.notComputed)} not computed
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
      {unavailable.length > 0 && (
        <div className="mt-3">
          <p className="text-xs text-slate-600">
            Instances whose code is unavailable stay out of splits until you choose to judge them on the PR&apos;s final diff (annotators
            then see it marked as such); you can leave them out again.
          </p>
          {summary.unavailable > 0 && (
            <div className="mt-2">
              <ChoiceForm
                choice="final_diff"
                label={`Judge all ${fmt(summary.unavailable)} on the final diff`}
                testId="snapshot-choose-all"
              />
            </div>
          )}
          <table className="mt-2 w-full text-left text-xs" data-testid="unavailable-snapshots">
            <thead className="text-slate-500">
              <tr>
                <th className="py-1 pr-2">PR</th>
                <th className="py-1 pr-2">commit</th>
                <th className="py-1 pr-2">why unavailable</th>
                <th className="py-1 pr-2">instances</th>
                <th className="py-1 pr-2">choice</th>
              </tr>
            </thead>
            <tbody>
              {unavailable.map((row) => (
                <tr
                  key={row.id}
                  className="border-t border-slate-100 align-top"
                  data-testid="unavailable-snapshot"
                  data-status={row.status}
                >
                  <td className="py-1 pr-2 font-mono">
                    {row.repo}#{row.number}
                  </td>
                  <td className="py-1 pr-2 font-mono">{row.commitSha?.slice(0, 7) ?? "—"}</td>
                  <td className="py-1 pr-2">{row.reason}</td>
                  <td className="py-1 pr-2">{fmt(row.instances)}</td>
                  <td className="py-1 pr-2">
                    {row.status === "unavailable" ? (
                      <ChoiceForm choice="final_diff" snapshotId={row.id} label="Judge on the final diff" testId="snapshot-choose-final" />
                    ) : (
                      <div>
                        <p className="mb-1 text-amber-900">on the final diff (marked)</p>
                        <ChoiceForm
                          choice="leave_out"
                          snapshotId={row.id}
                          label="Leave out of the dataset"
                          testId="snapshot-choose-leave-out"
                        />
                      </div>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {summary.notComputed > 0 && (
        <p className="mt-2 text-xs text-slate-500">
          <code>npx tsx scripts/compute-snapshots.ts --fetch</code> computes missing snapshots (the background job &ldquo;snapshots&rdquo;
          does the same).
        </p>
      )}
    </section>
  );
}
