// Turns released rows back into what the database stores: one PR with ONE shared timeline, and
// instances pointing at entries of it. A perturbed row's judged entry is a modified copy; the
// differences become the perturbation (body for negation/symbol, path + hunk for location).
// Anything the database cannot hold without loss is an error; anything it normalises is a warning.
import { AppError } from "@/lib/errors";
import { must } from "@/lib/must";
import { canonicalJson } from "./canonical-json";
import { isCanonicalGitHubTime } from "./github-time";
import { baseInstanceId, instanceIdSha } from "./instance-key";
import { releasedFileError, type ReleasedFile, type ReleasedFileIssue } from "./parse-released-jsonl";
import { judgedEntryOf, rowKey, type ReleasedPerturbationKind, type ReleasedRow, type ReleasedTimelineEntry } from "./released-row-schema";
import type { SplitName } from "@/lib/db/enums";
import { counted, plural } from "@/lib/text/plural";

export interface PlannedInstance {
  instanceId: string;
  source: string;
  split: SplitName | null;
  /** key of the judged entry in the PR's timeline */
  entryKey: string;
  trustworthy: boolean;
  /** the row's own patch_to_review: the PR as it stood when the judged entry was written (rows of one PR differ) */
  patch: string;
  perturbation: { kind: ReleasedPerturbationKind; body: string | null; path: string | null; diffHunk: string | null } | null;
  /** the row's place in the import (files in order, rows in file order): a re-export keeps it */
  position: number;
}

export interface PlannedPullRequest {
  repo: string;
  language: string;
  number: number;
  title: string;
  body: string;
  createdAt: string;
  baseSha: string;
  /** the PR's diff as the latest judged entry saw it (the closest the release comes to the final diff) */
  patch: string;
  problemDomain: string;
  issues: { number: number; title: string; body: string }[];
  /** the shared timeline, original (unperturbed) entries, in file order */
  timeline: ReleasedTimelineEntry[];
  instances: PlannedInstance[];
}

export interface ImportPlan {
  pullRequests: PlannedPullRequest[];
  rows: number;
  warnings: string[];
}

export const entryKey = (e: ReleasedTimelineEntry) => (e.type === "commit" ? `commit:${e.sha}` : `${e.type}:${e.id}`);

type Located = { row: ReleasedRow; file: string; line: number; split: SplitName | null; position: number };

const PERTURBABLE = new Set(["body", "review_path", "diff_hunk"]);

function perturbationOf(loc: Located, original: ReleasedTimelineEntry, issues: ReleasedFileIssue[]): PlannedInstance["perturbation"] {
  const copy = judgedEntryOf(loc.row) as Record<string, unknown>;
  const orig = original as Record<string, unknown>;
  const changed = [...new Set([...Object.keys(copy), ...Object.keys(orig)])].filter(
    (k) => canonicalJson(copy[k]) !== canonicalJson(orig[k]),
  );
  const unsupported = changed.filter((k) => !PERTURBABLE.has(k));
  if (unsupported.length)
    issues.push({
      file: loc.file,
      line: loc.line,
      message: `the perturbed comment changes ${unsupported.join(", ")}; a perturbation may change only body, review_path and diff_hunk`,
    });
  const pick = (k: string) => (changed.includes(k) ? (copy[k] as string) : null);
  return {
    kind: must(loc.row.perturbation_kind, `the perturbation kind of ${loc.file}:${loc.line}`),
    body: pick("body"),
    path: pick("review_path"),
    diffHunk: pick("diff_hunk"),
  };
}

