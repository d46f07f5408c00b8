import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/current-user";
import { mayOpen } from "@/lib/auth/page-access";
import { getPrisma } from "@/lib/db/server";
import { isAppError } from "@/lib/errors";
import type { EvalReport } from "@/lib/evaluate/eval-report-schema";
import { type JudgeRunView, loadJudgeRunView, TaskFilterSchema } from "@/lib/judge/judge-views";
import { cancelJudgeRunAction, resumeJudgeRunAction } from "../actions";
import { AutoRefresh } from "../auto-refresh";
import { plural } from "@/lib/text/plural";

export const dynamic = "force-dynamic";

const pct = (v: number | null | undefined) => (v === null || v === undefined ? "–" : `${(v * 100).toFixed(1)}%`);
const n = (v: number) => v.toLocaleString("en-US");

function ScoreRow({ label, report, testId }: { label: string; report: EvalReport | null; testId: string }) {
  const m = report?.metrics;
  return (
    <tr className="border-t border-slate-100" data-testid={testId}>
      <td className="px-3 py-2">{label}</td>
      <td className="px-3 py-2 text-right" data-testid={`${testId}-accuracy`}>
        {pct(m?.accuracy)}
      </td>
      <td className="px-3 py-2 text-right">{pct(m?.macroF1)}</td>
      <td className="px-3 py-2 text-right">
        {pct(m?.positive.precision)} / {pct(m?.positive.recall)}
      </td>
      <td className="px-3 py-2 text-right">
        {pct(m?.negative.precision)} / {pct(m?.negative.recall)}
      </td>
      <td className="px-3 py-2 text-right">{m ? `${n(m.invalid.goldItems)} / ${n(m.missing.count)}` : "–"}</td>
    </tr>
  );
}

