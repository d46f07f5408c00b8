import { z } from "zod";
import { AppError } from "@/lib/errors";
import type { PrismaClient } from "@/lib/db/generated/client";
import { auditSampleSize, drawAuditSample } from "./audit-sample";
import { LLM_COMMENT_FILTER, LlmFilterKeySchema } from "./screening-filters";
import { recordAudit } from "@/lib/audit/record-audit";

// Paper §2: experts audit a random sample of the LLM's decisions, sized for a confidence level and
// margin of error (95% / 5% of 106,241 PRs → 383). The seed is stored so the draw can be repeated.

/** The seed the audit form offers (the demo draws its sample with it too, so a lead pressing the button gets the same draw). */
export const DEFAULT_AUDIT_SEED = 20250815;

export const CreateAuditSampleRequestSchema = z.object({
  filterKey: LlmFilterKeySchema,
  confidence: z.coerce
    .number({ error: "confidence must be a number such as 0.95" })
    .gt(0.5, { error: "confidence must be above 0.5 (e.g. 0.95)" })
    .lt(1, { error: "confidence must be below 1 (e.g. 0.95)" })
    .default(0.95),
  margin: z.coerce
    .number({ error: "margin must be a number such as 0.05" })
    .gt(0, { error: "margin must be above 0 (e.g. 0.05)" })
    .max(0.5, { error: "margin must be at most 0.5 (e.g. 0.05)" })
    .default(0.05),
  seed: z.coerce
    .number({ error: "seed must be a whole number" })
    .int({ error: "seed must be a whole number" })
    .min(0, { error: "seed must not be negative" })
    .max(2 ** 31 - 1, { error: "seed must be below 2^31" }),
});
export type CreateAuditSampleRequest = z.input<typeof CreateAuditSampleRequestSchema>;

/** The LLM's current decisions of a filter (people's manual decisions are not audited). */
async function llmDecisionIds(prisma: PrismaClient, filterKey: string): Promise<string[]> {
  const rows = await prisma.filterDecision.findMany({ where: { filterKey, model: { not: null } }, select: { id: true } });
  return rows.map((r) => r.id);
}

export async function createAuditSample(
  prisma: PrismaClient,
  input: CreateAuditSampleRequest,
  actorId: string | null,
): Promise<{ sampleId: string; population: number; size: number }> {
  const request = CreateAuditSampleRequestSchema.parse(input);
  const population = await llmDecisionIds(prisma, request.filterKey);
  if (population.length === 0) {
    throw new AppError("conflict", `There are no LLM decisions for ${request.filterKey} to audit yet: run the LLM screen first.`);
  }
  const size = auditSampleSize({ population: population.length, confidence: request.confidence, margin: request.margin });
  const drawn = drawAuditSample(population, size, request.seed);
  const sample = await prisma.auditSample.create({
    data: {
      subject: request.filterKey === LLM_COMMENT_FILTER ? "instance" : "pull_request",
      filterKey: request.filterKey,
      population: population.length,
      size,
      confidence: request.confidence,
      margin: request.margin,
      seed: request.seed,
    },
  });
  await prisma.auditItem.createMany({ data: drawn.map((decisionId) => ({ sampleId: sample.id, decisionId })) });
  await recordAudit(prisma, {
    actorId,
    action: "screen.audit.create",
    subjectId: sample.id,
    details: { filterKey: request.filterKey, population: population.length, size, seed: request.seed },
  });
  return { sampleId: sample.id, population: population.length, size };
}
