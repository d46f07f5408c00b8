import { z } from "zod";
import type { Prisma, PrismaClient } from "@/lib/db/generated/client";
import { lockInstance } from "./lock-instance";
import { decideVerification, verificationFields } from "./verification-status";
import { recordAudit } from "@/lib/audit/record-audit";

// Paper §2: "the three Python experts jointly reviewed the modified comment". Teams differ in size,
// so the number of verifiers who must all accept is a setting, 3 by default.
const REQUIRED_VERIFIERS_SETTING_KEY = "perturb.requiredVerifiers";
const DEFAULT_REQUIRED_VERIFIERS = 3;
const RequiredVerifiersSchema = z.coerce
  .number({ error: "Enter a whole number of verifiers." })
  .int("Enter a whole number of verifiers.")
  .min(1, "At least one verifier must accept a perturbation.")
  .max(9, "At most 9 verifiers.");

type Db = PrismaClient | Prisma.TransactionClient;

export async function loadRequiredVerifiers(prisma: Db): Promise<number> {
  const row = await prisma.setting.findUnique({ where: { key: REQUIRED_VERIFIERS_SETTING_KEY } });
  const parsed = RequiredVerifiersSchema.safeParse(row?.value);
  return parsed.success ? parsed.data : DEFAULT_REQUIRED_VERIFIERS;
}

/**
 * Stores the verifier count. Lowering it settles pending perturbations that already have enough
 * acceptances; raising it never demotes accepted ones (they met the rule in force when decided).
 */
export async function saveRequiredVerifiers(
  prisma: PrismaClient,
  input: unknown,
  actorId: string,
): Promise<{ value: number; settled: number }> {
  const value = RequiredVerifiersSchema.parse(input);
  const previous = await loadRequiredVerifiers(prisma);
  await prisma.$transaction([
    prisma.setting.upsert({
      where: { key: REQUIRED_VERIFIERS_SETTING_KEY },
      create: { key: REQUIRED_VERIFIERS_SETTING_KEY, value },
      update: { value },
    }),
    recordAudit(prisma, {
      actorId,
      action: "perturb.settings.required_verifiers",
      subjectId: REQUIRED_VERIFIERS_SETTING_KEY,
      details: { previous, value },
    }),
  ]);
  let settled = 0;
  if (value < previous) {
    const pending = await prisma.instance.findMany({
      where: { source: "perturbation", verification: "pending", verifications: { some: {} } },
      select: { id: true },
    });
    for (const { id } of pending) {
      const changed = await prisma.$transaction(async (tx) => {
        await lockInstance(tx, id);
        const rows = await tx.perturbationVerification.findMany({ where: { instanceId: id }, select: { decision: true } });
        const current = await tx.instance.findUniqueOrThrow({ where: { id }, select: { verification: true } });
        const status = decideVerification(
          rows.map((r) => r.decision),
          value,
        );
        if (current.verification !== "pending" || status === "pending") return false;
        await tx.instance.update({ where: { id }, data: verificationFields(status) });
        await recordAudit(tx, {
          actorId,
          action: "perturb.settle",
          subjectId: id,
          details: { verification: status, requiredVerifiers: value },
        });
        return true;
      });
      if (changed) settled++;
    }
  }
  return { value, settled };
}
