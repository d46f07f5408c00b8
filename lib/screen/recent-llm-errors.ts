// The LLM screening errors the /screen page lists: items a run skipped (the next run retries them),
// read back from the audit events run-llm-screening.ts writes.
import { z } from "zod";
import type { PrismaClient } from "@/lib/db/generated/client";

const LlmErrorDetailsSchema = z.object({
  filterKey: z.string().optional(),
  code: z.string().optional(),
  message: z.string().optional(),
});

export interface RecentLlmError {
  id: string;
  at: Date;
  subjectType: string;
  subjectId: string;
  filterKey: string | null;
  code: string | null;
  message: string | null;
}

export async function recentLlmScreeningErrors(prisma: PrismaClient, take = 8): Promise<RecentLlmError[]> {
  const events = await prisma.auditEvent.findMany({
    where: { action: "screen.llm.error" },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take,
  });
  return events.map((e) => {
    const details = LlmErrorDetailsSchema.safeParse(e.details);
    const d = details.success ? details.data : {};
    return {
      id: String(e.id),
      at: e.at,
      subjectType: e.subjectType,
      subjectId: e.subjectId,
      filterKey: d.filterKey ?? null,
      code: d.code ?? null,
      message: d.message ?? null,
    };
  });
}
