import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { saveUser } from "@/lib/auth/save-user";
import { signIn } from "@/lib/auth/sessions";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { saveRequiredVerifiers } from "@/lib/perturb/required-verifiers";
import { resetRuleConfig, saveRuleConfig } from "@/lib/screen/rule-config-store";
import { DEFAULT_RULE_CONFIG } from "@/lib/screen/rule-config";
import type { AuditEventInput } from "./audit-events";
import { AUDIT_ROW_SELECT, readAuditEvent } from "./read-audit";
import { recordAudit, recordAudits } from "./record-audit";

describe.each(TEST_DATABASE_KINDS)("the audit log's writers, on %s", (kind) => {
  let db: Database;
  let adminId: string;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    adminId = (await db.prisma.user.findUniqueOrThrow({ where: { login: "admin" } })).id;
  });
  afterAll(async () => db?.close());

  const untypedRows = async () =>
    (await db.prisma.auditEvent.findMany({ select: AUDIT_ROW_SELECT, orderBy: { id: "asc" } })).map(readAuditEvent).filter((r) => !r.typed);

  test("what the real writers store reads back typed: the demo's seeding and the account and settings writers", async () => {
    const seeded = await db.prisma.auditEvent.groupBy({ by: ["action"], _count: { _all: true } });
    // the demo world runs assignment, labelling, adjudication, perturbation, split and export through their writers
    expect(seeded.map((g) => g.action)).toEqual(
      expect.arrayContaining(["instance.assign", "label.submit", "instance.stage", "perturb.create", "split.create", "demo.seed"]),
    );
    await saveUser(db.prisma, { login: "audit-dave", roles: ["annotator"], password: "long enough" });
    await saveUser(db.prisma, { login: "audit-dave", roles: ["annotator", "adjudicator"], password: "long enough" });
    expect(await signIn(db.prisma, "audit-dave", "wrong password", { address: "10.0.0.7" })).toBeNull();
    expect(await signIn(db.prisma, "audit-dave", "long enough", { address: "10.0.0.7" })).not.toBeNull();
    expect(await saveRuleConfig(db.prisma, DEFAULT_RULE_CONFIG, adminId)).toMatchObject({ ok: true });
    await resetRuleConfig(db.prisma, adminId);
    await saveRequiredVerifiers(db.prisma, 3, adminId);

    expect(await untypedRows()).toEqual([]);
    const failed = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: "session.sign_in_failed", subjectId: "audit-dave" } });
    expect(failed).toMatchObject({ subjectType: "login", actorId: null, details: { address: "10.0.0.7" } });
    const reset = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: "screen.rules.reset" } });
    expect(reset).toMatchObject({ subjectType: "setting", actorId: adminId, details: null });
  });

  test("recordAudit stores the columns and details it was given, a date in the details as its ISO string", async () => {
    const at = new Date("2026-03-02T10:00:00.000Z");
    const event: AuditEventInput = {
      action: "instance.reopen",
      at,
      actorId: adminId,
      subjectId: "audit-instance",
      details: {
        note: "wrong call",
        previous: { adjudicator: "carol", value: "trustworthy", rationale: "fine", at: new Date("2026-03-01T09:30:00.000Z") },
      },
    };
    const row = await recordAudit(db.prisma, event);
    expect(row).toMatchObject({
      action: "instance.reopen",
      at,
      actorId: adminId,
      subjectType: "instance",
      subjectId: "audit-instance",
      details: {
        note: "wrong call",
        previous: { adjudicator: "carol", value: "trustworthy", rationale: "fine", at: "2026-03-01T09:30:00.000Z" },
      },
    });
    expect(readAuditEvent(row)).toMatchObject({ typed: true, event: { action: "instance.reopen" } });
  });

  test("a refused event writes nothing: not itself, not the rest of its batch, not the setting it went with", async () => {
    const before = await db.prisma.auditEvent.count();
    const bad = { action: "setting.update", actorId: adminId, subjectId: "annotation.overlap", details: { from: 2, to: "three" } };
    // recordAudit checks before it returns Prisma's (lazy) promise, so the batch never starts
    await expect(
      (async () =>
        db.prisma.$transaction([
          db.prisma.setting.create({ data: { key: "audit-test.refused", value: 3 } }),
          recordAudit(db.prisma, bad as unknown as AuditEventInput),
        ]))(),
    ).rejects.toThrow(/Audit event "setting.update" refused[\s\S]*details\.to/);
    await expect(
      (async () =>
        recordAudits(db.prisma, [
          { action: "demo.seed", subjectId: "demo" },
          { action: "demo.seed", subjectId: "" },
        ]))(),
    ).rejects.toThrow(/subjectId/);
    expect(await db.prisma.setting.findUnique({ where: { key: "audit-test.refused" } })).toBeNull();
    expect(await db.prisma.auditEvent.count()).toBe(before);
  });
});
