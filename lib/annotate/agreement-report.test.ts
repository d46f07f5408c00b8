import { describe, expect, test } from "vitest";
import { agreementReport, kappaTrends, MIN_PAIRS_FOR_KAPPA, weekStart, type LabelForAgreement } from "./agreement-report";

const at = (iso: string) => new Date(iso);
const label = (
  instanceId: string,
  annotator: string,
  value: string,
  when: string,
  repository = "tabular-labs/frameworks",
): LabelForAgreement => ({ instanceId, annotator, value, createdAt: at(when), repository });

// Two weeks of work: alice and bob on frameworks, alice and carol on agentflow.
const LABELS: LabelForAgreement[] = [
  label("i1", "bob", "trustworthy", "2025-09-01T10:00:00Z"),
  label("i1", "alice", "trustworthy", "2025-09-02T10:00:00Z"),
  label("i2", "alice", "untrustworthy", "2025-09-03T10:00:00Z"),
  label("i2", "bob", "trustworthy", "2025-09-03T11:00:00Z"),
  label("i3", "alice", "trustworthy", "2025-09-08T09:00:00Z", "vectorops/agentflow"),
  label("i3", "carol", "trustworthy", "2025-09-09T09:00:00Z", "vectorops/agentflow"),
  label("i4", "carol", "untrustworthy", "2025-09-10T09:00:00Z", "vectorops/agentflow"),
  label("i4", "alice", "untrustworthy", "2025-09-10T10:00:00Z", "vectorops/agentflow"),
  // a single label is not a pair
  label("i5", "bob", "unsuitable", "2025-09-10T10:00:00Z"),
];

describe("agreementReport", () => {
  test("weeks start on Monday (UTC)", () => {
    expect(weekStart(at("2025-09-07T23:59:00Z"))).toBe("2025-09-01");
    expect(weekStart(at("2025-09-08T00:00:00Z"))).toBe("2025-09-08");
  });

  test("per pair, ordered by login whatever the submission order", () => {
    const r = agreementReport(LABELS);
    expect(r.byPair.map((p) => [p.key, p.n, p.agreed])).toEqual([
      ["alice × bob", 2, 1],
      ["alice × carol", 2, 2],
    ]);
    // alice × bob: A (alice) t,u; B (bob) t,t → po .5, pe = .5·1 + .5·0 = .5 → κ 0
    expect(r.byPair[0].kappa).toBeCloseTo(0, 12);
    // alice × carol: t,u vs t,u → κ 1
    expect(r.byPair[1].kappa).toBe(1);
  });

  test("overall pools every pair-item; repositories and weeks split them", () => {
    const r = agreementReport(LABELS);
    expect(r.overall.n).toBe(4);
    expect(r.overall.rawAgreement).toBe(0.75);
    // A: t,u,t,u  B: t,t,t,u → pe = .5·.75 + .5·.25 = .5 → κ = .5
    expect(r.overall.kappa).toBeCloseTo(0.5, 12);
    expect(r.byRepository.map((x) => [x.key, x.n])).toEqual([
      ["tabular-labs/frameworks", 2],
      ["vectorops/agentflow", 2],
    ]);
    expect(r.byWeek.map((x) => [x.key, x.n, x.rawAgreement])).toEqual([
      ["2025-09-01", 2, 0.5],
      ["2025-09-08", 2, 1],
    ]);
    expect(r.instancesWithPairs).toBe(4);
  });

  test("three labels on one instance make three pairs", () => {
    const r = agreementReport([
      label("x", "a", "t", "2025-09-01T00:00:00Z"),
      label("x", "b", "t", "2025-09-01T00:00:00Z"),
      label("x", "c", "u", "2025-09-01T00:00:00Z"),
    ]);
    expect(r.byPair.map((p) => p.key)).toEqual(["a × b", "a × c", "b × c"]);
    expect(r.overall.n).toBe(3);
  });
});

