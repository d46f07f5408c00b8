import Link from "next/link";
import type { InstanceView } from "@/lib/annotate/instance-view";
import { STAGE_WORDS } from "@/lib/annotate/stage-words";
import { BidiText } from "@/app/_components/bidi-text";

const BADGE: Record<string, string> = {
  trustworthy: "bg-emerald-100 text-emerald-800",
  untrustworthy: "bg-rose-100 text-rose-800",
  unsuitable: "bg-slate-200 text-slate-700",
};

export function LabelBadge({ value }: { value: string }) {
  return <span className={`rounded px-1.5 py-0.5 text-xs font-medium ${BADGE[value] ?? "bg-slate-100"}`}>{value}</span>;
}

/** What a lead (admin, adjudicator not assigned) sees instead of the label panel. */
export function LeadPanel({ view, showAdjudicateLink = true }: { view: InstanceView; showAdjudicateLink?: boolean }) {
  return (
    <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="lead-panel">
      <div className="flex items-center justify-between">
        <h2 className="text-xs font-semibold uppercase text-slate-500">Annotation</h2>
        <span
          className="rounded bg-slate-100 px-2 py-0.5 text-xs"
          data-testid="instance-stage"
          data-stage={view.stage}
          title={STAGE_WORDS[view.stage].meaning}
        >
          {STAGE_WORDS[view.stage].name}
        </span>
      </div>
      <p className="text-xs text-slate-600">
        Assigned: {view.assignees.length ? view.assignees.map((a) => `${a.login}${a.done ? " ✓" : ""}`).join(", ") : "nobody yet"}
        {view.source === "perturbation" ? ` · perturbation (${view.perturbationKind})` : ""}
      </p>
      {view.otherLabels.length > 0 && (
        <ul className="space-y-2" data-testid="other-labels">
          {view.otherLabels.map((l) => (
            <li key={l.annotator} className="rounded-md bg-slate-50 p-2">
              <p className="mb-1 flex items-center gap-2">
                <span className="font-mono text-xs">{l.annotator}</span>
                <LabelBadge value={l.value} />
              </p>
              <p className="text-slate-700">
                <BidiText text={l.rationale} />
              </p>
            </li>
          ))}
        </ul>
      )}
      {view.adjudication && (
        <div className="rounded-md border border-indigo-200 bg-indigo-50 p-2" data-testid="adjudication-result">
          <p className="mb-1 flex items-center gap-2 text-xs">
            Adjudicated by <span className="font-mono">{view.adjudication.by}</span> <LabelBadge value={view.adjudication.value} />
          </p>
          <p>
            <BidiText text={view.adjudication.rationale} />
          </p>
        </div>
      )}
      {view.finalLabel && (
        <p className="text-xs">
          Final label: <LabelBadge value={view.finalLabel} />
        </p>
      )}
      {showAdjudicateLink && view.canAdjudicate && (
        <Link
          href={`/adjudicate/${view.id}`}
          className="block rounded-md bg-indigo-600 px-3 py-1.5 text-center text-sm font-medium text-white hover:bg-indigo-700"
        >
          Adjudicate →
        </Link>
      )}
    </section>
  );
}
