import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { manualQueue, recordManualDecision } from "@/lib/screen/manual-screening";
import { screeningFunnel } from "@/lib/screen/funnel";
import { loadFunnel } from "./load-card-context";

const count = (steps: Awaited<ReturnType<typeof loadFunnel>>, label: string) => steps.find((s) => s.label === label)!.count;

describe.each(TEST_DATABASE_KINDS)("the card's funnel on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  test("reports the screening page's drops, and a manual content-screening drop as an LLM-step drop", async () => {
    const p = db.prisma;
    const ruleDrops = (await screeningFunnel(p)).instances.filter((s) => s.kind === "rule").reduce((n, s) => n + s.dropped, 0);
    const before = await loadFunnel(p, 0);
    expect(ruleDrops).toBeGreaterThan(0);
    expect(count(before, "Dropped by rule filters")).toBe(ruleDrops);
    expect(count(before, "Dropped by LLM screening")).toBe(0);

    const admin = await p.user.findUniqueOrThrow({ where: { login: "admin" } });
    const queue = await manualQueue(p, "comment", { skip: 0, take: 1, inAnnotation: "include" });
    expect(queue.items.length).toBe(1);
    // the demo's comments are already in annotation: dropping one withdraws its open assignments, once confirmed
    await recordManualDecision(
      p,
      { level: "comment", itemId: queue.items[0].id, verdict: "drop", rationale: "Purely social.", withdraw: "confirm" },
      admin,
    );

    const after = await loadFunnel(p, 0);
    expect(count(after, "Dropped by rule filters")).toBe(ruleDrops);
    expect(count(after, "Dropped by LLM screening")).toBe(1);
  });
});
