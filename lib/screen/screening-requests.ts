// What a person asks screening to do, parsed the same way from the /screen forms (FormData
// strings) and from `scripts/screen.ts`'s flags.
import { z } from "zod";
import { RuleFilterKeySchema } from "./screening-filters";

const blankIsAbsent = (v: unknown) => (v === "" || v === null ? undefined : v);

export const RerunRulesRequestSchema = z.object({ only: z.preprocess(blankIsAbsent, RuleFilterKeySchema.optional()) });
export type RerunRulesRequest = z.infer<typeof RerunRulesRequestSchema>;

export const RunLlmScreeningRequestSchema = z.object({
  level: z.enum(["pr", "comment"], { error: "choose the PR audit (pr) or the comment screen (comment)" }),
  limit: z.preprocess(
    blankIsAbsent,
    z.coerce.number({ error: "limit must be a number" }).int("limit must be a whole number").min(1, "limit must be at least 1").optional(),
  ),
  concurrency: z.preprocess(blankIsAbsent, z.coerce.number({ error: "concurrency must be a number" }).int().min(1).max(256).optional()),
  promptVersion: z.preprocess(blankIsAbsent, z.string().min(1).optional()),
  redecide: z.boolean().default(false),
});
export type RunLlmScreeningRequest = z.infer<typeof RunLlmScreeningRequestSchema>;
