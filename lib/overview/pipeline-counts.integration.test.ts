import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { pipelineCounts } from "./pipeline-counts";

describe.each(TEST_DATABASE_KINDS)("pipeline counts on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  test("match what is stored, stage by stage", async () => {
    const p = db.prisma;
    const c = await pipelineCounts(p);
    expect(c.repositories).toEqual({ total: 4, selected: 3, rejected: 1, candidate: 0 });
    expect(c.pullRequests.total).toBe(4);
    expect(c.instances.total).toBe(await p.instance.count({ where: { source: "human" } }));
    expect(Object.values(c.instances.byStage).reduce((a, b) => a + b, 0)).toBe(c.instances.total);
    // the demo seed runs every stage, so its latest split is what the overview shows
    const latest = await p.splitRun.findFirst({ orderBy: { createdAt: "desc" } });
    if (latest) {
      const assigned = await p.splitAssignment.count({ where: { splitRunId: latest.id } });
      expect(c.splits!.train + c.splits!.validation + c.splits!.test).toBe(assigned);
    } else expect(c.splits).toBeNull();

    // an instance the demo left unlabelled, so the changes below move each count by exactly one
    const first = await p.instance.findFirstOrThrow({
      where: { source: "human", stage: { not: "labelled" }, labels: { none: { annotator: { login: "alice" } } } },
      orderBy: { id: "asc" },
    });
    await p.instance.update({ where: { id: first.id }, data: { stage: "labelled" } });
    const user = await p.user.findFirstOrThrow({ where: { login: "alice" } });
    await p.label.create({ data: { instanceId: first.id, annotatorId: user.id, value: "untrustworthy" } });
    await p.instance.create({
      data: {
        pullRequestId: first.pullRequestId,
        targetEntryId: first.targetEntryId,
        source: "perturbation",
        perturbationKind: "symbol",
        parentId: first.id,
        verification: "accepted",
      },
    });
    const run = await p.splitRun.create({ data: { seed: 42, params: {} } });
    await p.splitAssignment.create({ data: { splitRunId: run.id, instanceId: first.id, split: "test" } });

    const after = await pipelineCounts(p);
    expect(after.instances.byStage.labelled).toBe(c.instances.byStage.labelled + 1);
    expect(after.instances.total).toBe(c.instances.total); // perturbations are counted apart
    expect(after.labels.untrustworthy).toBe(c.labels.untrustworthy + 1);
    expect(after.perturbations).toMatchObject({
      total: c.perturbations.total + 1,
      symbol: c.perturbations.symbol + 1,
      accepted: c.perturbations.accepted + 1,
    });
    expect(after.splits).toMatchObject({ runId: run.id, train: 0, validation: 0, test: 1 });
    expect(after.labels.adjudications).toBe(await p.adjudication.count());
  });
});
