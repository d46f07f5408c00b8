import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { auditSampleSummaries } from "@/lib/screen/audit-sample-view";
import { DEMO_SCREEN_MODEL } from "./demo-pr-audit";
import { seedDemoIfEmpty } from "./seed-demo";
import { DEMO_JUDGE_RUN } from "./seed-demo-judge";

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
    // the LLM PR audit's written answers keep three PRs; the experts' audit of them is partway
    expect(await p.filterDecision.count({ where: { filterKey: "llm:pr", verdict: "keep", model: DEMO_SCREEN_MODEL } })).toBe(3);
    expect(await p.filterDecision.count({ where: { filterKey: "llm:pr" } })).toBe(3);
    const samples = await auditSampleSummaries(p);
    expect(samples.map((s) => [s.filterKey, s.size, s.status])).toEqual([
      ["llm:pr", 3, { agreed: 1, adjudicated: 1, needs_adjudication: 0, awaiting_reviews: 1 }],
    ]);
    // one finished judge run, scored
    expect(await p.judgeRun.findMany({ select: { name: true, status: true } })).toEqual([
      { name: DEMO_JUDGE_RUN.name, status: "succeeded" },
    ]);
    expect(await p.evalRun.count({ where: { name: { startsWith: DEMO_JUDGE_RUN.name } } })).toBe(2);
    expect(await seedDemoIfEmpty(db.prisma)).toBe(false);
    expect(await p.repository.count()).toBe(4);
  });
});
