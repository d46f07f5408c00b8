// What a person asks for when making a split or an export, parsed the same way from the splits
// page's forms (strings from FormData) and from `scripts/export.ts`'s flags.
import { z } from "zod";
import { DEFAULT_EXPORT_PROFILE, ExportProfileSchema } from "@/lib/export/export-profile";
import {
  DatasetLicenseIdSchema,
  DEFAULT_LICENSE_ID,
  RELEASED_SOURCE_NAMES,
  SAME_SOURCE_WORDS,
  sourceWord,
} from "@/lib/export/export-conventions";

export const CreateSplitRequestSchema = z.object({
  seed: z.coerce.number({ message: "Seed must be a number" }).int("Seed must be a whole number"),
  testShare: z.coerce
    .number({ message: "Test share must be a number" })
    .gt(0, "Test share must be above 0")
    .lt(1, "Test share must be below 1"),
  validationShare: z.coerce
    .number({ message: "Validation share must be a number" })
    .min(0, "Validation share must not be negative")
    .lt(1, "Validation share must be below 1"),
});
export type CreateSplitRequest = z.infer<typeof CreateSplitRequestSchema>;

export const ExportRequestSchema = z
  .object({
    splitRunId: z.string().min(1),
    title: z.string().trim().min(1, "Give the dataset a title").max(120),
    profile: ExportProfileSchema.default(DEFAULT_EXPORT_PROFILE),
    license: DatasetLicenseIdSchema.default(DEFAULT_LICENSE_ID),
    sourceHuman: sourceWord("human-annotated rows").default(RELEASED_SOURCE_NAMES.human),
    sourcePerturbation: sourceWord("perturbed rows").default(RELEASED_SOURCE_NAMES.perturbation),
  })
  .refine((r) => r.sourceHuman !== r.sourcePerturbation, {
    message: SAME_SOURCE_WORDS,
    path: ["sourcePerturbation"],
  });
export type ExportRequest = z.infer<typeof ExportRequestSchema>;
