// The row writer: one loaded instance in, one released row out (dataset-format.md, "One example").
// Pure, so the export, the card preview, the import round trip and the tests share one definition.
import { AppError } from "@/lib/errors";
import { formatGitHubTime } from "./github-time";
import { baseInstanceId, instanceIdSha, perturbedInstanceId } from "./instance-key";
import type { ReleasedPerturbationKind, ReleasedRow, ReleasedTimelineEntry } from "./released-row-schema";
import { RELEASED_SOURCE_NAMES, type SourceNames } from "./export-conventions";

export type TimelineKind = ReleasedTimelineEntry["type"];

/** A stored timeline entry, as the TimelineEntry table holds it. */
export interface TimelineEntryRecord {
  id: string;
  kind: TimelineKind;
  githubId: bigint | number | null;
  sha: string | null;
  authorLogin: string | null;
  /** commits: the git author name, which the released format calls `user` */
  authorName?: string | null;
  createdAt: Date;
  body: string;
  path: string | null;
  diffHunk: string | null;
  inReplyToId: bigint | number | null;
  reviewState: string | null;
}

export interface PerturbationInput {
  kind: ReleasedPerturbationKind;
  /** 1-based among the perturbations of the same entry and kind; null when it is the only one (no number in its id) */
  ordinal: number | null;
  // A perturbation changes only the comment (paper §2): its text, or its path and hunk.
  body: string | null;
  path: string | null;
  diffHunk: string | null;
}

export interface RowSource {
  repository: { fullName: string; language: string | null };
  pullRequest: {
    number: number;
    title: string;
    body: string;
    createdAt: Date;
    baseSha: string;
    patch: string;
    problemDomain: string | null;
  };
  linkedIssues: { number: number; title: string; body: string }[];
  timeline: TimelineEntryRecord[];
  /** Entry ids in the order an imported file had them; canonical order when absent. */
  timelineOrder?: readonly string[] | null;
  targetEntryId: string;
  trustworthy: boolean;
  source: "human" | "perturbation";
  perturbation: PerturbationInput | null;
  /** The released spelling of instance_id and source, kept from an import so a re-export matches it. */
  released?: { instanceId: string; source: string } | null;
}

// Ties on created_at (a review and its comments share a second) need a stable order.
const KIND_RANK: Record<TimelineKind, number> = { commit: 0, pr_comment: 1, review: 2, inline: 3, inline_reply: 4 };

function toNumberId(value: bigint | number | null, what: string): number {
  if (value === null) throw new AppError("invalid_input", `${what} has no GitHub id`);
  const n = Number(value);
  if (!Number.isSafeInteger(n)) throw new AppError("invalid_input", `${what}: GitHub id ${value} does not fit a JSON number`);
  return n;
}

export function orderTimeline(entries: readonly TimelineEntryRecord[], order?: readonly string[] | null): TimelineEntryRecord[] {
  if (order && order.length === entries.length) {
    const byId = new Map(entries.map((e) => [e.id, e]));
    const ordered = order.map((id) => byId.get(id)).filter((e) => e !== undefined);
    if (ordered.length === order.length) return ordered;
  }
  const tieKey = (e: TimelineEntryRecord) => (e.githubId === null ? (e.sha ?? "") : String(e.githubId).padStart(24, "0"));
  return entries
    .slice()
    .sort(
      (a, b) =>
        a.createdAt.getTime() - b.createdAt.getTime() ||
        KIND_RANK[a.kind] - KIND_RANK[b.kind] ||
        (tieKey(a) < tieKey(b) ? -1 : tieKey(a) > tieKey(b) ? 1 : 0),
    );
}

