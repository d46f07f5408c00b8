import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS, type TestDatabaseKind } from "@/lib/db/testing/test-database";
import { createJobRun } from "./job-run-record";

describe.each(TEST_DATABASE_KINDS)("job run rows on %s", (kind: TestDatabaseKind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await db.close();
  });

  test("the sender and a worker creating the same row at once both succeed, and one row results", async () => {
    const row = { id: `race-${kind}`, kind: "screen", payload: { v: 1 } };
    await Promise.all(Array.from({ length: 8 }, () => createJobRun(db.prisma, row)));
    expect(await db.prisma.jobRun.count({ where: { id: row.id } })).toBe(1);
    await createJobRun(db.prisma, { ...row, payload: { v: 2 } });
    expect((await db.prisma.jobRun.findUniqueOrThrow({ where: { id: row.id } })).payload).toEqual({ v: 1 });
  });
});
