import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

// The fresh held-out set of issue #42: 100 real reviewer comments with their hunks, frozen on
// 2026-12-07 before any generator, prompt or check of that issue was changed, and never tuned on.
// Provenance, license, criteria and who judged what: fixtures/real-review-set.md ("Fresh held-out set").

export const FRESH_HELDOUT_PATH = path.join(process.cwd(), "lib/perturb/fixtures/fresh-heldout-set.json");
export const FRESH_HELDOUT_SOURCE = "data/random_sample_100.jsonl";

const freshCaseSchema = z.object({
  id: z.string().regex(/^rs-\d+$/),
  source: z.string().min(1),
  body: z.string().min(1),
  hunk: z.string(),
});
export type FreshCase = z.infer<typeof freshCaseSchema>;

export const freshHeldoutSetSchema = z.object({
  frozenAt: z.iso.datetime(),
  source: z.string().min(1),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
  cases: z.array(freshCaseSchema).min(100),
});
export type FreshHeldoutSet = z.infer<typeof freshHeldoutSetSchema>;

export function loadFreshHeldoutSet(): FreshHeldoutSet {
  return freshHeldoutSetSchema.parse(JSON.parse(readFileSync(FRESH_HELDOUT_PATH, "utf8")));
}
