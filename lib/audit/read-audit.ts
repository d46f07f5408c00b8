// Audit rows read back through AuditEventSchema. The log is append-only, so rows written before a
// member was added or changed stay as they were: such a row comes back untyped with its details as
// raw JSON, for a reader to show as they are, never as an error.
import type { Prisma } from "@/lib/db/generated/client";
import { AuditEventSchema, type AuditEvent } from "./audit-events";

/** The columns of an AuditEvent row that the schema reads. */
export interface StoredAuditRow {
  action: string;
  subjectType: string;
  subjectId: string;
  actorId: string | null;
  at: Date;
  details: Prisma.JsonValue | null;
}

export const AUDIT_ROW_SELECT = {
  action: true,
  subjectType: true,
  subjectId: true,
  actorId: true,
  at: true,
  details: true,
} as const satisfies Prisma.AuditEventSelect;

export type ReadAuditEvent =
  | { typed: true; event: AuditEvent }
  /** an action no member knows, or details that do not fit its member: `raw` is the details as stored */
  | { typed: false; action: string; raw: string };

export function readAuditEvent(row: StoredAuditRow): ReadAuditEvent {
  // only the schema's columns: a row read with more (its id, the actor's login) is still the same event
  const { action, subjectType, subjectId, actorId, at, details } = row;
  const columns = { action, subjectType, subjectId, actorId, at };
  const parsed = AuditEventSchema.safeParse(details === null ? columns : { ...columns, details });
  if (parsed.success) return { typed: true, event: parsed.data };
  return { typed: false, action, raw: JSON.stringify(details) };
}
