import { describe, expect, test } from "vitest";
import { agreementReport, weekStart, type LabelForAgreement } from "./agreement-report";

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
