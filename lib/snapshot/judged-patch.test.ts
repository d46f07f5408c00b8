import { describe, expect, test } from "vitest";
import { judgedPatchOf } from "./judged-patch";

describe("judgedPatchOf", () => {
  const snapshot = { status: "exact" as const, reason: "", commitSha: "abcdef0123", patch: "early" };
  test("the snapshot, with a note when the final diff differs", () => {
    expect(judgedPatchOf(snapshot, "final", "head")).toMatchObject({
      patch: "early",
      commit: "abcdef0123",
      source: "snapshot",
      differsFromFinal: true,
      notice: { tone: "info", text: expect.stringContaining("written on abcdef0") },
    });
    expect(judgedPatchOf({ ...snapshot, patch: "final" }, "final", "head")).toMatchObject({
      source: "snapshot",
      notice: null,
      differsFromFinal: false,
    });
  });
  test("unavailable or missing snapshots show the final diff with a warning that says why", () => {
    expect(
      judgedPatchOf({ ...snapshot, status: "unavailable", reason: "commit abcdef0 is no longer on GitHub", patch: "" }, "final", "head"),
    ).toMatchObject({
      patch: "final",
      commit: "head",
      source: "final",
      notice: { tone: "warning", text: expect.stringContaining("commit abcdef0 is no longer on GitHub") },
    });
    expect(judgedPatchOf(null, "final", "head")).toMatchObject({ patch: "final", source: "final", notice: { tone: "warning" } });
    expect(
      judgedPatchOf(
        { ...snapshot, status: "final_fallback", reason: "gone; the PR's final diff is shown instead", patch: "final" },
        "final",
        "head",
      ),
    ).toMatchObject({ patch: "final", source: "final", notice: { tone: "warning" } });
  });
});
