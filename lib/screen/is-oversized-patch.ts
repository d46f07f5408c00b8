import { z } from "zod";
import { countCharacters, formatCount } from "./measure-comment-text";
import type { RuleConfig } from "./rule-config";
import { dropDecision, keepDecision, type RuleDecision } from "./rule-decision";

export const PATCH_SIZE_RULE = "patch_size";

// Callers that already stored the length (PullRequest.patch can be megabytes) pass patchChars;
// otherwise the patch text is measured here.
const PatchMeasureSchema = z.union([z.object({ patchChars: z.number().int().nonnegative() }), z.object({ patch: z.string() })]);
export type PatchMeasure = z.infer<typeof PatchMeasureSchema>;

function patchCharacterCount(measure: PatchMeasure): number {
  return "patchChars" in measure ? measure.patchChars : countCharacters(measure.patch);
}

/** Paper §2: drop instances "whose code patches exceed 200,000 characters". */
export function isOversizedPatch(measure: PatchMeasure, config: RuleConfig): RuleDecision {
  const chars = patchCharacterCount(measure);
  const limit = `maximum ${formatCount(config.maxPatchChars)}`;
  if (chars > config.maxPatchChars) {
    return dropDecision(PATCH_SIZE_RULE, `Patch is ${formatCount(chars)} characters (${limit}).`);
  }
  return keepDecision(PATCH_SIZE_RULE, `Patch is ${formatCount(chars)} characters (${limit}).`);
}