describe("what a lead needs to act on κ", () => {
  test("a confusion matrix per pair, first annotator (by login) down the rows", () => {
    const [aliceBob] = agreementReport(LABELS).byPair;
    expect(aliceBob.categories).toEqual(["trustworthy", "untrustworthy"]);
    // i1: alice t, bob t; i2: alice u, bob t
    expect(aliceBob.confusion).toEqual([
      [1, 0],
      [1, 0],
    ]);
  });

  test("the disagreeing instances, for drill-down, with both labels in the row's order", () => {
    const r = agreementReport(LABELS);
    expect(r.byPair[0].disagreements).toEqual([{ instanceId: "i2", values: ["untrustworthy", "trustworthy"] }]);
    expect(r.byPair[1].disagreements).toEqual([]);
    expect(r.overall.disagreements.map((d) => d.instanceId)).toEqual(["i2"]);
  });

  test("κ over fewer than MIN_PAIRS_FOR_KAPPA pairs is flagged, with its standard error", () => {
    const r = agreementReport(LABELS);
    expect(r.byPair.every((row) => row.smallSample)).toBe(true);
    const many: LabelForAgreement[] = Array.from({ length: MIN_PAIRS_FOR_KAPPA }, (_, i) => [
      label(`m${i}`, "alice", i % 3 === 0 ? "untrustworthy" : "trustworthy", "2025-09-01T10:00:00Z"),
      label(`m${i}`, "bob", i % 5 === 0 ? "untrustworthy" : "trustworthy", "2025-09-01T11:00:00Z"),
    ]).flat();
    const row = agreementReport(many).byPair[0];
    expect(row.n).toBe(MIN_PAIRS_FOR_KAPPA);
    expect(row.smallSample).toBe(false);
    // po, pe from the 30 pairs; SE = √(po(1−po) / (n(1−pe)²))
    const po = row.agreed / row.n;
    expect(row.kappaStandardError).toBeCloseTo(Math.sqrt((po * (1 - po)) / (row.n * (1 - (row.expectedAgreement ?? 0)) ** 2)), 12);
  });

  test("a value outside the usual three is kept in the matrix, not dropped", () => {
    const row = agreementReport([
      label("x", "alice", "trustworthy", "2025-09-01T10:00:00Z"),
      label("x", "bob", "legacy", "2025-09-01T10:00:00Z"),
    ]).byPair[0];
    expect(row.categories).toEqual(["trustworthy", "legacy"]);
    expect(row.confusion).toEqual([
      [0, 1],
      [0, 0],
    ]);
  });
});

describe("kappaTrends (κ per pair over time, #45 M)", () => {
  test("each pair's κ over every pair-item up to the end of each week it completed one, weeks in order", () => {
    const trends = kappaTrends([
      ...LABELS,
      // a third week for alice × bob: both say untrustworthy
      label("i6", "alice", "untrustworthy", "2025-09-15T10:00:00Z"),
      label("i6", "bob", "untrustworthy", "2025-09-16T10:00:00Z"),
    ]);
    expect(trends.map((t) => [t.pair, t.points.map((p) => [p.week, p.n])])).toEqual([
      [
        "alice × bob",
        [
          ["2025-09-01", 2],
          ["2025-09-15", 3],
        ],
      ],
      ["alice × carol", [["2025-09-08", 2]]],
    ]);
    const [aliceBob, aliceCarol] = trends;
    // week 1 alone: κ 0 (as in the per-pair row); cumulated with i6: A t,u,u; B t,t,u → po 2/3, pe 1/3·2/3 + 2/3·1/3 = 4/9 → κ 0.4
    expect(aliceBob.points[0].kappa).toBeCloseTo(0, 12);
    expect(aliceBob.points[1].kappa).toBeCloseTo((2 / 3 - 4 / 9) / (1 - 4 / 9), 12);
    expect(aliceCarol.points[0].kappa).toBeCloseTo(1, 12);
    expect(trends.every((t) => t.points.every((p) => p.smallSample === p.n < MIN_PAIRS_FOR_KAPPA))).toBe(true);
  });

  test("no pairs, no trends", () => {
    expect(kappaTrends([label("i9", "bob", "trustworthy", "2025-09-01T10:00:00Z")])).toEqual([]);
  });
});
