import { createHmac, randomBytes } from "node:crypto";
import type { ReleasedRow } from "./released-row-schema";
import { rowKey } from "./released-row-schema";

// Paper A.2.1: the judge sees a "blinded task identifier", never the original sample key. An HMAC
// under a per-export secret cannot be inverted or recomputed without the secret, and two exports
// with different secrets give unrelated ids, so task ids cannot be joined across exports either.

export const newEvalIdSecret = () => randomBytes(32).toString("hex");

export function evalIdFor(row: Pick<ReleasedRow, "instance_id" | "judged_entry_id">, secret: string): string {
  if (secret.length < 32) throw new Error("the eval_id secret must have at least 32 characters");
  // 96 bits: collisions are negligible at benchmark sizes (and checked by the bundle builder)
  return `eval_${createHmac("sha256", secret).update(rowKey(row)).digest("hex").slice(0, 24)}`;
}
