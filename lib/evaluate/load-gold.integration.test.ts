import { afterAll, beforeAll, describe, expect, it, test } from "vitest";
import type { Database } from "@/lib/db/connection";
import { openTestDatabase, TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { isAppError } from "@/lib/errors";
import { buildSmallExport, SMALL_EXPORT_IDS as IDS, type SmallExport } from "./fixtures/small-export";
import { loadGold, readGoldLabel, type InstanceLabelFacts } from "./load-gold";

const human = (finalLabel: InstanceLabelFacts["finalLabel"]): InstanceLabelFacts => ({
  source: "human",
  finalLabel,
  perturbationKind: null,
  verification: null,
});
const perturbation = (overrides: Partial<InstanceLabelFacts>): InstanceLabelFacts => ({
  source: "perturbation",
  finalLabel: null,
  perturbationKind: "symbol",
  verification: "accepted",
  ...overrides,
});

describe("readGoldLabel", () => {
  it("reads a human comment's adjudicated label", () => {
    expect(readGoldLabel(human("trustworthy"))).toEqual({ ok: true, trustworthy: true, source: "human" });
    expect(readGoldLabel(human("untrustworthy"))).toEqual({ ok: true, trustworthy: false, source: "human" });
  });

  it("refuses human comments that are unlabelled or unsuitable", () => {
    expect(readGoldLabel(human(null))).toEqual({ ok: false, reason: "not labelled yet" });
    expect(readGoldLabel(human("unsuitable"))).toEqual({ ok: false, reason: "labelled unsuitable" });
  });

  it("makes an accepted perturbation an untrustworthy item of its kind", () => {
    expect(readGoldLabel(perturbation({ perturbationKind: "location" }))).toEqual({ ok: true, trustworthy: false, source: "location" });
    expect(readGoldLabel(perturbation({ verification: null, finalLabel: "untrustworthy" }))).toEqual({
      ok: true,
      trustworthy: false,
      source: "symbol",
    });
  });

  it("refuses perturbations that are pending, rejected, kindless or labelled trustworthy", () => {
    expect(readGoldLabel(perturbation({ verification: "pending" }))).toEqual({ ok: false, reason: "perturbation not verified yet" });
    expect(readGoldLabel(perturbation({ verification: "rejected", finalLabel: "untrustworthy" }))).toEqual({
      ok: false,
      reason: "perturbation rejected by verifiers",
    });
    expect(readGoldLabel(perturbation({ perturbationKind: null }))).toEqual({ ok: false, reason: "perturbation without a kind" });
    expect(readGoldLabel(perturbation({ finalLabel: "trustworthy" }))).toEqual({ ok: false, reason: "perturbation labelled trustworthy" });
  });
});

describe.each(TEST_DATABASE_KINDS)("loadGold on %s", (kind) => {
  let db: Database;
  let fixture: SmallExport;
  beforeAll(async () => {
    db = await openTestDatabase(kind);
    fixture = await buildSmallExport(db.prisma);
  });
  afterAll(async () => db?.close());

  test("reads the test split's labels, repositories and sources, sorted by eval_id", async () => {
    expect(await loadGold(db.prisma, fixture.exportId, "test")).toEqual([
      { evalId: IDS.posthogHumanFalse, trustworthy: false, repo: "PostHog/posthog", source: "human" },
      { evalId: IDS.pandasTrueUnanswered, trustworthy: true, repo: "pandas-dev/pandas", source: "human" },
      { evalId: IDS.posthogTrue, trustworthy: true, repo: "PostHog/posthog", source: "human" },
      { evalId: IDS.pandasTrue, trustworthy: true, repo: "pandas-dev/pandas", source: "human" },
      { evalId: IDS.posthogNegation, trustworthy: false, repo: "PostHog/posthog", source: "negation" },
      { evalId: IDS.pandasLocation, trustworthy: false, repo: "pandas-dev/pandas", source: "location" },
    ]);
    expect(await loadGold(db.prisma, fixture.exportId, "validation")).toEqual([
      { evalId: IDS.validationTrue, trustworthy: true, repo: "pandas-dev/pandas", source: "human" },
    ]);
  });

  test("names the missing export and the empty split", async () => {
    await expect(loadGold(db.prisma, "no-such-export", "test")).rejects.toMatchObject({ code: "not_found" });
    await expect(loadGold(db.prisma, fixture.exportId, "train")).rejects.toThrow("The export has no train items");
    await expect(loadGold(db.prisma, fixture.exportId, "train")).rejects.toMatchObject({
      code: "invalid_input",
      details: { reason: "empty_split" },
    });
  });

  test("refuses an export holding an unverified perturbation, naming its eval_id", async () => {
    const parent = await db.prisma.instance.findUniqueOrThrow({ where: { id: fixture.instanceIds.pandasTrue } });
    const pending = await db.prisma.instance.create({
      data: {
        pullRequestId: parent.pullRequestId,
        targetEntryId: parent.targetEntryId,
        parentId: parent.id,
        source: "perturbation",
        perturbationKind: "symbol",
        verification: "pending",
        perturbedBody: "`np.median` warns",
      },
    });
    const other = await db.prisma.export.create({ data: { splitRunId: fixture.splitRunId, manifest: {}, contentHash: "x" } });
    await db.prisma.exportItem.createMany({
      data: [
        { exportId: other.id, instanceId: fixture.instanceIds.pandasTrue, evalId: "eval_ok", split: "test" },
        { exportId: other.id, instanceId: pending.id, evalId: "eval_pending", split: "test" },
      ],
    });
    const error = await loadGold(db.prisma, other.id, "test").catch((e: unknown) => e);
    if (!isAppError(error, "invalid_input")) throw new Error(`expected invalid_input, got ${String(error)}`);
    expect(error.details.items).toEqual([{ instanceId: pending.id, evalId: "eval_pending", reason: "perturbation not verified yet" }]);
    expect(error.message).toContain("eval_pending (perturbation not verified yet)");
  });
});
