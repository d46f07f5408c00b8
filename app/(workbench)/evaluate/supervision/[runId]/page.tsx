import Link from "next/link";
import { notFound } from "next/navigation";
import { requirePageRole } from "@/lib/auth/current-user";
import { getPrisma } from "@/lib/db/server";
import { isAppError } from "@/lib/errors";
import type { HistoryMessage } from "@/lib/teach/student-history";
import { loadSupervisionView, type SupervisionView } from "@/lib/teach/supervision-view";
import { cancelSupervisionAction, resumeSupervisionAction } from "../actions";

export const dynamic = "force-dynamic";

const n = (v: number) => v.toLocaleString("en-US");

function commandOf(m: HistoryMessage | null): string | null {
  if (m?.role !== "assistant" || !m.tool_calls?.length) return null;
  const args = m.tool_calls[0].function.arguments;
  return typeof args === "object" && typeof (args as { command?: unknown }).command === "string"
    ? String((args as { command: string }).command)
    : String(args);
}

function Message({ m }: { m: HistoryMessage }) {
  const command = commandOf(m);
  return (
    <div className="rounded border border-slate-100 bg-slate-50 p-2">
      <p className="text-xs font-medium text-slate-500">{m.role}</p>
      {m.content && <pre className="whitespace-pre-wrap break-words text-xs">{m.content.slice(0, 1_500)}</pre>}
      {command && <pre className="mt-1 whitespace-pre-wrap break-words font-mono text-xs text-indigo-800">$ {command}</pre>}
    </div>
  );
}

const STATUS_STYLE: Record<string, string> = {
  approved: "text-emerald-700",
  rejected: "text-rose-700",
  refused: "text-rose-700",
  leaked: "text-amber-700",
  needs_review: "text-amber-700",
  teacher_needs_review: "text-amber-700",
};

function Prefix({ p, judgeRunId }: { p: SupervisionView["prefixes"][number]; judgeRunId: string }) {
  return (
    <details className="rounded-lg border border-slate-200 bg-white" data-testid="supervision-prefix">
      <summary className="cursor-pointer px-3 py-2 text-sm">
        <span className="font-mono text-xs">{p.evalId}</span> · {p.kind.replace("_", " ")} after step {p.afterStep} · {p.status}
        {" · "}
        {p.actions.map((a) => (
          <span key={a.position} className={`mr-1 ${STATUS_STYLE[a.status] ?? ""}`}>
            {a.status}
          </span>
        ))}
      </summary>
      <div className="grid gap-3 p-3 md:grid-cols-2">
        <div className="space-y-2" data-testid="student-side">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            Student{" "}
            {p.taskId && (
              <Link href={`/evaluate/judge/${judgeRunId}/${p.taskId}`} className="font-normal normal-case text-indigo-700 hover:underline">
                (the whole trajectory)
              </Link>
            )}
          </h3>
          <p className="text-xs text-slate-600">{p.why}</p>
          {p.historyLength !== null && <p className="text-xs text-slate-500">The last of {p.historyLength} messages of the history:</p>}
          {p.historyTail.map((m, i) => (
            <Message key={i} m={m} />
          ))}
          <p className="text-xs font-medium text-slate-500">The student's next action</p>
          {p.candidate ? <Message m={p.candidate} /> : <p className="text-xs text-slate-500">none: the trajectory ended here</p>}
          {p.replayNotes.map((note) => (
            <p key={note} className="text-xs text-amber-700">
              Replay: {note}
            </p>
          ))}
        </div>
        <div className="space-y-2" data-testid="teacher-side">
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Teacher and reviewer</h3>
          {p.actions.map((a) => (
            <div
              key={a.position}
              className="rounded border border-slate-200 p-2 text-xs"
              data-testid="teacher-action"
              data-status={a.status}
            >
              <p>
                <span className="font-medium">
                  Action {a.position + 1}: {a.proposal?.kind ?? "unusable answer"}
                </span>{" "}
                · <span className={STATUS_STYLE[a.status] ?? ""}>{a.status}</span> · {n(a.tokens)} tokens
              </p>
              {a.proposal?.explanation && <p className="mt-1">{a.proposal.explanation}</p>}
              {a.proposal?.command && (
                <pre className="mt-1 whitespace-pre-wrap break-words font-mono text-indigo-800">$ {a.proposal.command}</pre>
              )}
              {a.proposal?.kind === "finish" && <p className="mt-1">Prediction: {String(a.proposal.prediction)}</p>}
              {a.proposal?.evidence.map((e, i) => (
                <blockquote key={i} className="mt-1 border-l-2 border-slate-300 pl-2 text-slate-600">
                  message {e.message_index}: {e.quote}
                </blockquote>
              ))}
              {a.proposal?.review_note && <p className="mt-1 text-slate-500">Private note: {a.proposal.review_note}</p>}
              {a.raw && !a.proposal && <pre className="mt-1 whitespace-pre-wrap break-words text-slate-500">{a.raw.slice(0, 1_000)}</pre>}
              {a.execution && (
                <pre className="mt-1 max-h-64 overflow-auto whitespace-pre-wrap break-words rounded bg-slate-50 p-1">
                  {a.execution.observation.slice(0, 4_000)}
                </pre>
              )}
              <p className="mt-1" data-testid="action-reason">
                {a.review ? `Reviewer: ${a.review.decision}. ` : ""}
                {a.reason}
              </p>
              {a.kept && <p className="text-emerald-700">Kept as a training record.</p>}
            </div>
          ))}
          {p.ended && <p className="text-xs text-slate-600">The branch ended: {p.ended}</p>}
        </div>
      </div>
    </details>
  );
}

