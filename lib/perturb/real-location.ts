import { readFileSync } from "node:fs";
import { z } from "zod";
import type { InlineAnchor } from "./candidate-schema";
import { commentedLine } from "./patch-lines";
import { REAL_SET_EXTRACT_PATH } from "./real-eval-set";

// Location moves on the real-comment set (issues #28, #42): every inline comment of the CRJudgeBench
// part, with its place and the other inline places of its pull request (model-benchmark.ts offers and
// scores the moves). Criteria and the spec format are in fixtures/real-review-set.md ("Location moves").

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
