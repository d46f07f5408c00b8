// A split or an export is audited by lib/, so one made from the CLI (no signed-in user) leaves the
// same trail as one made from the splits page.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { exportDataset } from "@/lib/export/export-dataset";
import { completeDemoLabels } from "@/lib/export/testing/label-demo-world";
import { createSplitRun } from "./create-split-run";

describe.each(TEST_DATABASE_KINDS)("split and export audit trail on %s", (kind) => {
  let db: Database;
  let root: string;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
    root = mkdtempSync(path.join(tmpdir(), "wb-split-audit-"));
    await completeDemoLabels(db.prisma);
  });
  afterAll(async () => {
    await db?.close();
    rmSync(root, { recursive: true, force: true });
  });

  test("a split and an export without an actor (CLI) are audited, and with one (page) name who", async () => {
    const admin = await db.prisma.user.findUniqueOrThrow({ where: { login: "admin" } });
    const cliRun = await createSplitRun(db.prisma, { seed: 7 });
    const pageRun = await createSplitRun(db.prisma, { seed: 8, actorId: admin.id });
    const exported = await exportDataset(db.prisma, { splitRunId: cliRun.splitRunId, exportsRoot: root });

    const events = await db.prisma.auditEvent.findMany({
      where: { action: { in: ["split.create", "export.create"] } },
      orderBy: { id: "asc" },
    });
    const of = (subjectId: string) => events.filter((e) => e.subjectId === subjectId).map((e) => [e.action, e.actorId]);
    expect(of(cliRun.splitRunId)).toEqual([["split.create", null]]);
    expect(of(pageRun.splitRunId)).toEqual([["split.create", admin.id]]);
    expect(of(exported.exportId)).toEqual([["export.create", null]]);
    expect(events.find((e) => e.subjectId === cliRun.splitRunId)?.details).toMatchObject({
      seed: 7,
      testShare: 0.3,
      validationShare: 0.15,
    });
  });
});
