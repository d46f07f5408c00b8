// The one way an audit event is written: checked against its action's member of AuditEventSchema first,
// so a wrong subject or a detail the action does not declare fails the writer's transaction instead of
// landing in the append-only log. Not async: the Prisma promise it returns can stand in a batch
// $transaction([...]) as well as be awaited inside an interactive one.
import { z } from "zod";
import type { Prisma } from "@/lib/db/generated/client";
import { AUDIT_ACTIONS, type AuditEvent, type AuditEventInput, AuditEventSchema } from "./audit-events";

/** A client or a transaction: anything that can write audit events. */
export type AuditWriter = Pick<Prisma.TransactionClient, "auditEvent">;

/** The event as it is stored, or an Error naming the action and every field that does not fit (a bug in the writer). */
export function checkAuditEvent(event: AuditEventInput): AuditEvent {
  if (!AUDIT_ACTIONS.includes(event.action))
    throw new Error(`Audit event "${String(event.action)}" refused: no member of AuditEventSchema declares this action`);
  const parsed = AuditEventSchema.safeParse(event);
  if (parsed.success) return parsed.data;
  throw new Error(`Audit event "${String(event.action)}" refused:\n${z.prettifyError(parsed.error)}`, { cause: parsed.error });
}

export function recordAudit(db: AuditWriter, event: AuditEventInput) {
  // details left undefined (an action that has none) are not written: the column stays NULL
  return db.auditEvent.create({ data: checkAuditEvent(event) });
}

/** Many events in one statement (an assignment batch, a run's failed items); all are checked before any is written. */
export function recordAudits(db: AuditWriter, events: readonly AuditEventInput[]) {
  return db.auditEvent.createMany({ data: events.map(checkAuditEvent) });
}