export default async function SupervisionRunPage({
  params,
  searchParams,
}: {
  params: Promise<{ runId: string }>;
  searchParams: Promise<Record<string, string | undefined>>;
}) {
  await requirePageRole("admin", "adjudicator");
  const { runId } = await params;
  const { task } = await searchParams;
  let view: SupervisionView;
  try {
    view = await loadSupervisionView(await getPrisma(), runId, task ? { evalId: task } : {});
  } catch (e) {
    if (isAppError(e, "not_found")) notFound();
    throw e;
  }
  const { run, teacher, tally } = view;
  return (
    <div className="space-y-5">
      <div>
        <Link href={`/evaluate/judge/${run.judgeRun.id}`} className="text-sm text-indigo-700 hover:underline">
          ← Judge run {run.judgeRun.name}
        </Link>
        <h1 className="text-2xl font-semibold">
          Supervision, round {run.round}, of {run.judgeRun.name}
        </h1>
        <p className="text-sm text-slate-600" data-testid="teacher-settings">
          Student <span className="font-mono">{run.judgeRun.model}</span> on the {run.judgeRun.split} split
          {run.allowNonTrain && " (a split other than train, allowed explicitly)"} · teacher{" "}
          <span className="font-mono">{teacher.model}</span> at <span className="font-mono">{teacher.baseUrl}</span> ·{" "}
          {teacher.api === "responses" ? "Responses API" : "chat completions"}, strict JSON schema · reasoning effort{" "}
          {teacher.reasoningEffort ?? "not sent"} · {n(teacher.maxOutputTokens)} output tokens · {teacher.timeoutSeconds} s per request ·
          store=false · {teacher.followupSteps} follow-ups
        </p>
      </div>
      <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid="supervision-counts">
        <p>
          <span className="font-medium">{run.status}</span> · {n(tally.prefixesDone)} of {n(tally.prefixes)} prefixes done
          {tally.prefixesFailed > 0 && <> · {n(tally.prefixesFailed)} failed</>} · {n(tally.teacherActions)} teacher actions:{" "}
          {n(tally.approved)} approved, {n(tally.rejected)} rejected, {n(tally.needsReview + tally.teacherNeedsReview)} needing review,{" "}
          {n(tally.refused)} refused, {n(tally.leaked)} not kept for a leak · {n(tally.requests)} requests,{" "}
          {n(tally.inputTokens + tally.outputTokens)} tokens ({n(tally.inputTokens)} in, {n(tally.outputTokens)} out)
          {view.cost !== null && <> · ${view.cost.toFixed(4)}</>}
        </p>
        <div className="mt-2 flex gap-2">
          {(run.status === "queued" || run.status === "running") && (
            <form action={cancelSupervisionAction}>
              <input type="hidden" name="runId" value={run.id} />
              <button
                type="submit"
                className="rounded-md border border-rose-300 px-3 py-1 text-rose-700 hover:bg-rose-50"
                data-testid="cancel-supervision"
              >
                Cancel
              </button>
            </form>
          )}
          {run.status !== "queued" && run.status !== "running" && tally.prefixesDone < tally.prefixes && (
            <form action={resumeSupervisionAction}>
              <input type="hidden" name="runId" value={run.id} />
              <button
                type="submit"
                className="rounded-md border border-indigo-300 px-3 py-1 text-indigo-700 hover:bg-indigo-50"
                data-testid="resume-supervision"
              >
                Resume: {n(tally.prefixes - tally.prefixesDone)} prefix(es) as jobs
              </button>
            </form>
          )}
        </div>
        {run.error && (
          <p role="alert" className="mt-2 text-rose-700">
            {run.error}
          </p>
        )}
        <p className="mt-2 text-xs text-slate-600">
          <a href={`/api/supervision-runs/${run.id}/records`} className="text-indigo-700 hover:underline" data-testid="records-download">
            Download the training records
          </a>{" "}
          (JSONL of prompt, completion and tools, this round merged with the earlier ones on the export, deduplicated) and their{" "}
          <a href={`/api/supervision-runs/${run.id}/records?part=manifest`} className="text-indigo-700 hover:underline">
            manifest
          </a>
          .
        </p>
        {run.skipped.length > 0 && (
          <details className="mt-2 text-xs">
            <summary>{n(run.skipped.length)} task(s) with no prefix</summary>
            <ul className="mt-1 list-disc pl-5">
              {run.skipped.map((s) => (
                <li key={s.evalId}>
                  <span className="font-mono">{s.evalId}</span>: {s.reason}
                </li>
              ))}
            </ul>
          </details>
        )}
      </section>
      <section className="space-y-2">
        {view.prefixes.map((p) => (
          <Prefix key={p.id} p={p} judgeRunId={run.judgeRun.id} />
        ))}
        {view.prefixes.length === 200 && (
          <p className="text-xs text-slate-500">The first 200 prefixes; add ?task=&lt;eval_id&gt; for one task's.</p>
        )}
      </section>
    </div>
  );
}
