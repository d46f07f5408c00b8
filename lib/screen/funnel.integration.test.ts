import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { createLlmClient } from "@/lib/llm/client";
import { createDbLlmCache } from "@/lib/llm/db-cache";
import { startFakeOpenAiServer, type FakeOpenAiServer } from "@/lib/llm/testing/fake-openai-server";
import { droppedItems } from "./dropped-items";
import { screeningFunnel, type ScreeningFunnelStep } from "./funnel";
import { countDescriptionWords } from "./is-thin-pr-description";
import { DEFAULT_RULE_CONFIG } from "./rule-config";
import { runLlmScreening } from "./run-llm-screening";
import { runRuleScreening } from "./run-rule-screening";
import { seedSyntheticCorpus } from "@/lib/demo/seed-synthetic-corpus";
import { scriptedScreenAnswer } from "./testing/scripted-screen-answers";

// The whole funnel end to end over the database on a generated corpus (the 75,000-comment run is
// `npx tsx scripts/screen.ts corpus`; this keeps the suite fast).

const step = (steps: ScreeningFunnelStep[], id: string) => {
  const found = steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
};

function expectChained(steps: ScreeningFunnelStep[]) {
  for (let i = 1; i < steps.length; i++) {
    expect(steps[i].reached, `${steps[i].id} receives what ${steps[i - 1].id} left`).toBe(steps[i - 1].remaining);
    expect(steps[i].remaining).toBe(steps[i].reached - steps[i].dropped);
  }
}

describe.each(TEST_DATABASE_KINDS)("screening funnel on %s", (kind) => {
  let db: Database;
  let server: FakeOpenAiServer;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    await seedSyntheticCorpus(db.prisma, { comments: 400, seed: 2025 });
    server = await startFakeOpenAiServer({ respond: scriptedScreenAnswer });
  });
  afterAll(async () => {
    await server?.close();
    await db?.close();
  });

  test("counts after every step, attributes each drop once, and lists what a step dropped", async () => {
    const { prisma } = db;
    const before = await screeningFunnel(prisma);
    expect(step(before.instances, "instance:bot_author")).toMatchObject({ dropped: 0, awaiting: before.instances[0].reached });

    await runRuleScreening(prisma, DEFAULT_RULE_CONFIG);
    const afterRules = await screeningFunnel(prisma);
    const prs = await prisma.pullRequest.findMany({ select: { body: true } });
    const thin = prs.filter((p) => countDescriptionWords(p.body) < 40).length;
    expect(thin).toBeGreaterThan(0);
    expect(step(afterRules.pullRequests, "pr:pr_description_length")).toMatchObject({ reached: prs.length, dropped: thin, awaiting: 0 });
    expect(step(afterRules.pullRequests, "pr:llm:pr")).toMatchObject({ dropped: 0, awaiting: prs.length - thin });
    expect(step(afterRules.instances, "instance:llm:comment").awaiting).toBe(step(afterRules.instances, "instance:llm:comment").reached);
    for (const rule of ["bot_author", "short_comment", "acknowledgement", "lgtm_prefix"]) {
      expect(step(afterRules.instances, `instance:${rule}`).dropped, rule).toBeGreaterThan(0);
    }

    const client = createLlmClient({ baseUrl: server.url, model: "fake-judge" });
    const deps = { client, cache: createDbLlmCache(prisma) };
    const prReport = await runLlmScreening(prisma, deps, { level: "pr" });
    const commentReport = await runLlmScreening(prisma, deps, { level: "comment" });
    expect(prReport.dropped).toBeGreaterThan(0);
    expect(commentReport.errors).toEqual([]);

    const funnel = await screeningFunnel(prisma);
    expectChained(funnel.pullRequests);
    expectChained(funnel.instances);
    expect(step(funnel.pullRequests, "pr:llm:pr")).toMatchObject({ dropped: prReport.dropped, awaiting: 0 });
    expect(step(funnel.instances, "instance:llm:comment")).toMatchObject({ dropped: commentReport.dropped, awaiting: 0 });
    const last = funnel.instances[funnel.instances.length - 1];
    expect(last.remaining).toBe(await prisma.instance.count({ where: { stage: "screened" } }));
    expect(funnel.instances[0].remaining - last.remaining).toBe(await prisma.instance.count({ where: { stage: "filtered_out" } }));
    expect(await prisma.pullRequest.count({ where: { screeningStatus: "kept" } })).toBe(funnel.pullRequests.at(-1)!.remaining);
    expect(step(funnel.instances, "instance:bot_author").lastRun).toMatchObject({ version: "crjudgebench-rules/1.0.0" });

    const bots = step(funnel.instances, "instance:bot_author");
    const page1 = await droppedItems(prisma, { step: bots.id, pageSize: 5 });
    const page2 = await droppedItems(prisma, { step: bots.id, pageSize: 5, page: 2 });
    expect(page1.total).toBe(bots.dropped);
    expect(page1.items).toHaveLength(Math.min(5, bots.dropped));
    expect(page1.items.every((i) => /bot|Bot/.test(i.rationale) && i.filterKey === "bot_author")).toBe(true);
    expect(page2.items.map((i) => i.id)).not.toContain(page1.items[0].id);

    const cascade = await droppedItems(prisma, { step: "instance:pr_screening", pageSize: 200 });
    expect(cascade.total).toBe(step(funnel.instances, "instance:pr_screening").dropped);
    expect(cascade.items.every((i) => i.rationale.startsWith("PR dropped: "))).toBe(true);
    expect(cascade.items.some((i) => i.rationale.includes("[external_dependency]"))).toBe(true);

    const llmDrops = await droppedItems(prisma, { step: "instance:llm:comment" });
    expect(llmDrops.total).toBe(commentReport.dropped);
    expect(llmDrops.items.every((i) => i.model === "fake-judge" && i.promptVersion === "comment-screen.v1")).toBe(true);

    await expect(droppedItems(prisma, { step: "instance:nonsense" })).rejects.toMatchObject({ code: "not_found" });
  });
});
