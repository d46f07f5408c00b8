import { z } from "zod";
import { splitInputError } from "./group-schema";

// Paper §2: ~7:3 train-pool/test, then 15% of the pool to validation; released with seed 42.
export const PartitionOptionsSchema = z.object({
  testShare: z.number().gt(0, "must be above 0").lt(1, "must be below 1").default(0.3),
  validationShare: z.number().min(0, "must not be negative").lt(1, "must be below 1").default(0.15),
  seed: z.number().int("must be a whole number").default(42),
});
export type PartitionOptions = z.input<typeof PartitionOptionsSchema>;
export type ResolvedPartitionOptions = z.infer<typeof PartitionOptionsSchema>;

export function parsePartitionOptions(input: PartitionOptions = {}): ResolvedPartitionOptions {
  const parsed = PartitionOptionsSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  throw splitInputError(parsed.error.issues.map((issue) => `options.${issue.path.join(".")} ${issue.message}`));
}
