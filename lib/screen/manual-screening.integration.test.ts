import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { ZodError } from "zod";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { screeningFunnel } from "./funnel";
import { manualQueue, recordManualDecision } from "./manual-screening";
import { DEFAULT_RULE_CONFIG } from "./rule-config";
import { runRuleScreening } from "./run-rule-screening";
import { seedScreeningFixture, type ScreeningFixture } from "./testing/screening-fixture";

describe.each(TEST_DATABASE_KINDS)("manual screening queue on %s", (kind) => {
  let db: Database;
  let fx: ScreeningFixture;
  const admin = { id: "", login: "admin" };
  // a fresh database per test: screened by the rules, nothing decided by hand yet
  beforeEach(async () => {
    db = await openTestDatabase(kind);
    admin.id = (await db.prisma.user.create({ data: { login: "admin", name: "Ada", passwordHash: "x", roles: ["admin"] } })).id;
    fx = await seedScreeningFixture(db.prisma);
    await runRuleScreening(db.prisma, DEFAULT_RULE_CONFIG);
  });
  afterEach(async () => db?.close());

  test("without an LLM, an admin keeps or drops what the rules left, and the funnel counts it like the LLM's", async () => {
    const queue = await manualQueue(db.prisma, "comment");
    expect(queue.total).toBe(3);
    expect(queue.items.map((i) => i.id).sort()).toEqual(
      [fx.instanceIdByComment.nullCheck, fx.instanceIdByComment.missingTest, fx.instanceIdByComment.formatting].sort(),
    );
    expect((await manualQueue(db.prisma, "pr")).items.map((i) => i.id)).toEqual([fx.fullPrId]);

    await recordManualDecision(
      db.prisma,
      {
        level: "comment",
        itemId: fx.instanceIdByComment.formatting,
        verdict: "drop",
        rationale: "Whitespace-only remark.",
      },
      admin,
    );
    const decision = await db.prisma.filterDecision.findFirstOrThrow({
      where: { instanceId: fx.instanceIdByComment.formatting, filterKey: "llm:comment" },
    });
    expect(decision).toMatchObject({
      verdict: "drop",
      model: null,
      promptVersion: "manual",
      rationale: "Whitespace-only remark. (manual decision by admin)",
    });
    expect((await db.prisma.instance.findUniqueOrThrow({ where: { id: fx.instanceIdByComment.formatting } })).stage).toBe("filtered_out");
    expect((await manualQueue(db.prisma, "comment")).total).toBe(2);

    await recordManualDecision(
      db.prisma,
      { level: "comment", itemId: fx.instanceIdByComment.nullCheck, verdict: "keep", rationale: "Checkable claim about None." },
      admin,
    );
    const funnel = await screeningFunnel(db.prisma);
    expect(funnel.instances.find((s) => s.id === "instance:llm:comment")).toMatchObject({ dropped: 1, awaiting: 1, remaining: 2 });
    const run = await db.prisma.filterRun.findFirstOrThrow({ where: { filterKey: "llm:comment", version: "manual" } });
    expect(run).toMatchObject({ kept: 1, dropped: 1 });
    expect(await db.prisma.auditEvent.count({ where: { action: "screen.manual.decide", actorId: admin.id } })).toBe(2);

    // a PR-level drop takes the PR's instances with it
    await recordManualDecision(
      db.prisma,
      { level: "pr", itemId: fx.fullPrId, verdict: "drop", rationale: "Relies on an offline design discussion." },
      admin,
    );
    expect((await db.prisma.pullRequest.findUniqueOrThrow({ where: { id: fx.fullPrId } })).screeningStatus).toBe("dropped");
    expect((await db.prisma.instance.findUniqueOrThrow({ where: { id: fx.instanceIdByComment.nullCheck } })).stage).toBe("filtered_out");
    expect((await manualQueue(db.prisma, "comment")).total).toBe(0);
  });

  test("refuses items that are not waiting, and rationales too short to read", async () => {
    await recordManualDecision(
      db.prisma,
      {
        level: "comment",
        itemId: fx.instanceIdByComment.formatting,
        verdict: "drop",
        rationale: "Whitespace-only remark.",
      },
      admin,
    );
    await expect(
      recordManualDecision(
        db.prisma,
        { level: "comment", itemId: fx.instanceIdByComment.codecov, verdict: "keep", rationale: "Looks technical to me." },
        admin,
      ),
    ).rejects.toMatchObject({ code: "conflict" });
    await expect(
      recordManualDecision(
        db.prisma,
        { level: "comment", itemId: fx.instanceIdByComment.formatting, verdict: "keep", rationale: "Changed my mind." },
        admin,
      ),
    ).rejects.toThrow(/already decided/);
    await expect(
      recordManualDecision(db.prisma, { level: "pr", itemId: fx.fullPrId, verdict: "drop", rationale: "no" }, admin),
    ).rejects.toThrow(ZodError);
  });
});
