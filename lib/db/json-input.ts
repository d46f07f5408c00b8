// What a Json column is given, checked instead of cast: the value as JSON.stringify writes it (undefined
// fields dropped, Dates as ISO strings), so what is stored is exactly what a later read parses.
import { z } from "zod";
import type { Prisma } from "@/lib/db/generated/client";

const JsonInputSchema: z.ZodType<Prisma.InputJsonValue> = z.union([
  z.string(),
  z.number(),
  z.boolean(),
  z.array(z.lazy(() => z.union([JsonInputSchema, z.null()]))),
  z.record(
    z.string(),
    z.lazy(() => z.union([JsonInputSchema, z.null()])),
  ),
]);

/** `value` as a Json column's input; a value JSON cannot hold (bigint, a cycle, a bare undefined) throws. */
export function toJsonInput(value: unknown): Prisma.InputJsonValue {
  const text = JSON.stringify(value);
  if (text === undefined) throw new TypeError("toJsonInput: the value has no JSON form");
  return JsonInputSchema.parse(JSON.parse(text));
}
