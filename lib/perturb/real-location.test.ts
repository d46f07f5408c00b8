import { describe, expect, it } from "vitest";
import { formatRealFigures, type RealOutcome } from "./real-benchmark";
import { loadRealJudgements, loadRealSet, type RealCase, realJudgementsSchema } from "./real-eval-set";
import { locationSettings, locationSpec, loadRealExtract, patchOf, type RealExtract, realLocationOutcomes } from "./real-location";

const hunkA = "@@ -1,3 +1,4 @@\n import os\n+import json\n+retry_count = 3";
const hunkB = "@@ -20,4 +21,6 @@ def load(path):\n     with open(path) as f:\n+        data = json.load(f)";
const hunkC = "@@ -5,2 +5,3 @@\n+cache_size = 10";

const extract: RealExtract = [
  {
    repo: "o/r",
    pull_number: 1,
    instance_id: "o__r-1@abc",
    entries: [
      { type: "pr_comment", id: 1, body: "Thanks!" },
      { type: "inline", id: 10, body: "`retry_count` should come from the config", review_path: "app/retry.py", diff_hunk: hunkA },
      { type: "inline", id: 11, body: "This can raise on a missing file", review_path: "app/load.py", diff_hunk: hunkB },
      { type: "inline", id: 12, body: "Why 10?", review_path: "app/cache.py", diff_hunk: hunkC },
      {
        type: "inline_reply",
        id: 13,
        body: "It raises FileNotFoundError, which the caller handles",
        review_path: "app/load.py",
        in_reply_to_id: 11,
      },
      { type: "inline", id: 14, body: "A comment without a hunk", review_path: "app/x.py", diff_hunk: "" },
      { type: "inline_reply", id: 15, body: "A reply to it", review_path: "app/x.py", in_reply_to_id: 14 },
    ],
  },
];

const caseOf = (id: number, split: "dev" | "heldout", body: string): RealCase => ({
  id: `crj-${id}`,
  split,
  source: `test, inline ${id}`,
  project: "o/r",
  language: "py",
  body,
  hunk: "",
});

describe("location moves on the real set", () => {
  it("places a reply on its thread root's hunk and offers the PR's other inline places; a place without a hunk has none", () => {
    const settings = locationSettings(extract);
    expect([...settings.keys()].sort()).toEqual(["crj-10", "crj-11", "crj-12", "crj-13"]);
    const reply = settings.get("crj-13");
    expect(reply?.place).toEqual({ id: 11, path: "app/load.py", diffHunk: hunkB });
    expect(reply?.others.map((o) => o.id)).toEqual([10, 12]);
    expect(reply?.patch).toBe(
      patchOf([settings.get("crj-10")?.place, reply?.place, settings.get("crj-12")?.place].flatMap((a) => a ?? [])),
    );
    expect(reply?.patch).toContain(`diff --git a/app/load.py b/app/load.py\n${hunkB}`);
    expect(reply?.patch).not.toContain("app/x.py");
  });

  it("names a move by its target's path and commented line", () => {
    expect(locationSpec({ path: "app/load.py", diffHunk: hunkB })).toBe("app/load.py @ data = json.load(f)");
    expect(() => realJudgementsSchema.parse({ "crj-13": { location: { good: ["app/load.py @ data = json.load(f)"] } } })).not.toThrow();
    expect(() => realJudgementsSchema.parse({ "crj-13": { location: { good: ["no spec here"] } } })).toThrow();
  });

  it("scores moves with the judgements (none: every move bad) and counts them in the shared figures", () => {
    const settings = locationSettings(extract);
    const cases = [caseOf(13, "dev", "It raises FileNotFoundError, which the caller handles"), caseOf(12, "dev", "Why 10?")];
    const judgements = realJudgementsSchema.parse({
      "crj-13": { location: { good: ["app/retry.py @ retry_count = 3"], bad: ["app/cache.py @ cache_size = 10"] } },
      "crj-12": { location: { none: "a plain question" } },
    });
    const outcomes = realLocationOutcomes(cases, settings, judgements);
    expect(outcomes.map((o) => [o.id, o.kind, o.possible, o.top.map((t) => t.judgement)])).toEqual([
      ["crj-13", "location", true, ["good", "bad"]],
      ["crj-12", "location", false, ["bad", "bad"]],
    ]);
    const negation: RealOutcome = { id: "cr-m1", split: "dev", kind: "negation", possible: true, candidates: 0, top: [] };
    const lines = formatRealFigures("dev_", [negation, ...outcomes]);
    expect(lines).toContain("dev_location_top1_good_rate=100.0% (1/1)");
    expect(lines).toContain("dev_top3_any_bad_rate=100.0% (2/2)");
    expect(lines).toContain("dev_no_candidate_rate=50.0% (1/2)");
  });

  it("has a possibility judgement of location for every inline comment of the dev half", () => {
    const { set } = loadRealSet();
    const outcomes = realLocationOutcomes(
      set.cases.filter((c) => c.split === "dev"),
      locationSettings(loadRealExtract()),
      loadRealJudgements(),
    );
    expect(outcomes.length).toBeGreaterThan(0);
    expect(outcomes.filter((o) => o.possible === undefined).map((o) => o.id)).toEqual([]);
  });
});
