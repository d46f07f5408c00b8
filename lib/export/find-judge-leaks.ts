// The leak test's checker: given every judge-visible file of an export and the rows behind them,
// lists anything a judge could use besides the whitelist (paper A.2.1: "excludes subsequent replies,
// author identities, and review state … the gold label, source metadata, perturbation type,
// synthetic-instance indicators, and original sample keys"). A token counts as leaked only when it
// shows up in a judge file but not in the whitelisted text it could legitimately come from.
import { JudgeTaskSchema } from "./build-judge-task";
import { judgedEntryOf, type ReleasedRow } from "./released-row-schema";

export interface JudgeFile {
  /** path under the export's tasks/ folder, e.g. test/eval_…/task/task.json */
  path: string;
  text: string;
}

const BUNDLE_FILES = ["checkout.sh", "task/review.patch", "task/task.json"];

/**
 * What a judge must not see of a row. `private`: labels, provenance, sample keys, never shown under any
 * context policy; `timeline`: identities, review states and the other entries' text, which only the
 * complete-timeline policy shows.
 */
export interface ForbiddenToken {
  what: string;
  token: string;
  kind: "private" | "timeline";
}

export function forbiddenTokens(row: ReleasedRow): ForbiddenToken[] {
  const target = judgedEntryOf(row);
  const tokens: Omit<ForbiddenToken, "kind">[] = [
    { what: "instance_id (sample key)", token: row.instance_id },
    { what: "judged_entry_id", token: String(row.judged_entry_id) },
    { what: "label field", token: '"trustworthy"' },
    { what: "source field", token: '"source"' },
    { what: "source value", token: row.source },
    { what: "perturbation field", token: "perturbation_kind" },
    { what: "#perturb suffix", token: "#perturb" },
  ];
  if (row.perturbation_kind) tokens.push({ what: "perturbation kind", token: `"${row.perturbation_kind}"` });
  const timeline: Omit<ForbiddenToken, "kind">[] = [];
  for (const e of row.code_review) {
    if (e.user) timeline.push({ what: "reviewer or author identity", token: e.user });
    if (e.type === "review") timeline.push({ what: "review state", token: e.review_state });
    const text = e.type === "commit" ? e.message : e.body;
    const isTarget = e.type !== "commit" && e.id === target.id;
    // replies and every other timeline entry stay private; short texts ("+1") are too common to test
    if (!isTarget && text.trim().length >= 20) timeline.push({ what: `${e.type} text`, token: text.trim() });
  }
  return [...tokens.map((t) => ({ ...t, kind: "private" as const })), ...timeline.map((t) => ({ ...t, kind: "timeline" as const }))];
}

export function whitelistedText(row: ReleasedRow): string {
  const t = judgedEntryOf(row);
  return [
    row.repo,
    row.language,
    row.pull_request.base_commit,
    row.pull_request.title,
    row.pull_request.body,
    t.body,
    "review_path" in t ? t.review_path : "",
    "diff_hunk" in t ? t.diff_hunk : "",
    row.pull_request.patch_to_review,
  ].join("\n\u0000\n");
}

/** Leaks found, one line each; empty when the bundles are clean. */
export function findJudgeLeaks(files: readonly JudgeFile[], rowOfEvalId: ReadonlyMap<string, ReleasedRow>): string[] {
  const leaks: string[] = [];
  const byBundle = new Map<string, JudgeFile[]>();
  for (const f of files) {
    const m = f.path.match(/^(?:train|validation|test)\/(eval_[0-9a-f]{24})\/(.+)$/);
    if (!m) {
      // outside a bundle only the tasks manifest may exist, and it may hold nothing but ids and hashes
      if (f.path !== "manifest.json") leaks.push(`${f.path}: unexpected judge-visible file`);
      for (const row of rowOfEvalId.values())
        for (const { what, token } of forbiddenTokens(row))
          if (f.text.includes(token) && !["source value"].includes(what))
            leaks.push(`${f.path}: ${what} ${JSON.stringify(token.slice(0, 60))}`);
      continue;
    }
    byBundle.set(m[1], [...(byBundle.get(m[1]) ?? []), { ...f, path: m[2] }]);
  }
  for (const [evalId, bundle] of byBundle) {
    const row = rowOfEvalId.get(evalId);
    if (!row) {
      leaks.push(`${evalId}: bundle for an unknown eval_id`);
      continue;
    }
    const names = bundle.map((f) => f.path).sort();
    if (names.join() !== BUNDLE_FILES.join())
      leaks.push(`${evalId}: bundle holds ${names.join(", ")}, expected ${BUNDLE_FILES.join(", ")}`);
    const task = bundle.find((f) => f.path === "task/task.json");
    if (task) {
      const parsed = JudgeTaskSchema.safeParse(JSON.parse(task.text));
      if (!parsed.success)
        leaks.push(`${evalId}: task.json is not exactly the whitelist: ${parsed.error.issues.map((i) => i.message).join("; ")}`);
      else if (parsed.data.eval_id !== evalId) leaks.push(`${evalId}: task.json names eval_id ${parsed.data.eval_id}`);
    }
    const allowed = whitelistedText(row);
    for (const f of bundle)
      for (const { what, token } of forbiddenTokens(row))
        if (token && f.text.includes(token) && !allowed.includes(token))
          leaks.push(`${evalId}/${f.path}: ${what} ${JSON.stringify(token.slice(0, 60))}`);
  }
  return leaks;
}