function ChoiceFilter({ name, label, value, choices }: { name: string; label: string; value?: string; choices: string[] }) {
  return (
    <label className="block">
      <span className="block text-xs text-slate-600">{label}</span>
      <select name={name} defaultValue={value ?? ""} className="mt-1 rounded-md border border-slate-300 px-2 py-1">
        <option value="">all</option>
        {choices.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </label>
  );
}

function Filters({ view, filter }: { view: JudgeRunView; filter: ReturnType<typeof TaskFilterSchema.parse> }) {
  const outcomes: [string, string][] = [
    ["all", "all"],
    ["correct", "correct"],
    ["wrong", "wrong"],
    ["invalid", "invalid submission"],
    ["limits", "limits hit"],
    ["not_judged", "not judged (no sandbox, the provider failed or rate-limited it)"],
    ["credited", "repair credited"],
    ["pending", "not finished"],
  ];
  return (
    <form method="get" className="flex flex-wrap items-end gap-3 text-sm" data-testid="task-filters">
      <label className="block">
        <span className="block text-xs text-slate-600">Outcome</span>
        <select name="outcome" defaultValue={filter.outcome} className="mt-1 rounded-md border border-slate-300 px-2 py-1">
          {outcomes.map(([v, l]) => (
            <option key={v} value={v}>
              {l}
            </option>
          ))}
        </select>
      </label>
      <ChoiceFilter name="repo" label="Repository" value={filter.repo} choices={view.repositories} />
      <ChoiceFilter name="source" label="Source" value={filter.source} choices={view.sources} />
      <button type="submit" className="rounded-md border border-slate-300 px-3 py-1 hover:bg-slate-50">
        Filter
      </button>
    </form>
  );
}

export default async function JudgeRunPage({
  params,
  searchParams,
}: {
  params: Promise<{ runId: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  const user = await requirePageRole("admin", "adjudicator");
  const { runId } = await params;
  const raw = await searchParams;
  const filter = TaskFilterSchema.parse({ outcome: raw.outcome ?? "all", repo: raw.repo || undefined, source: raw.source || undefined });
  let view: JudgeRunView;
  try {
    view = await loadJudgeRunView(await getPrisma(), runId, filter);
  } catch (e) {
    if (isAppError(e, "not_found")) notFound();
    throw e;
  }
  const { run, settings } = view;
  const active = run.status === "queued" || run.status === "running";
  return (
    <div className="space-y-5">
      <AutoRefresh active={active} />
      <div>
        {/* links only to pages this reader opens (an adjudicator reads runs, the lists are the admin's) */}
        {mayOpen(user, "/evaluate/judge") && (
          <Link href="/evaluate/judge" className="text-sm text-indigo-700 hover:underline">
            ← Judge runs
          </Link>
        )}
        <h1 className="text-2xl font-semibold">{run.name}</h1>
        <p className="text-sm text-slate-600">
          <span className="font-mono">{run.model}</span> at <span className="font-mono">{run.baseUrl}</span> · {run.split} split ·{" "}
          {run.contextPolicy} context · concurrency {run.concurrency} · seed {run.seed} · step limit {settings.stepLimit},{" "}
          {settings.wallTimeSeconds} s, {settings.maxConsecutiveFormatErrors} format errors, {settings.actionMode} actions
        </p>
        <p className="text-sm text-slate-600" data-testid="judge-request-options">
          Request: temperature {settings.temperature ?? "the provider's default"}
          {settings.maxTokens !== undefined && <> · max_tokens {settings.maxTokens}</>}
          {settings.requestSeed !== undefined && <> · seed {settings.requestSeed}</>}
          {settings.reasoningEffort && <> · reasoning effort {settings.reasoningEffort}</>}
          {settings.endpointConcurrency !== undefined && (
            <> · at most {settings.endpointConcurrency} requests at once to this endpoint (all runs)</>
          )}
          {settings.extraBody && (
            <>
              {" "}
              · extra body <code className="font-mono text-xs">{JSON.stringify(settings.extraBody)}</code>
            </>
          )}
          {Object.keys(run.headers).length > 0 && (
            <span data-testid="judge-request-headers">
              {" "}
              · headers{" "}
              {Object.entries(run.headers)
                .map(([name, value]) => `${name}: ${value ?? "(sealed)"}`)
                .join("; ")}
            </span>
          )}
        </p>
      </div>
      <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="judge-progress">
        <div className="flex items-center justify-between gap-3">
          <p>
            <span className="font-medium" data-testid="judge-status">
              {run.status}
            </span>{" "}
            ·{" "}
            <span data-testid="judge-done">
              {n(run.done)} of {n(run.total)} tasks
            </span>{" "}
            · {n(run.invalid)} without a valid submission · {n(run.notJudged)} not judged ·{" "}
            <span data-testid="judge-retries" title="requests the provider failed (429, 5xx, timeouts) that were sent again">
              {n(run.retries)} provider retries
            </span>{" "}
            ·{" "}
            <span data-testid="judge-tokens">
              {n(run.tokens)} tokens ({n(run.promptTokens)} in, {n(run.completionTokens)} out)
              {run.cost !== null && <> · ${run.cost.toFixed(4)}</>}
            </span>
          </p>
          {!active && (run.notJudged > 0 || run.done < run.total) && (
            <form action={resumeJudgeRunAction}>
              <input type="hidden" name="runId" value={run.id} />
              <button
                type="submit"
                className="rounded-md border border-indigo-300 px-3 py-1 text-indigo-700 hover:bg-indigo-50"
                data-testid="resume-judge"
              >
                Resume: judge {n(run.total - run.done + run.notJudged)} {plural(run.total - run.done + run.notJudged, "task")} again
              </button>
            </form>
          )}
          {active && (
            <form action={cancelJudgeRunAction}>
              <input type="hidden" name="runId" value={run.id} />
              <button
                type="submit"
                className="rounded-md border border-rose-300 px-3 py-1 text-rose-700 hover:bg-rose-50"
                data-testid="cancel-judge"
              >
                Cancel
              </button>
            </form>
          )}
        </div>
        <div
          className="mt-2 h-2 overflow-hidden rounded-full bg-slate-200"
          role="progressbar"
          aria-valuemin={0}
          aria-valuemax={run.total}
          aria-valuenow={run.done}
          aria-label={`${run.done} of ${run.total} tasks judged`}
        >
          <div className="h-full bg-indigo-500" style={{ width: `${run.total ? (100 * run.done) / run.total : 0}%` }} />
        </div>
        {run.error && (
          <p role="alert" className="mt-2 text-rose-700">
            {run.error}
          </p>
        )}
        {view.workers.length > 0 && (
          <p className="mt-2 text-xs text-slate-600" data-testid="judge-workers">
            Running now on {view.workers.length} worker(s): {view.workers.map((w) => `${w.workerId} (${w.tasks} task(s))`).join(", ")}
          </p>
        )}
        {run.sandboxCaps && (
          <p className="mt-2 text-xs text-slate-600" data-testid="judge-sandbox-caps">
            Sandbox caps in force: {run.sandboxCaps}
          </p>
        )}
        {run.sandboxWarning && (
          <p role="alert" className="mt-2 rounded-md bg-amber-50 px-3 py-2 text-amber-900" data-testid="judge-sandbox-warning">
            {run.sandboxWarning}
          </p>
        )}
      </section>
      <section className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 className="mb-2 text-sm font-semibold uppercase tracking-wide text-slate-500">Scores (paper Table 2)</h2>
        <table className="w-full text-sm" data-testid="judge-scores">
          <thead className="text-left text-xs text-slate-500">
            <tr>
              <th className="px-3 py-1">Scoring</th>
              <th className="px-3 py-1 text-right">Accuracy</th>
              <th className="px-3 py-1 text-right">Macro-F1</th>
              <th className="px-3 py-1 text-right">true: P / R</th>
              <th className="px-3 py-1 text-right">false: P / R</th>
              <th className="px-3 py-1 text-right">invalid / missing</th>
            </tr>
          </thead>
          <tbody>
            <ScoreRow label="As submitted (rule i)" report={view.report} testId="score-submitted" />
            <ScoreRow label="With repair credit (rules i + ii)" report={view.creditedReport} testId="score-credited" />
          </tbody>
        </table>
        {run.done > 0 && (
          <p className="mt-2 text-xs text-slate-600">
            <a href={`/api/judge-runs/${run.id}/trajectories`} className="text-indigo-700 underline" data-testid="trajectories-download">
              Download the trajectories
            </a>{" "}
            (one mini-swe-agent <code>&lt;eval_id&gt;.traj.json</code> per judged task, .tar.gz; the evaluation imports them back)
          </p>
        )}
        {run.evalRunId && mayOpen(user, "/evaluate") && (
          <p className="mt-2 text-xs text-slate-600">
            Both are evaluation runs of this export:{" "}
            <Link href={`/evaluate?export=${run.exportId}&split=${run.split}`} className="text-indigo-700 underline">
              compare them with other judges (Tables 2–3, Figure 5, bootstrap intervals)
            </Link>
            .
          </p>
        )}
      </section>
      <section className="space-y-2">
        <Filters view={view} filter={filter} />
        <table className="w-full rounded-lg border border-slate-200 bg-white text-sm" data-testid="judge-tasks">
          <thead className="bg-slate-50 text-left text-slate-500">
            <tr>
              <th className="px-3 py-2">#</th>
              <th className="px-3 py-2">Task</th>
              <th className="px-3 py-2">Repository · source</th>
              <th className="px-3 py-2">Outcome</th>
              <th className="px-3 py-2">Prediction / gold</th>
              <th className="px-3 py-2 text-right">Steps</th>
              <th className="px-3 py-2 text-right">Retries</th>
              <th className="px-3 py-2">Worker</th>
              <th className="px-3 py-2 text-right">Tokens · cost</th>
              <th className="px-3 py-2">Repair credit</th>
            </tr>
          </thead>
          <tbody>
            {view.tasks.map((t) => (
              <tr key={t.id} className="border-t border-slate-100" data-testid="judge-task" data-outcome={t.outcome ?? t.status}>
                <td className="px-3 py-2 text-xs text-slate-500">{t.position + 1}</td>
                <td className="px-3 py-2">
                  <Link href={`/evaluate/judge/${run.id}/${t.id}`} className="font-mono text-xs text-indigo-700 hover:underline">
                    {t.evalId}
                  </Link>
                </td>
                <td className="px-3 py-2 text-xs">
                  {t.repo ?? "–"} · {t.source ?? "–"}
                </td>
                <td className="px-3 py-2 text-xs" title={t.reason ?? ""}>
                  {t.outcome ?? t.status}
                  {t.scored ? ` (${t.scored})` : ""}
                </td>
                <td className="px-3 py-2 text-xs">
                  {t.prediction === null ? "–" : String(t.prediction)} / {t.gold === null ? "–" : String(t.gold)}
                </td>
                <td className="px-3 py-2 text-right">{t.steps}</td>
                <td className="px-3 py-2 text-right" data-testid="judge-task-retries">
                  {t.retries}
                </td>
                <td className="px-3 py-2 font-mono text-xs" data-testid="judge-task-worker" title={`taken ${t.attempts} time(s)`}>
                  {t.workerId ?? (t.attempts > 1 ? `taken ${t.attempts}×` : "")}
                </td>
                <td className="px-3 py-2 text-right">
                  {n(t.tokens)}
                  {t.cost !== null && <> · ${t.cost.toFixed(4)}</>}
                </td>
                <td className="px-3 py-2 text-xs">{t.credit ? `step ${t.credit.step} by ${t.credit.by}` : ""}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {view.tasks.length === 0 && <p className="text-sm text-slate-600">No task matches.</p>}
      </section>
    </div>
  );
}
