import { describe, expect, it } from "vitest";
import { type RealCase, realJudgementsSchema } from "./real-eval-set";
import { locationSettings, locationSpec, patchOf, type RealExtract } from "./real-location";

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

const _caseOf = (id: number, split: "dev" | "heldout", body: string): RealCase => ({
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
});
