// The dataset card and the agreement page report one Cohen's kappa for the same labels (they once
// disagreed: the card took each instance's first two labels, the page every annotator pair).
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { loadAgreement, loadAgreementSummary } from "@/lib/annotate/load-agreement";
import type { Database } from "@/lib/db/connection";
import { TEST_DATABASE_KINDS } from "@/lib/db/testing/test-database";
import { openSeededTestDatabase } from "@/lib/demo/testing/seeded-test-database";
import { datasetStatistics } from "./dataset-statistics";
import { funnelSteps } from "./funnel";
import { renderDatasetCard } from "./render-dataset-card";

describe.each(TEST_DATABASE_KINDS)("card and agreement page on %s", (kind) => {
  let db: Database;
  beforeAll(async () => {
    db = await openSeededTestDatabase(kind);
  });
  afterAll(async () => db?.close());

  test("the card prints the agreement page's overall kappa", async () => {
    const page = await loadAgreement(db.prisma);
    const summary = await loadAgreementSummary(db.prisma);
    expect(page.overall.kappa).not.toBeNull();
    const card = renderDatasetCard({
      title: "Agreement check",
      statistics: datasetStatistics({ train: [], validation: [], test: [] }),
      rowOrder: { imported: 0, total: 0 },
      split: { method: "imported", seed: 0 },
      funnel: funnelSteps({
        repositoriesSelected: 0,
        pullRequestsHarvested: 0,
        pullRequestsKept: 0,
        instancesCreated: 0,
        droppedByRules: 0,
        droppedByLlm: 0,
        passedScreening: 0,
        unsuitable: 0,
        labelledTrustworthy: 0,
        labelledUntrustworthy: 0,
        perturbationsGenerated: 0,
        perturbationsAccepted: 0,
        exported: 0,
      }),
      agreement: summary,
    });
    expect(card).toContain(`| Cohen's kappa | ${page.overall.kappa?.toFixed(3)} |`);
    expect(card).toContain(`| Annotator pairs compared | ${page.overall.n} |`);
    expect(summary.instancesWithPairs).toBe(page.instancesWithPairs);
  });

  test("a third annotator's label counts on the card as on the page", async () => {
    // the old card took each instance's first two labels only; a third label changes the page's figure
    const doubly = await db.prisma.instance.findFirstOrThrow({
      where: { source: "human", labels: { some: {} } },
      include: { labels: { orderBy: { createdAt: "asc" } } },
      orderBy: { id: "asc" },
    });
    const third = await db.prisma.user.findFirstOrThrow({
      where: { id: { notIn: doubly.labels.map((l) => l.annotatorId) } },
      orderBy: { login: "asc" },
    });
    const before = await loadAgreement(db.prisma);
    const value = doubly.labels[0].value === "untrustworthy" ? "trustworthy" : "untrustworthy";
    await db.prisma.label.create({ data: { instanceId: doubly.id, annotatorId: third.id, value, rationale: "third opinion" } });
    const page = await loadAgreement(db.prisma);
    const summary = await loadAgreementSummary(db.prisma);
    expect(page.overall.n).toBeGreaterThan(before.overall.n);
    expect(page.overall.kappa).not.toBe(before.overall.kappa);
    expect(page.overall).toMatchObject(summary.overall);
  });
});
