import Link from "next/link";
import type { ScreeningFunnelStep } from "@/lib/screen/funnel";
import { type ScreeningHandoff, screensInWords } from "@/lib/screen/screen-gate";
import { rerunRulesAction } from "../actions";
import { ActionForm, SubmitButton } from "./action-form";

const fmt = (n: number) => n.toLocaleString("en-US");
const KIND_BADGE: Record<ScreeningFunnelStep["kind"], string> = {
  total: "bg-slate-100 text-slate-600",
  cascade: "bg-slate-100 text-slate-600",
  rule: "bg-sky-100 text-sky-800",
  llm: "bg-violet-100 text-violet-800",
};
const KIND_LABEL: Record<ScreeningFunnelStep["kind"], string> = { total: "start", cascade: "PR screen", rule: "rule", llm: "LLM / manual" };

export function FunnelTable({
  title,
  steps,
  testId,
  handoff,
}: {
  title: string;
  steps: ScreeningFunnelStep[];
  testId: string;
  /** where screening hands comments to annotation: marks the content screens not in use; the instances' table says the rest */
  handoff?: ScreeningHandoff;
}) {
  const notInUse = new Set<string>(handoff?.gate.contentScreens.filter((s) => s.use === "not_in_use").map((s) => s.key));
  return (
    <section>
      <h2 className="mb-2 text-sm font-semibold uppercase text-slate-500">{title}</h2>
      <table className="w-full overflow-hidden rounded-lg border border-slate-200 bg-white text-sm" data-testid={testId}>
        <thead className="bg-slate-50 text-left text-slate-500">
          <tr>
            <th className="px-3 py-2">Step</th>
            <th className="px-3 py-2 text-right">Reached</th>
            <th className="px-3 py-2 text-right">Dropped here</th>
            <th
              className="px-3 py-2 text-right"
              title="Not decided by this step yet. A comment whose annotation is complete (adjudicating, labelled, unsuitable) no longer waits for screening."
            >
              Awaiting
            </th>
            <th className="px-3 py-2 text-right">Remaining</th>
            <th className="px-3 py-2">Last run</th>
            <th className="px-3 py-2"></th>
          </tr>
        </thead>
        <tbody>
          {steps.map((s) => (
            <tr key={s.id} className="border-t border-slate-100 align-top" data-testid={`step-${s.id}`}>
              <td className="px-3 py-2">
                <div className="flex items-center gap-2">
                  <span className="font-medium">{s.label}</span>
                  <span className={`rounded px-1.5 py-0.5 text-[11px] ${KIND_BADGE[s.kind]}`}>{KIND_LABEL[s.kind]}</span>
                </div>
                <p className="text-xs text-slate-500">{s.description}</p>
              </td>
              <td className="px-3 py-2 text-right font-mono">{fmt(s.reached)}</td>
              <td className="px-3 py-2 text-right font-mono">
                {s.dropped > 0 ? (
                  <Link
                    href={`/screen/dropped?step=${encodeURIComponent(s.id)}`}
                    className="text-indigo-700 hover:underline"
                    data-testid={`dropped-${s.id}`}
                  >
                    {fmt(s.dropped)}
                  </Link>
                ) : (
                  <span className="text-slate-500" data-testid={`dropped-${s.id}`}>
                    {s.kind === "total" ? "" : "0"}
                  </span>
                )}
              </td>
              <td className="px-3 py-2 text-right font-mono">
                <span
                  data-testid={`awaiting-${s.id}`}
                  className={
                    s.filterKey && notInUse.has(s.filterKey) ? "text-slate-500" : s.awaiting > 0 ? "text-amber-700" : "text-slate-500"
                  }
                >
                  {s.awaiting > 0 || s.kind !== "total" ? fmt(s.awaiting) : ""}
                </span>
                {s.filterKey && notInUse.has(s.filterKey) && (
                  <span
                    className="block font-sans text-xs text-slate-500"
                    data-testid={`not-in-use-${s.id}`}
                    title="No LLM is configured and nobody has decided a comment in the manual queue: annotation does not wait for this screen."
                  >
                    not in use
                  </span>
                )}
              </td>
              <td className="px-3 py-2 text-right font-mono font-semibold" data-testid={`remaining-${s.id}`}>
                {fmt(s.remaining)}
              </td>
              <td className="px-3 py-2 text-xs text-slate-500">
                {s.lastRun ? (
                  <>
                    <span className="font-mono">{s.lastRun.version}</span>
                    <br />
                    {s.lastRun.startedAt.toISOString().replace("T", " ").slice(0, 16)} UTC
                  </>
                ) : s.filterKey ? (
                  "never run"
                ) : (
                  ""
                )}
              </td>
              <td className="px-3 py-2">
                {s.kind === "rule" && s.filterKey && (
                  <ActionForm action={rerunRulesAction} testId={`rerun-${s.filterKey}`}>
                    <input type="hidden" name="only" value={s.filterKey} />
                    <SubmitButton variant="secondary" pendingLabel="Running…">
                      Re-run
                    </SubmitButton>
                  </ActionForm>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {steps.some((s) => s.subject === "instance") && (
        <p className="mt-1 text-xs text-slate-600">
          Awaiting counts what screening still owns: a comment whose annotation is complete is annotation&apos;s and no longer waits for a
          screening step.
        </p>
      )}
      {handoff && steps.some((s) => s.subject === "instance") && <HandoffNote handoff={handoff} />}
    </section>
  );
}

/** Where screening hands comments to annotation, in the funnel's words (issue #31 item 12). */
function HandoffNote({ handoff }: { handoff: ScreeningHandoff }) {
  const idle = handoff.gate.contentScreens.filter((s) => s.use === "not_in_use");
  return (
    <div className="mt-2 rounded-md border border-slate-200 bg-slate-50 p-3 text-sm text-slate-700" data-testid="screening-handoff">
      <p>
        Annotation takes a comment once it is through {screensInWords(handoff.gate)}:{" "}
        <span className="font-semibold" data-testid="handoff-ready">
          {fmt(handoff.ready)} ready to assign
        </span>
        ,{" "}
        <span data-testid="handoff-waiting" className={handoff.waiting > 0 ? "text-amber-800" : undefined}>
          {fmt(handoff.waiting)} still waiting for a screen
        </span>
        .
        {handoff.assignedBeforeScreened > 0 && (
          <span data-testid="handoff-early">
            {" "}
            {fmt(handoff.assignedBeforeScreened)} were given to annotators before a content screen decided them (a lead included them).
          </span>
        )}
      </p>
      {idle.length > 0 && (
        <p className="mt-1 text-xs text-slate-600" data-testid="handoff-not-in-use">
          Not in use: {idle.map((s) => s.label).join(" and ")}. No LLM is configured and nobody has decided in the manual queue, so
          annotation does not wait for {idle.length === 1 ? "it" : "them"}. &ldquo;Awaiting&rdquo; there counts what the screen would look
          at once it starts.
        </p>
      )}
    </div>
  );
}
