// What a person asks for when exporting a split, parsed the same way from the splits page's forms
// (strings from FormData) and from `scripts/export.ts`'s flags.
import { z } from "zod";
import { DatasetLicenseIdSchema, DEFAULT_LICENSE_ID, RELEASED_SOURCE_NAMES, SAME_SOURCE_WORDS, sourceWord } from "./export-conventions";
import { DEFAULT_EXPORT_PROFILE, ExportProfileSchema } from "./export-profile";

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
