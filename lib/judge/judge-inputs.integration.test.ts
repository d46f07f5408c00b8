import { describe, expect, test } from "vitest";
import { releasedSampleRows } from "@/lib/export/testing/released-sample";
import { buildTaskFiles, judgeInputLeaks } from "./judge-inputs";
import { STUDENT_PROMPT, USER_PROMPT } from "./paper-agent";

const EVAL = "eval_0123456789abcdef01234567";
const texts = (files: Record<string, string>, prompts: string[] = [STUDENT_PROMPT, USER_PROMPT]) => [
  ...Object.entries(files).map(([name, text]) => ({ name, text })),
  ...prompts.map((text, i) => ({ name: `prompt ${i + 1}`, text })),
];

describe("what enters a judge's sandbox", () => {
  const rows = releasedSampleRows();
  const withTimeline = rows.find((r) => r.code_review.filter((e) => e.type !== "commit" && e.user).length > 1) ?? rows[0];

  test("focused: the paper's whitelist and the patch, clean under the leak test for every sample row", () => {
    for (const row of rows) {
      const files = buildTaskFiles(row, EVAL, "focused");
      expect(Object.keys(files)).toEqual(["task.json", "review.patch"]);
      expect(Object.keys(JSON.parse(files["task.json"]))).toEqual([
        "eval_id",
        "repo",
        "language",
        "pull_request",
        "target_comment",
        "patch_file",
        "repository_state",
      ]);
      expect(files["review.patch"]).toBe(row.pull_request.patch_to_review);
      expect(judgeInputLeaks(texts(files), row, "focused"), row.instance_id).toEqual([]);
    }
  });

  test("complete: the whole timeline with identities, the judged entry marked, still no label, source, kind or key", () => {
    const files = buildTaskFiles(withTimeline, EVAL, "complete");
    const task = JSON.parse(files["task.json"]);
    expect(task.timeline).toHaveLength(withTimeline.code_review.length);
    expect(task.timeline.filter((e: { judged: boolean }) => e.judged)).toHaveLength(1);
    expect(judgeInputLeaks(texts(files), withTimeline, "complete")).toEqual([]);
    // the same files under the focused policy are a leak: the other entries and identities
    expect(judgeInputLeaks(texts(files), withTimeline, "focused").length).toBeGreaterThan(0);
  });

  test("a label, source or sample key in the task or a prompt is refused under either policy", () => {
    const row = rows[0];
    const files = buildTaskFiles(row, EVAL, "complete");
    for (const policy of ["focused", "complete"] as const) {
      expect(judgeInputLeaks(texts(files, [`${STUDENT_PROMPT}\nsource: ${row.source}`]), row, policy).join()).toMatch(/source value/);
      expect(judgeInputLeaks(texts({ "task.json": `{"trustworthy": ${row.trustworthy}}` }), row, policy).join()).toMatch(/label field/);
      expect(judgeInputLeaks(texts({ "notes.txt": row.instance_id }), row, policy).join()).toMatch(/instance_id/);
    }
  });
});
