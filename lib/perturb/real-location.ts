import { readFileSync } from "node:fs";
import { z } from "zod";
import type { InlineAnchor, LocationCandidate } from "./candidate-schema";
import { commentedLine } from "./patch-lines";
import { outcomeOf, type RealOutcome } from "./real-benchmark";
import { REAL_SET_EXTRACT_PATH, type RealCase, type RealJudgements } from "./real-eval-set";
import { locationCandidates } from "./relocate-comment";

// Location moves on the real-comment set (issue #28): every inline comment of the CRJudgeBench
// part, moved onto the other inline places of its pull request. Criteria and the spec format are
// in fixtures/real-review-set.md ("Location moves").

const entrySchema = z.object({
  type: z.enum(["inline", "inline_reply", "pr_comment"]),
  id: z.number().int(),
  body: z.string(),
  review_path: z.string().optional(),
  diff_hunk: z.string().optional(),
  in_reply_to_id: z.number().int().optional(),
});
export const realExtractSchema = z.array(
  z.object({ repo: z.string(), pull_number: z.number().int(), instance_id: z.string(), entries: z.array(entrySchema) }),
);
export type RealExtract = z.infer<typeof realExtractSchema>;

export function loadRealExtract(file = REAL_SET_EXTRACT_PATH): RealExtract {
  return realExtractSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}

/** Where a comment sits and where it could go: its own (or its thread root's) place and the PR's other inline places. */
export type LocationSetting = { place: InlineAnchor; others: InlineAnchor[]; patch: string };

function anchorOf(e: z.infer<typeof entrySchema>): InlineAnchor | undefined {
  return e.review_path && e.diff_hunk ? { id: e.id, path: e.review_path, diffHunk: e.diff_hunk } : undefined;
}

/** The union of the PR's hunks as a patch (one file header per hunk), so a move is checked against code the PR shows. */
export function patchOf(anchors: readonly InlineAnchor[]): string {
  return anchors.map((a) => `diff --git a/${a.path} b/${a.path}\n${a.diffHunk}`).join("\n");
}

/** Per `crj-<id>` case of an inline comment or reply: its place (a reply's is its root's) and the PR's other places. */
export function locationSettings(extract: RealExtract): Map<string, LocationSetting> {
  const settings = new Map<string, LocationSetting>();
  for (const pr of extract) {
    const roots = pr.entries.filter((e) => e.type === "inline").flatMap((e) => anchorOf(e) ?? []);
    const byId = new Map(roots.map((a) => [a.id, a]));
    const patch = patchOf(roots);
    for (const e of pr.entries) {
      const place = e.type === "inline" ? byId.get(e.id) : e.type === "inline_reply" ? byId.get(e.in_reply_to_id ?? -1) : undefined;
      if (!place) continue;
      settings.set(`crj-${e.id}`, { place, others: roots.filter((a) => a.id !== place.id), patch });
    }
  }
  return settings;
}

/** A move's stable name: the target's path and commented line (one place across pushes). */
export function locationSpec(anchor: { path: string; diffHunk: string }): string {
  return `${anchor.path} @ ${commentedLine(anchor.diffHunk) ?? ""}`;
}

export function realLocationCandidates(c: RealCase, setting: LocationSetting): LocationCandidate[] {
  return locationCandidates(setting.place, setting.others, { patch: setting.patch, body: c.body }).candidates;
}

/** One outcome per inline comment of the set, scored like negation and symbol (real-benchmark.ts). */
export function realLocationOutcomes(
  cases: readonly RealCase[],
  settings: ReadonlyMap<string, LocationSetting>,
  judgements: RealJudgements,
): RealOutcome[] {
  const outcomes: RealOutcome[] = [];
  for (const c of cases) {
    const setting = settings.get(c.id);
    if (!setting) continue;
    outcomes.push(outcomeOf(c, "location", judgements[c.id]?.location, realLocationCandidates(c, setting).map(locationSpec)));
  }
  return outcomes;
}
