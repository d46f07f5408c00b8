import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { seedDemoIfEmpty } from "./seed-demo";

describe.each(TEST_DATABASE_KINDS)("demo seed on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  test("seeds a realistic world once, then leaves the database alone", async () => {
    expect(await seedDemoIfEmpty(db.prisma)).toBe(true);
    const p = db.prisma;
    expect(await p.repository.count()).toBe(4);
    expect(await p.repository.count({ where: { selectionStatus: "rejected" } })).toBe(1);
    const prs = await p.pullRequest.findMany({ include: { linkedIssues: true } });
    expect(prs.length).toBe(4);
    expect(prs.every((pr) => pr.filesEdited >= 2)).toBe(true);
    expect(prs.some((pr) => pr.linkedIssues.length > 0)).toBe(true);
    expect(await p.timelineEntry.count({ where: { authorType: "Bot" } })).toBeGreaterThanOrEqual(3);
    expect(await p.timelineEntry.count({ where: { authorLogin: null, kind: { not: "commit" } } })).toBe(1);
    expect(await p.timelineEntry.count({ where: { kind: "inline_reply" } })).toBe(2);
    // PR authors' own comments never become instances
    const own = await p.instance.findMany({ include: { targetEntry: true, pullRequest: true } });
    expect(own.some((i) => i.targetEntry.authorLogin === i.pullRequest.authorLogin)).toBe(false);
    expect(own.length).toBeGreaterThan(15);
    expect(await seedDemoIfEmpty(db.prisma)).toBe(false);
    expect(await p.repository.count()).toBe(4);
  });
});
