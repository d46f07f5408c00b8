import { describe, expect, test } from "vitest";
import { ReleasedRowSchema, judgedEntryOf } from "./released-row-schema";
import { demoPullRequest, demoRowSource } from "@/lib/demo/testing/demo-row-source";
import { orderTimeline, writeReleasedRow } from "./write-released-row";

const REPO = "tabular-labs/frameworks";
// rhshadrach's nit on the all-NaN test, demo PR 58123
const NIT = 1990000203;

describe("writeReleasedRow on the demo world", () => {
  const { pr } = demoPullRequest(REPO, 58123);

  test("a human-annotated inline comment becomes a released row with the format's fields and ids", () => {
    const row = writeReleasedRow(demoRowSource(REPO, 58123, NIT, true));
    expect(ReleasedRowSchema.parse(row)).toEqual(row);
    // the release's rule: the sha of the PR's last commit in the timeline, not the base commit
    const commits = row.code_review.flatMap((e) => (e.type === "commit" ? [e.sha] : []));
    expect(commits.length).toBeGreaterThan(0);
    expect(commits.at(-1)?.slice(0, 7)).not.toBe(pr.baseSha.slice(0, 7));
    expect(row.instance_id).toBe(`tabular-labs__frameworks-58123@${commits.at(-1)?.slice(0, 7)}`);
    expect(row.judged_entry_id).toBe(NIT);
    expect(row.judged_user).toBe("rhshadrach");
    expect(row.repo).toBe(REPO);
    expect(row.language).toBe("Python");
    expect(row.pull_request).toEqual({
      pull_number: 58123,
      title: pr.title,
      body: pr.body,
      created_at: "2025-03-11T09:14:02Z",
      base_commit: pr.baseSha,
      patch_to_review: pr.patch,
    });
    expect(Object.keys(row.pull_request)).toEqual(["pull_number", "title", "created_at", "base_commit", "body", "patch_to_review"]);
    expect(row.resolved_issues).toEqual([{ number: 58010, title: pr.issues[0].title, body: pr.issues[0].body }]);
    expect(row.problem_domain).toBe("Bug Fixes");
    expect(row.hint_text).toBe("");
    expect(row).toMatchObject({ trustworthy: true, source: "crawled_swebench" });
    expect("perturbation_kind" in row).toBe(false);
    expect(Object.keys(row)).toEqual([
      "instance_id",
      "judged_user",
      "judged_entry_id",
      "hint_text",
      "repo",
      "language",
      "pull_request",
      "resolved_issues",
      "problem_domain",
      "code_review",
      "source",
      "trustworthy",
    ]);
  });

  test("the timeline is the whole PR, oldest first, each entry with exactly its type's fields", () => {
    const row = writeReleasedRow(demoRowSource(REPO, 58123, NIT, true));
    expect(row.code_review).toHaveLength(pr.timeline.length);
    const times = row.code_review.map((e) => e.created_at);
    expect(times).toEqual([...times].sort());
    const keysOf = (type: string) => Object.keys(row.code_review.find((e) => e.type === type)!);
    expect(keysOf("commit")).toEqual(["type", "sha", "user", "created_at", "message"]);
    expect(keysOf("pr_comment")).toEqual(["type", "id", "user", "created_at", "body"]);
    expect(keysOf("inline")).toEqual(["type", "id", "user", "created_at", "body", "review_path", "diff_hunk"]);
    expect(keysOf("inline_reply")).toEqual(["type", "id", "user", "created_at", "body", "review_path", "in_reply_to_id"]);
    expect(keysOf("review")).toEqual(["type", "id", "user", "created_at", "body", "review_state"]);
    expect(row.code_review[0]).toEqual({
      type: "commit",
      sha: pr.timeline[0].sha,
      user: "Maria Rivera",
      created_at: "2025-03-11T09:10:00Z",
      message: "BUG: compute mask before filling in nanmedian",
    });
    expect(row.code_review.find((e) => e.type === "inline_reply")).toMatchObject({ id: 1990000202, in_reply_to_id: 1990000201 });
    expect(judgedEntryOf(row).body).toContain("should also cover `skipna=False`");
  });

  test("a negation perturbation changes only its own copy of the judged entry and carries the suffix and kind", () => {
    const human = writeReleasedRow(demoRowSource(REPO, 58123, NIT, true));
    const body =
      "Nit: `test_nanmedian_all_nan` should not cover `skipna=False` with a non-float dtype, since that path returns early before the new check.";
    const row = writeReleasedRow({
      ...demoRowSource(REPO, 58123, NIT, false),
      source: "perturbation",
      perturbation: { kind: "negation", ordinal: null, body, path: null, diffHunk: null },
    });
    // the only negation of this comment: the release's form, no number
    expect(row.instance_id).toBe(`${human.instance_id}#perturb-negation`);
    expect(row).toMatchObject({
      judged_entry_id: NIT,
      judged_user: "rhshadrach",
      trustworthy: false,
      source: "perturbation",
      perturbation_kind: "negation",
    });
    expect(judgedEntryOf(row).body).toBe(body);
    const others = (r: typeof row) => r.code_review.filter((e) => e.type === "commit" || e.id !== NIT);
    expect(others(row)).toEqual(others(human));
  });

  test("a location perturbation moves the copy to another comment's path and hunk, keeping its text", () => {
    const other = pr.timeline.find((t) => t.id === 1990000205)!;
    const row = writeReleasedRow({
      ...demoRowSource(REPO, 58123, NIT, false),
      source: "perturbation",
      perturbation: { kind: "location", ordinal: 2, body: null, path: other.path!, diffHunk: other.hunk! },
    });
    const judged = judgedEntryOf(row);
    expect(row.instance_id.endsWith("#perturb-location-2")).toBe(true);
    expect(judged).toMatchObject({ type: "inline", review_path: "doc/source/whatsnew/v3.0.0.rst", diff_hunk: other.hunk });
    expect(judged.body).toBe(pr.timeline.find((t) => t.id === NIT)!.body);
  });

  test("a deleted account stays null, and an imported spelling of instance_id and source is kept", () => {
    const row = writeReleasedRow({
      ...demoRowSource(REPO, 58240, 1990000303, true),
      released: { instanceId: "tabular-labs__frameworks-58240@abcdef0", source: "human_annotated" },
    });
    expect(row.judged_user).toBeNull();
    expect(row).toMatchObject({ instance_id: "tabular-labs__frameworks-58240@abcdef0", source: "human_annotated" });
  });

  test("entries sharing a second keep a stable order, and an imported order wins when it covers the timeline", () => {
    const src = demoRowSource(REPO, 58123, NIT, true);
    const at = new Date("2025-03-12T08:46:00Z");
    const tied = src.timeline.map((e) => (e.kind === "review" || e.githubId === 1990000205n ? { ...e, createdAt: at } : e));
    const canonical = orderTimeline(tied).map((e) => e.kind);
    expect(canonical.indexOf("review")).toBeLessThan(canonical.lastIndexOf("inline"));
    const reversed = tied
      .slice()
      .reverse()
      .map((e) => e.id);
    expect(orderTimeline(tied, reversed).map((e) => e.id)).toEqual(reversed);
    expect(orderTimeline(tied, reversed.slice(1)).map((e) => e.id)).toEqual(orderTimeline(tied).map((e) => e.id));
  });

  test("a commit as the judged entry, or a perturbation without its edit, is refused with the PR named", () => {
    const src = demoRowSource(REPO, 58123, NIT, true);
    const commit = src.timeline.find((e) => e.kind === "commit")!;
    expect(() => writeReleasedRow({ ...src, targetEntryId: commit.id })).toThrow(
      /tabular-labs\/frameworks#58123: a commit cannot be a judged entry/,
    );
    expect(() => writeReleasedRow({ ...src, source: "perturbation" })).toThrow(expect.objectContaining({ code: "invalid_input" }));
  });
});
