import type { Prisma } from "@/lib/db/generated/client";

/**
 * Serialises creation and verification on one instance for the rest of the transaction, so two
 * experts clicking at once cannot both create the same edit or both miss the final acceptance.
 */
export async function lockInstance(tx: Prisma.TransactionClient, instanceId: string): Promise<void> {
  await tx.$queryRaw`SELECT 1 AS locked FROM (SELECT pg_advisory_xact_lock(hashtext(${`perturb:${instanceId}`}))) AS l`;
}
