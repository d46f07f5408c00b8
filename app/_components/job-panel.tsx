"use client";
// The one view of long work, shared by every page that starts it: the newest run of the page's job
// kinds with a live progress bar (done/total, rate, ETA), its log and error, a cancel button, and
// the history below, and, when the page says where a finished run's result is, a link to it. Polls
// /api/jobs every second while a job is queued or running.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { apiFetch } from "@/lib/http/api-client";
import type { JobRunView } from "@/lib/jobs/job-run-record";
import { jobKeys } from "@/lib/jobs/query-keys";

const ACTIVE = new Set(["queued", "running", "retrying"]);
const STATE_STYLE: Record<string, string> = {
  queued: "text-slate-600",
  running: "text-indigo-700",
  retrying: "text-amber-700",
  completed: "text-emerald-700",
  failed: "text-rose-700",
  cancelled: "text-slate-500",
};

const n = (v: number) => v.toLocaleString("en-US");
const at = (iso: string | null) => (iso ? iso.replace("T", " ").slice(0, 19) : "–");

function eta(seconds: number | null): string {
  if (seconds === null) return "";
  if (seconds < 90) return `${Math.round(seconds)} s left`;
  if (seconds < 5400) return `${Math.round(seconds / 60)} min left`;
  return `${(seconds / 3600).toFixed(1)} h left`;
}

/** Where a completed run's result can be seen (an export's page, a pushed commit), read from its stored result. */
export interface ResultLink {
  href: string;
  label: string;
  external?: boolean;
}

