import { readFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { z } from "zod";

// The frozen evaluation set of real review comments (issue #28): comments by real reviewers on
// public pull requests, split into a dev half (tuned on) and a held-out half (scored once per
// change, never tuned on). Provenance, license and the judging criteria are in
// fixtures/real-review-set.md. Validated here, at the file boundary.

const FIXTURES = path.join(process.cwd(), "lib/perturb/fixtures");
export const REAL_SET_PATH = path.join(FIXTURES, "real-review-set.json");
export const REAL_SET_FILES_PATH = path.join(FIXTURES, "real-review-files.json.gz");
export const REAL_SET_EXTRACT_PATH = path.join(FIXTURES, "crjudgebench-extract.json");
export const REAL_SET_SEED = "perturb-real-2026-12-05";

export const realSplitSchema = z.enum(["dev", "heldout"]);
export type RealSplit = z.infer<typeof realSplitSchema>;

const realCaseSchema = z.object({
  id: z.string().regex(/^[a-z]+-[a-z0-9-]+$/),
  split: realSplitSchema,
  /** Where the row came from (file and line, or repository and comment id). */
  source: z.string().min(1),
  project: z.string().min(1),
  language: z.string().min(1),
  body: z.string().min(1),
  /** The hunk the comment (or its thread's root) was written on; empty for a comment on the whole pull request. */
  hunk: z.string(),
});
export type RealCase = z.infer<typeof realCaseSchema>;

const realSetSchema = z.object({ seed: z.literal(REAL_SET_SEED), cases: z.array(realCaseSchema).min(150) }).superRefine((set, ctx) => {
  const seen = new Set<string>();
  for (const c of set.cases) {
    if (seen.has(c.id)) ctx.addIssue({ code: "custom", message: `Duplicate case id ${c.id}.` });
    seen.add(c.id);
  }
});
export type RealSet = z.infer<typeof realSetSchema>;

/** The file each case's hunk changes, as it stood before the change (the repository the names come from). */
const filesSchema = z.record(z.string(), z.string());

export function loadRealSet(): { set: RealSet; files: Record<string, string> } {
  const set = realSetSchema.parse(JSON.parse(readFileSync(REAL_SET_PATH, "utf8")));
  const files = filesSchema.parse(JSON.parse(gunzipSync(readFileSync(REAL_SET_FILES_PATH)).toString("utf8")));
  return { set, files };
}

export const REAL_JUDGEMENTS_PATH = path.join(FIXTURES, "real-review-judgements.json");
/** A second rater's judgements of the dev half (who saw neither the rules nor the first judgements). */
export const REAL_SECOND_JUDGEMENTS_PATH = path.join(FIXTURES, "real-review-judgements-second.json");

/** "before => after @start": the candidate that replaces `before` at offset `start` with `after`. */
const editSpecSchema = z.string().regex(/^[\s\S]* => [\s\S]* @\d+$/, 'An edit is written "before => after @start".');

const kindJudgementSchema = z.object({
  /** No valid perturbation of this kind exists (why): any candidate is bad, none is right. */
  none: z.string().min(1).optional(),
  good: z.array(editSpecSchema).default([]),
  bad: z.array(editSpecSchema).default([]),
  /** Who judged (dev: the rules' author; held-out: a rater who did not write the rules). */
  rater: z.string().optional(),
});
export type KindJudgement = z.infer<typeof kindJudgementSchema>;

/** "path @ commented line": a location move onto the place whose commented line that is (real-review-set.md). */
const locationSpecSchema = z.string().regex(/^\S[^\n]* @ [^\n]*$/, 'A location move is written "path @ commented line".');

const locationJudgementSchema = kindJudgementSchema.extend({
  good: z.array(locationSpecSchema).default([]),
  bad: z.array(locationSpecSchema).default([]),
});

const caseJudgementSchema = z.object({
  negation: kindJudgementSchema.optional(),
  symbol: kindJudgementSchema.optional(),
  location: locationJudgementSchema.optional(),
});
export const realJudgementsSchema = z.record(z.string(), caseJudgementSchema);
export type RealJudgements = z.infer<typeof realJudgementsSchema>;

export function editSpec(candidate: { before: string; after: string; start: number }): string {
  return `${candidate.before} => ${candidate.after} @${candidate.start}`;
}

export function loadRealJudgements(file = REAL_JUDGEMENTS_PATH): RealJudgements {
  return realJudgementsSchema.parse(JSON.parse(readFileSync(file, "utf8")));
}
