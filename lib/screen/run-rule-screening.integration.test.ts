import { tryNamedLock } from "@/lib/db/named-lock";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { DEFAULT_RULE_CONFIG } from "./rule-config";
import { runRuleScreening } from "./run-rule-screening";
import { INSTANCE_RULE_KEYS } from "./screening-filters";
import { seedScreeningFixture, type ScreeningFixture } from "./testing/screening-fixture";

async function resetScreening(db: Database) {
  await db.prisma.filterRun.deleteMany();
  await db.prisma.instance.updateMany({ data: { stage: "candidate" } });
  await db.prisma.pullRequest.updateMany({ data: { screeningStatus: "pending" } });
}

describe.each(TEST_DATABASE_KINDS)("rule screening on %s", (kind) => {
  let db: Database;
  let fx: ScreeningFixture;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    fx = await seedScreeningFixture(db.prisma);
  });
  afterAll(async () => db?.close());
  beforeEach(async () => resetScreening(db));

  const stageOf = async (key: keyof ScreeningFixture["instanceIdByComment"]) =>
    (await db.prisma.instance.findUniqueOrThrow({ where: { id: fx.instanceIdByComment[key] } })).stage;
  const decisionsOf = (key: keyof ScreeningFixture["instanceIdByComment"]) =>
    db.prisma.filterDecision.findMany({ where: { instanceId: fx.instanceIdByComment[key] }, orderBy: { filterKey: "asc" } });

  test("stores every rule's decision with its reason and moves stages", async () => {
    const report = await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);

    expect(report.instancesScreened).toBe(9);
    expect(report.pullRequestsScreened).toBe(2);
    expect(report.runs.map((r) => r.filterKey)).toEqual(["pr_description_length", ...INSTANCE_RULE_KEYS]);
    expect(report.runs.find((r) => r.filterKey === "bot_author")).toMatchObject({ kept: 7, dropped: 2 });
    expect(await db.prisma.filterDecision.count({ where: { subject: "instance" } })).toBe(9 * INSTANCE_RULE_KEYS.length);

    const codecov = await decisionsOf("codecov");
    expect(codecov.find((d) => d.filterKey === "bot_author")).toMatchObject({
      verdict: "drop",
      rationale: 'Author "codecov[bot]" has GitHub account type Bot.',
    });
    const custom = (await decisionsOf("customBot")).find((d) => d.filterKey === "bot_author");
    expect(custom?.rationale).toContain("matches bot name pattern");
    const thanks = (await decisionsOf("thanks")).find((d) => d.filterKey === "acknowledgement");
    expect(thanks).toMatchObject({ verdict: "drop" });
    expect(thanks?.rationale).toContain('"thanks a lot" + "done"');

    const thinPr = await db.prisma.pullRequest.findUniqueOrThrow({ where: { id: fx.thinPrId }, include: { filterDecisions: true } });
    expect(thinPr.screeningStatus).toBe("dropped");
    expect(thinPr.filterDecisions[0].rationale).toMatch(/^PR description has 2 words \(minimum 40\)/);
    expect((await db.prisma.pullRequest.findUniqueOrThrow({ where: { id: fx.fullPrId } })).screeningStatus).toBe("kept");

    for (const kept of ["nullCheck", "missingTest", "formatting"] as const) expect(await stageOf(kept)).toBe("screened");
    for (const dropped of ["thanks", "lgtm", "nit", "codecov", "customBot"] as const) expect(await stageOf(dropped)).toBe("filtered_out");
    // the thin PR's own comment passes every instance rule but goes with its PR
    expect((await decisionsOf("onThinPr")).every((d) => d.verdict === "keep")).toBe(true);
    expect(await stageOf("onThinPr")).toBe("filtered_out");
    expect(report.stages.instances).toMatchObject({ screened: 3, filteredOut: 6, candidate: 0 });

    const run = await db.prisma.filterRun.findFirstOrThrow({ where: { filterKey: "short_comment" } });
    expect(run.finishedAt).not.toBeNull();
    expect(run.config).toMatchObject({ fingerprint: report.fingerprint, rules: { minCommentChars: 10 } });
  });

  test("running twice gives the same decisions and stages, with each run recorded", async () => {
    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);
    const first = await db.prisma.filterDecision.findMany({
      select: { instanceId: true, pullRequestId: true, filterKey: true, verdict: true, rationale: true },
    });
    const stagesBefore = await db.prisma.instance.findMany({ select: { id: true, stage: true }, orderBy: { id: "asc" } });
    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG, { chunkSize: 4 });
    const second = await db.prisma.filterDecision.findMany({
      select: { instanceId: true, pullRequestId: true, filterKey: true, verdict: true, rationale: true },
    });
    const key = (d: (typeof first)[number]) => `${d.filterKey}|${d.instanceId ?? d.pullRequestId}`;
    expect(second.map(key).sort()).toEqual(first.map(key).sort());
    expect(new Set(second.map(key)).size).toBe(second.length);
    expect(second.sort((a, b) => key(a).localeCompare(key(b)))).toEqual(first.sort((a, b) => key(a).localeCompare(key(b))));
    expect(await db.prisma.instance.findMany({ select: { id: true, stage: true }, orderBy: { id: "asc" } })).toEqual(stagesBefore);
    expect(await db.prisma.filterRun.count({ where: { filterKey: "bot_author" } })).toBe(2);
  });

  test("re-running one filter with a new threshold replaces only that filter's decisions", async () => {
    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);
    const others = await db.prisma.filterDecision.findMany({ where: { filterKey: { not: "short_comment" } }, select: { id: true } });
    expect(await stageOf("nit")).toBe("filtered_out");

    const report = await runRuleScreening(db.prisma, { ...DEFAULT_RULE_CONFIG, minCommentChars: 2 }, { only: "short_comment" });

    expect(report.runs).toHaveLength(1);
    expect(report.runs[0]).toMatchObject({ filterKey: "short_comment", kept: 9, dropped: 0 });
    const untouched = await db.prisma.filterDecision.findMany({ where: { filterKey: { not: "short_comment" } }, select: { id: true } });
    expect(untouched.map((d) => d.id).sort()).toEqual(others.map((d) => d.id).sort());
    const nit = (await decisionsOf("nit")).find((d) => d.filterKey === "short_comment");
    expect(nit).toMatchObject({ verdict: "keep", rationale: "Comment is 3 characters after trimming (minimum 2)." });
    expect(await stageOf("nit")).toBe("screened");
    expect(await db.prisma.filterDecision.count({ where: { filterKey: "short_comment" } })).toBe(9);
  });

  test("a PR rule re-run brings its instances back; instances past screening are reported, not moved", async () => {
    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);
    await db.prisma.instance.update({ where: { id: fx.instanceIdByComment.missingTest }, data: { stage: "annotating" } });

    const report = await runRuleScreening(db.prisma, { ...DEFAULT_RULE_CONFIG, minPrDescriptionWords: 0, minCommentChars: 200 });

    expect(await stageOf("onThinPr")).toBe("filtered_out"); // now too short at 200 characters
    expect((await db.prisma.pullRequest.findUniqueOrThrow({ where: { id: fx.thinPrId } })).screeningStatus).toBe("kept");
    expect(await stageOf("missingTest")).toBe("annotating");
    expect(report.stages.lockedButDropped).toBe(1);

    await runRuleScreening(db.prisma, { ...DEFAULT_RULE_CONFIG, minPrDescriptionWords: 0 });
    expect(await stageOf("onThinPr")).toBe("screened");
  });

  test("instances created after a run stay candidates until every rule has decided them", async () => {
    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);
    const pr = await db.prisma.pullRequest.findUniqueOrThrow({ where: { id: fx.fullPrId } });
    const entry = await db.prisma.timelineEntry.create({
      data: {
        pullRequestId: pr.id,
        kind: "inline",
        githubId: 1990005555n,
        authorLogin: "phofl",
        authorType: "User",
        createdAt: new Date(),
        body: "Should `encoding_errors` also be validated against the codecs registry up front?",
      },
    });
    const late = await db.prisma.instance.create({ data: { pullRequestId: pr.id, targetEntryId: entry.id } });

    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG, { only: "bot_author" });
    expect((await db.prisma.instance.findUniqueOrThrow({ where: { id: late.id } })).stage).toBe("candidate");
    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);
    expect((await db.prisma.instance.findUniqueOrThrow({ where: { id: late.id } })).stage).toBe("screened");
    await db.prisma.timelineEntry.delete({ where: { id: entry.id } });
  });

  test("a comment a crawl stored after the instances were made becomes an instance when the rules run", async () => {
    const entry = await db.prisma.timelineEntry.create({
      data: {
        pullRequestId: fx.fullPrId,
        kind: "inline",
        githubId: 1990006666n,
        authorLogin: "phofl",
        authorType: "User",
        createdAt: new Date(),
        body: "Could `read_csv` reject an unknown `encoding_errors` value before opening the file?",
      },
    });
    const report = await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);
    expect(report.instancesCreated).toBe(1);
    const made = await db.prisma.instance.findMany({ where: { targetEntryId: entry.id } });
    expect(made.map((i) => i.stage)).toEqual(["screened"]);
    expect((await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG)).instancesCreated).toBe(0);
    await db.prisma.timelineEntry.delete({ where: { id: entry.id } });
  });

  test("a second run while one holds the lock is refused with a message, and nothing is written", async () => {
    // another run (an admin's click, a script) holds the family's lock
    const other = await tryNamedLock(db.prisma, "screen:rules");
    expect(other).not.toBeNull();
    try {
      await expect(runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG)).rejects.toMatchObject({ code: "busy" });
      expect(await db.prisma.filterRun.count()).toBe(0);
    } finally {
      await other?.();
    }
    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);
    // the run let go of it
    const after = await tryNamedLock(db.prisma, "screen:rules");
    expect(after).not.toBeNull();
    await after?.();
  });
});