/** One code_review entry with exactly the field set of its type, in the format doc's order. */
export function toReleasedEntry(e: TimelineEntryRecord): ReleasedTimelineEntry {
  const what = `${e.kind} entry ${e.githubId ?? e.sha ?? e.id}`;
  const created_at = formatGitHubTime(e.createdAt);
  if (e.kind === "commit") {
    if (!e.sha) throw new AppError("invalid_input", `${what} has no sha`);
    return { type: "commit", sha: e.sha, user: e.authorName ?? e.authorLogin, created_at, message: e.body };
  }
  const id = toNumberId(e.githubId, what);
  const common = { id, user: e.authorLogin, created_at, body: e.body };
  switch (e.kind) {
    case "pr_comment":
      return { type: "pr_comment", ...common };
    case "inline":
      if (e.path === null || e.diffHunk === null) throw new AppError("invalid_input", `${what} lacks its path or diff hunk`);
      return { type: "inline", ...common, review_path: e.path, diff_hunk: e.diffHunk };
    case "inline_reply":
      if (e.path === null) throw new AppError("invalid_input", `${what} lacks its path`);
      return { type: "inline_reply", ...common, review_path: e.path, in_reply_to_id: toNumberId(e.inReplyToId, `${what} in_reply_to_id`) };
    case "review":
      if (!e.reviewState) throw new AppError("invalid_input", `${what} lacks its review state`);
      return { type: "review", ...common, review_state: e.reviewState };
  }
}

/** The target entry as this instance shows it: a perturbation edits the copy, never the PR's timeline. */
function judgedCopy(target: TimelineEntryRecord, p: PerturbationInput | null): TimelineEntryRecord {
  if (!p) return target;
  return { ...target, body: p.body ?? target.body, path: p.path ?? target.path, diffHunk: p.diffHunk ?? target.diffHunk };
}

/** `sourceNames`: the `source` words chosen for this export; the release's (or an imported row's own) when absent. */
export function writeReleasedRow(src: RowSource, sourceNames?: SourceNames): ReleasedRow {
  const { repository: repo, pullRequest: pr } = src;
  const target = src.timeline.find((e) => e.id === src.targetEntryId);
  if (!target) throw new AppError("invalid_input", `${repo.fullName}#${pr.number}: the target entry is not in the PR's timeline`);
  if (target.kind === "commit") throw new AppError("invalid_input", `${repo.fullName}#${pr.number}: a commit cannot be a judged entry`);
  if (src.source === "perturbation" && !src.perturbation)
    throw new AppError("invalid_input", `${repo.fullName}#${pr.number}: a perturbation row needs its perturbation`);

  const timeline = orderTimeline(src.timeline, src.timelineOrder);
  const lastCommitSha = instanceIdSha(
    timeline.map((e) => ({ type: e.kind, sha: e.sha })),
    pr.baseSha,
  );
  const base = baseInstanceId(repo.fullName, pr.number, lastCommitSha);
  const instanceId =
    src.released?.instanceId ?? (src.perturbation ? perturbedInstanceId(base, src.perturbation.kind, src.perturbation.ordinal) : base);
  const judged = judgedCopy(target, src.source === "perturbation" ? src.perturbation : null);
  // keys in the release's order at every level (dataset-format.md), so its loaders and diffs see the same bytes
  const row: ReleasedRow = {
    instance_id: instanceId,
    judged_user: target.authorLogin,
    judged_entry_id: toNumberId(target.githubId, "the judged entry"),
    hint_text: "",
    repo: repo.fullName,
    language: repo.language ?? "",
    pull_request: {
      pull_number: pr.number,
      title: pr.title,
      created_at: formatGitHubTime(pr.createdAt),
      base_commit: pr.baseSha,
      body: pr.body,
      patch_to_review: pr.patch,
    },
    resolved_issues: src.linkedIssues
      .slice()
      .sort((a, b) => a.number - b.number)
      .map(({ number, title, body }) => ({ number, title, body })),
    problem_domain: pr.problemDomain ?? "",
    code_review: timeline.map((e) => toReleasedEntry(e.id === target.id ? judged : e)),
    // a chosen vocabulary applies to every row; otherwise an imported row keeps its own spelling
    source: sourceNames ? sourceNames[src.source] : (src.released?.source ?? RELEASED_SOURCE_NAMES[src.source]),
    trustworthy: src.trustworthy,
  };
  if (src.source === "perturbation" && src.perturbation) row.perturbation_kind = src.perturbation.kind;
  return row;
}
