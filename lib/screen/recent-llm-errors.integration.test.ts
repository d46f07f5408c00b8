import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { recordAudit } from "@/lib/audit/record-audit";
import { AUDIT_SAMPLES } from "@/lib/audit/testing/audit-samples";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { recentLlmScreeningErrors } from "./recent-llm-errors";

describe.each(TEST_DATABASE_KINDS)("recent LLM screening errors, on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  test("an error is listed from its typed details; an older row that does not fit shows its details as stored", async () => {
    // written before the audit log was typed (no run, prompt or attempts), as the append-only table keeps it
    await db.prisma.auditEvent.create({
      data: {
        at: new Date("2026-03-01T10:00:00.000Z"),
        action: "screen.llm.error",
        subjectType: "pull_request",
        subjectId: "pr-old",
        details: { code: "timeout", message: "no answer" },
      },
    });
    await recordAudit(db.prisma, { ...AUDIT_SAMPLES["screen.llm.error"], at: new Date("2026-03-02T10:00:00.000Z"), subjectId: "i-new" });
    const errors = await recentLlmScreeningErrors(db.prisma);
    expect(errors.map(({ id: _, ...e }) => e)).toEqual([
      {
        at: new Date("2026-03-02T10:00:00.000Z"),
        subjectType: "instance",
        subjectId: "i-new",
        filterKey: "llm:comment",
        code: "llm_unavailable",
        message: "503",
      },
      {
        at: new Date("2026-03-01T10:00:00.000Z"),
        subjectType: "pull_request",
        subjectId: "pr-old",
        filterKey: null,
        code: null,
        message: expect.stringMatching(/^\{.*"code":\s?"timeout".*\}$/),
      },
    ]);
  });
});