export function JobPanel({
  kinds,
  title,
  titles = {},
  resultLink,
}: {
  kinds: string[];
  title: string;
  titles?: Record<string, string>;
  resultLink?: (run: JobRunView) => ResultLink | null;
}) {
  const client = useQueryClient();
  const [openLog, setOpenLog] = useState<string | null>(null);
  const runs = useQuery({
    queryKey: jobKeys.list(kinds),
    queryFn: () => apiFetch<JobRunView[]>(`/api/jobs?kinds=${encodeURIComponent(kinds.join(","))}&take=10`),
    staleTime: 0,
    refetchInterval: (q) => (q.state.data?.some((r) => ACTIVE.has(r.state)) ? 1_000 : 5_000),
  });
  const cancel = useMutation({
    mutationFn: (id: string) => apiFetch(`/api/jobs/${encodeURIComponent(id)}`, { method: "DELETE" }),
    onSettled: () => client.invalidateQueries({ queryKey: jobKeys.all }),
  });
  const list = runs.data ?? [];
  const current = list[0];
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-4 text-sm" data-testid={`job-panel-${kinds.join("-")}`}>
      <h2 className="mb-2 text-sm font-semibold uppercase text-slate-500">{title}</h2>
      {runs.error && (
        <p role="alert" className="text-xs text-rose-700">
          Job status unavailable: {runs.error.message}
        </p>
      )}
      {!current ? (
        <p className="text-xs text-slate-600">No run yet.</p>
      ) : (
        <CurrentRun
          run={current}
          label={titles[current.kind] ?? current.kind}
          onCancel={() => cancel.mutate(current.id)}
          cancelling={cancel.isPending || current.cancelRequested}
          link={current.state === "completed" ? (resultLink?.(current) ?? null) : null}
        />
      )}
      {cancel.error && (
        <p role="alert" className="mt-1 text-xs text-rose-700">
          {cancel.error.message}
        </p>
      )}
      {list.length > 0 && (
        <table className="mt-3 w-full text-xs" data-testid="job-history">
          <thead className="text-left text-slate-500">
            <tr>
              <th className="py-1">Queued (UTC)</th>
              <th className="py-1">Job</th>
              <th className="py-1">State</th>
              <th className="py-1 text-right">Done</th>
              <th className="py-1 text-right">Attempts</th>
              <th className="py-1">Finished</th>
              <th className="py-1" />
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr key={r.id} className="border-t border-slate-100 align-top">
                <td className="py-1 font-mono">{at(r.createdAt)}</td>
                <td className="py-1">{titles[r.kind] ?? r.kind}</td>
                <td className={`py-1 ${STATE_STYLE[r.state] ?? ""}`}>
                  {r.state}
                  {r.error && <div className="text-rose-700">{r.error}</div>}
                </td>
                <td className="py-1 text-right font-mono">
                  {n(r.done)}
                  {r.total !== null && `/${n(r.total)}`}
                </td>
                <td className="py-1 text-right font-mono">{r.attempts}</td>
                <td className="py-1 font-mono">{at(r.finishedAt)}</td>
                <td className="py-1 text-right">
                  {r.log.length > 0 && (
                    <button
                      type="button"
                      className="text-indigo-700 hover:underline"
                      onClick={() => setOpenLog(openLog === r.id ? null : r.id)}
                    >
                      {openLog === r.id ? "hide log" : "log"}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {openLog && <JobLog run={list.find((r) => r.id === openLog)} />}
    </section>
  );
}

function CurrentRun({
  run,
  label,
  onCancel,
  cancelling,
  link,
}: {
  run: JobRunView;
  label: string;
  onCancel(): void;
  cancelling: boolean;
  link: ResultLink | null;
}) {
  const active = ACTIVE.has(run.state);
  const percent = run.total ? Math.min(100, (100 * run.done) / run.total) : null;
  return (
    <div data-testid="job-current" data-state={run.state}>
      <div className="flex items-baseline justify-between gap-2">
        <p>
          <span className="font-medium">{label}</span>: <span className={STATE_STYLE[run.state]}>{run.state}</span>
          {run.attempts > 1 && <span className="text-slate-500"> (attempt {run.attempts})</span>}
        </p>
        {active && (
          <button
            type="button"
            onClick={onCancel}
            disabled={cancelling}
            className="rounded-md border border-rose-300 px-2 py-0.5 text-xs text-rose-700 hover:bg-rose-50 disabled:opacity-50"
          >
            {cancelling ? "Cancelling…" : "Cancel"}
          </button>
        )}
      </div>
      <div
        className="mt-2 h-2 w-full overflow-hidden rounded bg-slate-100"
        role="progressbar"
        aria-valuemin={0}
        aria-valuemax={run.total ?? undefined}
        aria-valuenow={run.done}
      >
        <div
          className={`h-2 ${run.state === "failed" ? "bg-rose-500" : "bg-indigo-500"}`}
          style={{ width: `${percent ?? (active ? 5 : 100)}%` }}
        />
      </div>
      <p className="mt-1 text-xs text-slate-600" data-testid="job-progress">
        {n(run.done)}
        {run.total !== null && ` of ${n(run.total)}`} {run.unit}
        {run.rate !== null && ` · ${run.rate.toFixed(1)}/s`}
        {run.etaSeconds !== null && ` · ${eta(run.etaSeconds)}`}
        {run.state === "queued" && " · waiting for a worker"}
      </p>
      {link && (
        <p className="mt-1 text-xs">
          <a
            href={link.href}
            className="font-medium text-indigo-700 hover:underline"
            data-testid="job-result-link"
            {...(link.external ? { target: "_blank", rel: "noreferrer" } : {})}
          >
            {link.label}
          </a>
        </p>
      )}
      {run.error && (
        <p role="alert" className="mt-1 text-xs text-rose-700">
          {run.state === "retrying" ? "Failed, retrying: " : "Error: "}
          {run.error}
        </p>
      )}
    </div>
  );
}

function JobLog({ run }: { run: JobRunView | undefined }) {
  if (!run) return null;
  return (
    <pre className="mt-2 max-h-60 overflow-auto rounded bg-slate-50 p-2 text-xs" data-testid="job-log">
      {run.log.map((l) => `${l.at.slice(11, 19)} ${l.level.padEnd(5)} ${l.message}`).join("\n")}
    </pre>
  );
}
