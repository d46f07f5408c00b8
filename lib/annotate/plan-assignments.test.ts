import { describe, expect, test } from "vitest";
import { planAssignments } from "./plan-assignments";

const team = [
  { id: "alice", load: 0 },
  { id: "bob", load: 0 },
  { id: "carol", load: 0 },
];
const fresh = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `inst-${i}`, assignedTo: [] as string[] }));

describe("planAssignments", () => {
  test("each instance gets two distinct annotators and the load stays balanced", () => {
    const { assignments, shortfall } = planAssignments(fresh(10), team, 2);
    expect(shortfall).toEqual([]);
    expect(assignments).toHaveLength(20);
    const byInstance = new Map<string, string[]>();
    for (const a of assignments) byInstance.set(a.instanceId, [...(byInstance.get(a.instanceId) ?? []), a.annotatorId]);
    for (const annotators of byInstance.values()) expect(new Set(annotators).size).toBe(2);
    const load = (id: string) => assignments.filter((a) => a.annotatorId === id).length;
    expect([load("alice"), load("bob"), load("carol")].sort()).toEqual([6, 7, 7]);
  });

  test("pairs rotate, so every pair of annotators shares instances", () => {
    const { assignments } = planAssignments(fresh(9), team, 2);
    const pairs = new Map<string, number>();
    for (let i = 0; i < 9; i++) {
      const pair = assignments
        .filter((a) => a.instanceId === `inst-${i}`)
        .map((a) => a.annotatorId)
        .sort()
        .join("+");
      pairs.set(pair, (pairs.get(pair) ?? 0) + 1);
    }
    expect(Object.fromEntries(pairs)).toEqual({ "alice+bob": 3, "alice+carol": 3, "bob+carol": 3 });
  });

  test("tops up partly assigned instances without assigning anyone twice, favouring the least loaded", () => {
    const { assignments } = planAssignments(
      [{ id: "x", assignedTo: ["alice"] }],
      [
        { id: "alice", load: 0 },
        { id: "bob", load: 5 },
        { id: "carol", load: 1 },
      ],
      2,
    );
    expect(assignments).toEqual([{ instanceId: "x", annotatorId: "carol" }]);
  });

  test("reports instances that cannot reach the overlap", () => {
    const { assignments, shortfall } = planAssignments(
      fresh(2),
      [
        { id: "alice", load: 0 },
        { id: "bob", load: 0 },
      ],
      3,
    );
    expect(assignments).toHaveLength(4);
    expect(shortfall).toEqual(["inst-0", "inst-1"]);
    expect(planAssignments(fresh(2), [], 2).shortfall).toEqual(["inst-0", "inst-1"]);
  });
});
