// Reads every annotator label (adjudications are decisions, not ratings) and builds the report.
import type { PrismaClient } from "@/lib/db/generated/client";
import { agreementReport, type AgreementReport } from "./agreement-report";

export async function loadAgreement(prisma: PrismaClient): Promise<AgreementReport> {
  const labels = await prisma.label.findMany({
    where: { instance: { source: "human" } },
    select: {
      instanceId: true,
      value: true,
      createdAt: true,
      annotator: { select: { login: true } },
      instance: { select: { pullRequest: { select: { repository: { select: { fullName: true } } } } } },
    },
  });
  return agreementReport(
    labels.map((l) => ({
      instanceId: l.instanceId,
      repository: l.instance.pullRequest.repository.fullName,
      annotator: l.annotator.login,
      value: l.value,
      createdAt: l.createdAt,
    })),
  );
}