function planPullRequest(members: Located[], warnings: string[], issues: ReleasedFileIssue[]): PlannedPullRequest {
  // the reference row: a human one when there is one, so its judged entry is not a modified copy
  const ref = members.find((m) => m.row.perturbation_kind === undefined) ?? members[0];
  const r = ref.row;
  const name = `${r.repo}#${r.pull_request.pull_number}`;
  const perturbedTarget = (m: Located) =>
    m.row.perturbation_kind === undefined ? null : `${judgedEntryOf(m.row).type}:${m.row.judged_entry_id}`;

  // Each entry's original: from any row in which it is not that row's perturbed copy
  const originals = new Map<string, ReleasedTimelineEntry>();
  for (const m of members)
    for (const e of m.row.code_review) if (entryKey(e) !== perturbedTarget(m) && !originals.has(entryKey(e))) originals.set(entryKey(e), e);
  const timeline = r.code_review.map((e) => originals.get(entryKey(e)) ?? e);
  const canonical = timeline.map(canonicalJson);

  // patch_to_review is each row's own: the PR as it stood when its judged entry was written
  const prFields = (m: Located) => ({ ...m.row.pull_request, patch_to_review: null });
  const shared = (m: Located) => canonicalJson([m.row.repo, m.row.language, prFields(m), m.row.resolved_issues, m.row.problem_domain]);
  const instances: PlannedInstance[] = [];
  for (const m of members) {
    const where = `${m.file}:${m.line}`;
    if (shared(m) !== shared(ref))
      warnings.push(
        `${where}: ${name} differs from ${ref.file}:${ref.line} in its PR fields, language, issues or problem domain; the first is kept`,
      );
    const target = perturbedTarget(m);
    const same =
      m.row.code_review.length === timeline.length &&
      m.row.code_review.every(
        (e, i) => entryKey(e) === entryKey(timeline[i]) && (entryKey(e) === target || canonicalJson(e) === canonical[i]),
      );
    if (!same) warnings.push(`${where}: its code_review differs from the rest of ${name}; the PR keeps one shared timeline`);
    const judged = judgedEntryOf(m.row);
    if (m.row.judged_user !== judged.user)
      warnings.push(`${where}: judged_user ${m.row.judged_user} is not the judged entry's user ${judged.user}; the entry's is kept`);
    if (m.row.hint_text !== "") warnings.push(`${where}: hint_text is not empty; it is reserved and exported empty`);
    if (!followsInstanceIdRule(m.row))
      warnings.push(
        `${where}: instance_id ${m.row.instance_id} does not follow owner__repo-<pull_number>@<last commit sha> (nor @<base sha>); kept as written`,
      );
    if (m.row.perturbation_kind !== undefined && m.row.trustworthy)
      issues.push({ file: m.file, line: m.line, message: "a perturbed row must be untrustworthy (perturbations are verified negatives)" });
    instances.push({
      instanceId: m.row.instance_id,
      source: m.row.source,
      split: m.split,
      entryKey: entryKey(judged),
      trustworthy: m.row.trustworthy,
      patch: m.row.pull_request.patch_to_review,
      perturbation: m.row.perturbation_kind === undefined ? null : perturbationOf(m, originals.get(entryKey(judged)) ?? judged, issues),
      position: m.position,
    });
  }
  if (new Set(members.map((m) => m.split)).size > 1)
    warnings.push(`${name} has rows in more than one split; a new split keeps each PR in one`);
  const latest = members.reduce((a, b) => (judgedEntryOf(b.row).created_at > judgedEntryOf(a.row).created_at ? b : a), ref);
  return {
    repo: r.repo,
    language: r.language,
    number: r.pull_request.pull_number,
    title: r.pull_request.title,
    body: r.pull_request.body,
    createdAt: r.pull_request.created_at,
    baseSha: r.pull_request.base_commit,
    patch: latest.row.pull_request.patch_to_review,
    problemDomain: r.problem_domain,
    issues: r.resolved_issues,
    timeline,
    instances,
  };
}

export function planReleasedImport(files: readonly ReleasedFile[]): ImportPlan {
  const issues: ReleasedFileIssue[] = [];
  const warnings: string[] = [];
  const seen = new Map<string, string>();
  const byPr = new Map<string, Located[]>();
  let nonCanonicalTimes = 0;
  let position = 0;
  for (const file of files)
    file.rows.forEach((row, index) => {
      const loc: Located = { row, file: file.name, line: file.lines[index] ?? index + 1, split: file.split, position: position++ };
      const key = rowKey(row);
      if (seen.has(key))
        issues.push({
          file: file.name,
          line: loc.line,
          message: `duplicate (instance_id, judged_entry_id) = ${key}, first at ${seen.get(key)}`,
        });
      seen.set(key, `${file.name}:${loc.line}`);
      const times = [row.pull_request.created_at, ...row.code_review.map((e) => e.created_at)];
      nonCanonicalTimes += times.filter((t) => !isCanonicalGitHubTime(t)).length;
      const pr = `${row.repo}#${row.pull_request.pull_number}`;
      byPr.set(pr, [...(byPr.get(pr) ?? []), loc]);
    });
  if (seen.size === 0) throw new AppError("unreadable_file", nothingToImport(files.map((f) => f.name)));
  const pullRequests = [...byPr.values()].map((members) => planPullRequest(members, warnings, issues));
  if (issues.length) throw releasedFileError(issues);
  if (nonCanonicalTimes)
    warnings.push(
      `${counted(nonCanonicalTimes, "timestamp")} ${plural(nonCanonicalTimes, "is", "are")} not in GitHub's form (2025-03-11T09:14:02Z); they are stored as instants and re-exported in that form`,
    );
  return { pullRequests, rows: seen.size, warnings };
}

/** Why an import of no rows is refused, naming the files (an empty file, or blank lines only, is most often the wrong file). */
function nothingToImport(names: string[]): string {
  if (names.length === 0) return "Nothing to import: no file was given.";
  const which = names.length === 1 ? `${names[0]} holds` : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]} hold`;
  return `Nothing to import: ${which} no rows (one JSON object per line). Choose the release's split files (train.jsonl, validation.jsonl, test.jsonl).`;
}

/** The release's rule (the PR's last commit in the timeline); the base commit, which our earlier exports used, is accepted too. */
function followsInstanceIdRule(row: ReleasedRow): boolean {
  const { repo, pull_request: pr } = row;
  const shas = [instanceIdSha(row.code_review, pr.base_commit), pr.base_commit];
  return shas.some((sha) => row.instance_id.startsWith(baseInstanceId(repo, pr.pull_number, sha)));
}
