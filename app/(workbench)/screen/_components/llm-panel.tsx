import Link from "next/link";
import type { ScreeningLlmStatus } from "@/lib/llm/configured-llm";
import { runLlmAction } from "../actions";
import { ActionForm, SubmitButton } from "./action-form";

const fmt = (n: number) => n.toLocaleString("en-US");

function QueueLinks({ queues }: { queues: { pr: number; comment: number } }) {
  return (
    <div className="flex flex-wrap gap-2 text-sm">
      <Link
        href="/screen/manual?level=pr"
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50"
        data-testid="manual-queue-pr"
      >
        PRs waiting for the audit: <span className="font-mono font-semibold">{fmt(queues.pr)}</span>
      </Link>
      <Link
        href="/screen/manual?level=comment"
        className="rounded-md border border-slate-300 bg-white px-3 py-1.5 hover:bg-slate-50"
        data-testid="manual-queue-comment"
      >
        Comments waiting for the content screen: <span className="font-mono font-semibold">{fmt(queues.comment)}</span>
      </Link>
    </div>
  );
}

export function LlmPanel({ status, queues }: { status: ScreeningLlmStatus; queues: { pr: number; comment: number } }) {
  if (!status.configured) {
    return (
      <section className="rounded-lg border border-amber-300 bg-amber-50 p-4" data-testid="llm-not-configured">
        <h2 className="font-semibold text-amber-900">No LLM is configured</h2>
        <p className="mt-1 text-sm text-amber-900">The LLM PR audit and comment screen cannot run. {status.instructions}</p>
        <p className="mt-2 text-sm text-amber-900">
          Until then, screen the remaining items by hand in the manual queue: each keep or drop is stored with your rationale and counted in
          the funnel exactly like an LLM decision.
        </p>
        <div className="mt-3">
          <QueueLinks queues={queues} />
        </div>
      </section>
    );
  }
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4" data-testid="llm-configured">
      <h2 className="text-sm font-semibold uppercase text-slate-500">LLM screens</h2>
      <p className="mt-1 text-sm text-slate-700">
        Model <span className="font-mono">{status.model}</span> at <span className="font-mono">{status.baseUrl}</span>, {status.concurrency}{" "}
        requests at a time. Answers are cached by prompt version, model and input, so re-running never pays twice; items already decided by
        this prompt and model are skipped. A run is a job split into shards that every worker shares; leave the limit empty to screen
        everything waiting.
      </p>
      <div className="mt-3 grid gap-3 md:grid-cols-2">
        {(["pr", "comment"] as const).map((level) => (
          <ActionForm key={level} action={runLlmAction} testId={`run-llm-${level}`} className="rounded-md border border-slate-200 p-3">
            <input type="hidden" name="level" value={level} />
            <p className="text-sm font-medium">
              {level === "pr" ? "PR audit" : "Comment screen"} · {fmt(queues[level])} waiting
            </p>
            <label className="mt-2 flex items-center gap-2 text-sm text-slate-600">
              Up to
              <input
                name="limit"
                placeholder="all"
                inputMode="numeric"
                className="w-24 rounded-md border border-slate-300 px-2 py-1 font-mono"
              />
              items
            </label>
            <div className="mt-2">
              <SubmitButton pendingLabel="Queueing…">Run {level === "pr" ? "PR audit" : "comment screen"}</SubmitButton>
            </div>
          </ActionForm>
        ))}
      </div>
      <div className="mt-3">
        <QueueLinks queues={queues} />
      </div>
    </section>
  );
}
