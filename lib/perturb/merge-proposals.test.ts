import { describe, expect, it } from "vitest";
import { mergeProposals, splitByChecks } from "./merge-proposals";
import type { ProposedCandidate } from "./proposed-candidate";

const candidate = (key: string, origin: "rule" | "llm", ok = true): ProposedCandidate => ({
  key,
  kind: "negation",
  origin,
  rule: origin === "rule" ? "auxiliary" : "llm:model",
  rationale: "",
  score: 1,
  perturbed: { body: `body ${key}`, path: null, diffHunk: null },
  diff: [],
  existsInRepository: null,
  sameFile: null,
  selfCheck: ok ? { ok: true, reason: "one edit" } : { ok: false, reason: "edits a request" },
  existingInstanceId: null,
});

describe("mergeProposals", () => {
  it("alternates the two rankings, rules first, each in its own order", () => {
    const merged = mergeProposals([candidate("r1", "rule"), candidate("r2", "rule"), candidate("r3", "rule")], [candidate("l1", "llm")]);
    expect(merged.map((c) => c.key)).toEqual(["r1", "l1", "r2", "r3"]);
  });

  it("shows an edit both proposed once, as the rules' and in the rules' place", () => {
    const merged = mergeProposals([candidate("r1", "rule"), candidate("r2", "rule")], [candidate("r2", "llm"), candidate("l2", "llm")]);
    expect(merged.map((c) => [c.key, c.origin])).toEqual([
      ["r1", "rule"],
      ["l2", "llm"],
      ["r2", "rule"],
    ]);
  });

  it("shows an edit both proposed once, as the rules'", () => {
    const merged = mergeProposals([candidate("same", "rule")], [candidate("same", "llm"), candidate("l2", "llm")]);
    expect(merged.map((c) => [c.key, c.origin])).toEqual([
      ["same", "rule"],
      ["l2", "llm"],
    ]);
  });
});

describe("splitByChecks", () => {
  it("withholds a proposal that fails the checks, with its reason", () => {
    const { shown, withheld } = splitByChecks([candidate("a", "llm"), candidate("b", "llm", false)]);
    expect(shown.map((c) => c.key)).toEqual(["a"]);
    expect(withheld).toEqual([{ key: "b", text: "body b", reason: "edits a request" }]);
  });
});
