// Terminal rendering of a run's progress for the CLI: a line per phase, a bar per repository, and the
// closing summary. Pure: it folds progress events into a state and renders strings.
import type { IngestProgress } from "./ingest-request";
import type { OpenHole } from "./crawl-holes";
import type { IngestSummary } from "./run-ingest";

export interface ProgressState {
  phase: string;
  repository: string | null;
  prsDone: number;
  prsTotal: number | null;
  reposDone: number;
  reposTotal: number;
  requests: number;
  rateLimitRemaining: number | null;
}

export const initialProgress = (): ProgressState => ({
  phase: "starting",
  repository: null,
  prsDone: 0,
  prsTotal: null,
  reposDone: 0,
  reposTotal: 0,
  requests: 0,
  rateLimitRemaining: null,
});

export function foldProgress(s: ProgressState, p: IngestProgress): ProgressState {
  switch (p.type) {
    case "phase":
      return { ...s, phase: p.phase };
    case "selection":
      return { ...s, phase: "selection", prsDone: p.decided, prsTotal: p.total };
    case "repository":
      return { ...s, repository: p.fullName, prsDone: p.prsDone, prsTotal: p.prsTotal, reposDone: p.reposDone, reposTotal: p.reposTotal };
    case "usage":
      return { ...s, requests: p.requests, rateLimitRemaining: p.rateLimitRemaining };
    default:
      return s;
  }
}

export function progressBar(done: number, total: number | null, width = 24): string {
  if (!total) return `[${"·".repeat(width)}] ${done}`;
  const filled = Math.min(width, Math.round((done / total) * width));
  return `[${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`;
}

export function renderProgress(s: ProgressState): string {
  const budget = s.rateLimitRemaining === null ? "" : ` | budget ${s.rateLimitRemaining}`;
  if (s.phase === "selection") return `selecting repositories ${progressBar(s.prsDone, s.prsTotal)}${budget}`;
  const repos = `repos ${progressBar(s.reposDone, s.reposTotal, 12)}`;
  const prs = s.repository ? ` | ${s.repository} PRs ${progressBar(s.prsDone, s.prsTotal)}` : "";
  return `${repos}${prs} | requests ${s.requests}${budget}`;
}

/** A hole as a person reads it: the PR's number, or where GitHub answered a PR without one (#44). */
export function holeLabel(h: Pick<OpenHole, "key" | "prNumber">): string {
  if (h.prNumber !== null) return `PR #${h.prNumber}`;
  const at = /^at:(.*)\+(\d+)$/.exec(h.key);
  return at
    ? `a PR GitHub answered as null (number unknown; place ${Number(at[2]) + 1} of the page ${at[1] === "start" ? "starting the list" : `after cursor ${at[1]}`})`
    : "a PR GitHub answered as null (number unknown)";
}

export function renderSummary(s: IngestSummary): string {
  const lines = [
    `run ${s.runId}: ${s.status}${s.error ? ` (${s.error})` : ""}`,
    s.selection
      ? `selection: ${s.selection.selected} selected, ${s.selection.rejected} rejected${s.selection.reused ? " (reused)" : ""}`
      : "selection: not reached",
    ...s.repositories.map(
      (r) =>
        `  ${r.fullName.padEnd(40)} ${r.outcome.padEnd(14)} stored ${r.prsStored ?? 0}, unchanged ${r.prsUnchanged ?? 0}, skipped ${r.prsSkipped ?? 0}${r.error ? ` — ${r.error}` : ""}`,
    ),
    ...(s.holes.length
      ? [
          `pull requests not harvested (${s.holes.length}):`,
          ...s.holes.map(
            (h) =>
              `  ${h.repository} ${holeLabel(h)}: ${h.reason} — ${h.permanent ? "given up: partial until stored, or accepted as missing on /ingest" : `retried by the next run (attempt ${h.attempts})`}`,
          ),
        ]
      : []),
    `PRs stored ${s.prsStored}, unchanged ${s.prsUnchanged}, skipped ${s.prsSkipped}; errors logged ${s.errors}`,
    `requests ${s.requests} (GraphQL ${s.graphqlRequests}, REST ${s.restRequests}, 304 ${s.notModified}); requests per stored PR ${s.prsStored ? (s.requests / s.prsStored).toFixed(3) : "n/a"}`,
    `rate-limit budget left ${s.rateLimitRemaining ?? "unknown"}${s.rateLimitResetAt ? ` (resets ${s.rateLimitResetAt})` : ""}; ${(s.durationMs / 1000).toFixed(1)} s`,
  ];
  return lines.join("\n");
}

/**
 * `npm run ingest`'s exit code (README), for cron wrappers: 0 succeeded, or interrupted on purpose (the
 * next run resumes from the checkpoints); 3 partial (something named in the run's errors was skipped or
 * left as a hole); 1 failed.
 */
export function exitCodeFor(status: IngestSummary["status"]): 0 | 1 | 3 {
  return status === "failed" ? 1 : status === "partial" ? 3 : 0;
}
