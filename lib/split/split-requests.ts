// What a person asks for when making a split, parsed the same way from the splits page's form (strings
// from FormData) and from `scripts/export.ts`'s flags (the export's own request: lib/export/export-requests).
import { z } from "zod";

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
