import { describe, expect, test } from "vitest";
import { AUDIT_ACTIONS, type AuditEventInput } from "./audit-events";
import { readAuditEvent, type StoredAuditRow } from "./read-audit";
import { checkAuditEvent } from "./record-audit";
import { AUDIT_SAMPLES as SAMPLES, SAMPLE_AT as at } from "./testing/audit-samples";

/** The event as a row read back: details through JSON, as the database stores them. */
function stored(event: AuditEventInput): StoredAuditRow {
  const checked = checkAuditEvent(event);
  return {
    action: checked.action,
    subjectType: checked.subjectType,
    subjectId: checked.subjectId,
    actorId: checked.actorId ?? null,
    at: checked.at ?? at,
    details: checked.details === undefined ? null : JSON.parse(JSON.stringify(checked.details)),
  };
}

describe("audit events", () => {
  test("every action has one member, and each accepts what its writer passes and reads back what was stored", () => {
    expect([...AUDIT_ACTIONS].sort()).toEqual(Object.keys(SAMPLES).sort());
    expect(new Set(AUDIT_ACTIONS).size).toBe(AUDIT_ACTIONS.length);
    for (const sample of Object.values(SAMPLES)) {
      const read = readAuditEvent(stored(sample));
      expect(read, sample.action).toMatchObject({ typed: true, event: { action: sample.action, subjectId: sample.subjectId } });
    }
  });

  test("the subject type is fixed by the action; a date in the details is stored as its ISO string", () => {
    expect(checkAuditEvent(SAMPLES["label.submit"]).subjectType).toBe("instance");
    expect(checkAuditEvent(SAMPLES["session.sign_in_failed"]).subjectType).toBe("login");
    expect(checkAuditEvent(SAMPLES["split.create"]).subjectType).toBe("splitRun");
    const sentBack = checkAuditEvent(SAMPLES["instance.send_back"]);
    expect(sentBack.action === "instance.send_back" && sentBack.details.previousLabels[0].at).toBe("2026-03-01T09:30:00.000Z");
  });

  test("a wrong event is refused with the action and the field that does not fit", () => {
    const wrongValue = { ...SAMPLES["label.submit"], details: { value: "maybe" } } as unknown as AuditEventInput;
    expect(() => checkAuditEvent(wrongValue)).toThrow(/Audit event "label\.submit" refused:[\s\S]*details\.value/);
    const undeclared = { ...SAMPLES["assignment.skip"], details: { reason: "x", mood: "tired" } } as unknown as AuditEventInput;
    expect(() => checkAuditEvent(undeclared)).toThrow(/"mood"/);
    const wrongSubject = { ...SAMPLES["label.submit"], subjectType: "user" } as unknown as AuditEventInput;
    expect(() => checkAuditEvent(wrongSubject)).toThrow(/subjectType/);
    const unknown = { action: "label.create", subjectId: "i1" } as unknown as AuditEventInput;
    expect(() => checkAuditEvent(unknown)).toThrow(/Audit event "label\.create" refused/);
    expect(() => checkAuditEvent({ ...SAMPLES["demo.seed"], subjectId: "" })).toThrow(/subjectId/);
  });

  test("a row no member fits comes back untyped with its details as stored, never as an error", () => {
    const row = stored(SAMPLES["perturb.withdraw"]);
    // an action this code no longer writes
    expect(readAuditEvent({ ...row, action: "label.create", details: { v: 1 } })).toEqual({
      typed: false,
      action: "label.create",
      raw: '{"v":1}',
    });
    // an older shape of a known action: a field missing, another not declared
    expect(readAuditEvent({ ...row, details: { decision: "rejected" } })).toEqual({
      typed: false,
      action: "perturb.withdraw",
      raw: '{"decision":"rejected"}',
    });
    expect(readAuditEvent({ ...row, details: null })).toMatchObject({ typed: false, raw: "null" });
    expect(readAuditEvent({ ...row, details: [1, 2] })).toMatchObject({ typed: false, raw: "[1,2]" });
    // and a row read with more columns than the schema's is still the same event
    expect(readAuditEvent({ ...row, ...{ id: 7n, actor: { login: "carol" } } })).toMatchObject({ typed: true });
  });
});
