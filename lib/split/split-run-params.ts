import { z } from "zod";
import { SplitNameSchema } from "@/lib/db/enums";
import { ClassCountsSchema } from "@/lib/split/group-schema";

// What a SplitRun's `params` JSON holds: how the split was made and how close it came to its
// per-class targets (paper §2), so the UI and the card can report it without recomputing.

const perSplit = <T extends z.ZodType>(t: T) => z.object({ train: t, validation: t, test: t });

export const SplitRunParamsSchema = z.discriminatedUnion("method", [
  z.object({
    method: z.literal("partition"),
    testShare: z.number(),
    validationShare: z.number(),
    instances: z.number().int(),
    pullRequests: z.number().int(),
    counts: perSplit(ClassCountsSchema),
    targets: perSplit(ClassCountsSchema),
    deviation: perSplit(z.object({ trustworthy: z.number().int(), untrustworthy: z.number().int() })),
    maxAbsDeviation: z.number().int(),
    provenOptimal: z.boolean(),
  }),
  z.object({
    method: z.literal("imported"),
    files: z.array(z.object({ name: z.string(), split: SplitNameSchema, rows: z.number().int() })),
    instances: z.number().int(),
    pullRequests: z.number().int(),
    counts: perSplit(ClassCountsSchema),
  }),
]);
export type SplitRunParams = z.infer<typeof SplitRunParamsSchema>;
