// The LLM screening errors the /screen page lists: items a run skipped (the next run retries them),
// read back from the audit events run-llm-screening.ts writes.
import { AUDIT_ROW_SELECT, readAuditEvent } from "@/lib/audit/read-audit";
import type { PrismaClient } from "@/lib/db/generated/client";

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
    select: { id: true, ...AUDIT_ROW_SELECT },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take,
  });
  return events.map((e) => {
    const read = readAuditEvent(e);
    const typed = read.typed && read.event.action === "screen.llm.error" ? read.event.details : null;
    return {
      id: String(e.id),
      at: e.at,
      subjectType: e.subjectType,
      subjectId: e.subjectId,
      filterKey: typed?.filterKey ?? null,
      code: typed?.code ?? null,
      // a row that does not fit the schema shows its details as stored
      message: typed ? typed.message : read.typed ? null : read.raw,
    };
  });
}
