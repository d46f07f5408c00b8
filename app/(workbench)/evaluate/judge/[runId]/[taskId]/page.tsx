import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { isAppError } from "@/lib/errors";
import { loadTrajectoryView, type TrajectoryView } from "@/lib/judge/judge-views";
import type { AgentStep } from "@/lib/judge/run-agent";
import { revokeCreditAction } from "../../actions";
import { AutoRefresh } from "../../auto-refresh";
import { RepairCreditForm } from "./credit-form";
import { BidiText } from "@/app/_components/bidi-text";

export const dynamic = "force-dynamic";

function Steps({ steps, testId, credited }: { steps: AgentStep[]; testId: string; credited: number | null }) {
  if (steps.length === 0) return <p className="text-sm text-slate-600">No step recorded.</p>;
  return (
    <ol className="space-y-3" data-testid={testId}>
      {steps.map((s) => (
        <li
          key={s.step}
          className={`rounded-lg border bg-white p-3 text-sm ${credited === s.step ? "border-emerald-400" : "border-slate-200"}`}
          data-testid="trajectory-step"
        >
          <p className="text-xs font-semibold text-slate-500">
            Step {s.step}
            {s.formatError ? " · format error" : ` · returncode ${s.returncode}${s.timedOut ? " · killed at its time limit" : ""}`} ·{" "}
            {s.usage.promptTokens + s.usage.completionTokens} tokens
            {s.call?.attempts && s.call.attempts > 1 ? ` · answered on attempt ${s.call.attempts} (provider retries)` : ""}
            {credited === s.step ? " · repair credited here" : ""}
          </p>
          {/* the model's words and what its commands printed come from outside: controls shown, never obeyed */}
          {s.thought && (
            <p className="mt-1 whitespace-pre-wrap text-slate-800">
              <BidiText text={s.thought} />
            </p>
          )}
          {s.command && (
            <pre className="mt-1 overflow-x-auto rounded bg-slate-900 p-2 font-mono text-xs text-slate-100" data-testid="step-command">
              <BidiText text={s.command} />
            </pre>
          )}
          <details className="mt-1" open={s.step === steps.length}>
            <summary className="cursor-pointer text-xs text-slate-600">{s.formatError ? "message to the model" : "observation"}</summary>
            <pre
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
              tabIndex={0}
              role="region"
              aria-label={`step ${s.step} ${s.formatError ? "message to the model" : "observation"}`}
              className="mt-1 max-h-80 overflow-auto whitespace-pre-wrap rounded bg-slate-50 p-2 font-mono text-xs focus:outline focus:outline-2 focus:outline-indigo-500"
              data-testid="step-observation"
            >
              <BidiText text={s.observation} />
            </pre>
          </details>
        </li>
      ))}
    </ol>
  );
}

export default async function TrajectoryPage({
  params,
  searchParams,
}: {
  params: Promise<{ runId: string; taskId: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  await requirePageRole("admin", "adjudicator");
  const { runId, taskId } = await params;
  const { compare } = await searchParams;
  const prisma = await getPrisma();
  let view: TrajectoryView;
  try {
    view = await loadTrajectoryView(prisma, runId, taskId);
  } catch (e) {
    if (isAppError(e, "not_found")) notFound();
    throw e;
  }
  const other = compare ? view.otherRuns.find((o) => o.taskId === compare) : undefined;
  const otherView = other ? await loadTrajectoryView(prisma, other.runId, other.taskId) : null;
  const { task } = view;
  return (
    <div className="space-y-4">
      <AutoRefresh active={task.status !== "done"} />
      <div>
        <Link href={`/evaluate/judge/${runId}`} className="text-sm text-indigo-700 hover:underline">
          ← {view.run.name}
        </Link>
        <h1 className="font-mono text-xl font-semibold">{task.evalId}</h1>
        <p className="text-sm text-slate-600" data-testid="trajectory-outcome">
          {task.outcome ?? task.status}
          {task.reason && task.outcome !== "submitted" ? `: ${task.reason}` : ""} · prediction{" "}
          {task.prediction === null ? "none" : String(task.prediction)} · gold {task.gold === null ? "–" : String(task.gold)} ·{" "}
          {task.repo ?? "–"} · {task.source ?? "–"} · <span data-testid="trajectory-retries">{task.retries} provider retries</span>
        </p>
      </div>
      {view.otherRuns.length > 0 && (
        <form method="get" className="flex items-end gap-2 text-sm">
          <label className="block">
            <span className="block text-xs text-slate-600">Side by side with</span>
            <select name="compare" defaultValue={compare ?? ""} className="mt-1 rounded-md border border-slate-300 px-2 py-1">
              <option value="">—</option>
              {view.otherRuns.map((o) => (
                <option key={o.taskId} value={o.taskId}>
                  {o.name} ({o.outcome ?? "unfinished"})
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 hover:bg-slate-50">
            Compare
          </button>
        </form>
      )}
      <div className={`grid gap-4 ${otherView ? "lg:grid-cols-2" : "lg:grid-cols-[minmax(0,1fr)_26rem]"}`}>
        <section>
          <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">{view.run.name}</h2>
          <Steps steps={view.steps} testId="trajectory" credited={task.credit?.step ?? null} />
        </section>
        {otherView ? (
          <section>
            <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">
              {otherView.run.name} · {otherView.task.outcome ?? otherView.task.status}
            </h2>
            <Steps steps={otherView.steps} testId="trajectory-compare" credited={otherView.task.credit?.step ?? null} />
          </section>
        ) : (
          <aside className="space-y-4">
            <section className="rounded-lg border border-slate-200 bg-white p-3" data-testid="repair-credit">
              <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Repair credit</h2>
              {task.credit ? (
                <div className="space-y-2 text-sm">
                  <p data-testid="credit-granted">
                    Credited at step {task.credit.step} by {task.credit.by}: <BidiText text={task.credit.note} />
                  </p>
                  <form action={revokeCreditAction}>
                    <input type="hidden" name="runId" value={runId} />
                    <input type="hidden" name="taskId" value={taskId} />
                    <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 text-xs hover:bg-slate-50">
                      Withdraw the credit
                    </button>
                  </form>
                </div>
              ) : task.status === "done" ? (
                <RepairCreditForm runId={runId} taskId={taskId} steps={view.steps.length} />
              ) : (
                <p className="text-sm text-slate-600">The task is still running.</p>
              )}
            </section>
            {view.files ? (
              Object.entries(view.files).map(([name, text]) => (
                <details key={name} className="rounded-lg border border-slate-200 bg-white p-3" open={name === "task.json"}>
                  <summary className="cursor-pointer font-mono text-xs">/testbed/task/{name}</summary>
                  {/* a scrolling block a keyboard can reach and scroll (WCAG 2.1.1) */}
                  <pre
                    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus to scroll by keyboard
                    tabIndex={0}
                    role="region"
                    aria-label={name}
                    className="mt-2 max-h-96 overflow-auto whitespace-pre-wrap font-mono text-xs focus:outline focus:outline-2 focus:outline-indigo-500"
                  >
                    <BidiText text={text} />
                  </pre>
                </details>
              ))
            ) : (
              <p className="text-xs text-slate-600">The task files can no longer be rebuilt from the export (the split changed since).</p>
            )}
          </aside>
        )}
      </div>
    </div>
  );
}
