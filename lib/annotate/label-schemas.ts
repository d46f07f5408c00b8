// Boundary shapes of the annotation stage: label values, the label and adjudication requests,
// the overlap setting. Forms and route handlers parse with these; types come from them.
import { z } from "zod";
import { LABEL_VALUES, LabelValueSchema, type LabelValue } from "@/lib/db/enums";
import { noNul } from "@/lib/untrusted-json";

export { LABEL_VALUES, type LabelValue };

// PostgreSQL text cannot hold NUL (noNul): refused here by name instead of failing in the query (a 500)
export const InstanceIdSchema = z.string().trim().min(1).max(64).refine(noNul, "must not contain the NUL character");
const RATIONALE_MAX = [2000, "Keep the rationale under 2,000 characters."] as const;
/** A rationale being written (a draft): any length up to a submitted one's, blank allowed. */
export const DraftRationaleSchema = z.string().max(...RATIONALE_MAX);
// Paper §2: each decision comes with a short rationale the adjudicator can weigh.
const RationaleSchema = z
  .string()
  .trim()
  .min(3, "Write a short rationale (at least 3 characters).")
  .max(...RATIONALE_MAX);

export const SubmitLabelRequestSchema = z.object({
  instanceId: InstanceIdSchema,
  value: LabelValueSchema,
  rationale: RationaleSchema,
});
export type SubmitLabelRequest = z.infer<typeof SubmitLabelRequestSchema>;

export const AdjudicateRequestSchema = z.object({
  value: LabelValueSchema,
  rationale: RationaleSchema,
});
export type AdjudicateRequest = z.infer<typeof AdjudicateRequestSchema>;

export const LabelQuerySchema = z.object({
  instanceId: InstanceIdSchema,
  annotator: z.string().trim().min(1).max(100).refine(noNul, "must not contain the NUL character").optional(),
});

export const OVERLAP_SETTING_KEY = "annotate.overlap";
export const DEFAULT_OVERLAP = 2;
export const OverlapSchema = z.coerce.number().int().min(1, "Overlap is at least 1.").max(5, "Overlap is at most 5.");

/** The [id] of /api/instances/[id]/…: any text; an unknown instance is the data layer's 404. */
export const InstancePathSchema = z.object({ id: z.string() });

const RepoVersionSchema = z.enum(["base", "patched"]).default("base");
export const RepoTreeQuerySchema = z.object({ version: RepoVersionSchema });
export const RepoFileQuerySchema = z.object({ path: z.string().min(1).max(4096), version: RepoVersionSchema });
export const RepoSearchQuerySchema = z.object({
  q: z.string().trim().min(2, "Type at least two characters to search.").max(200),
  version: RepoVersionSchema,
  ignoreCase: z
    .enum(["0", "1"])
    .default("0")
    .transform((v) => v === "1"),
});
