import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { listPromptVersions, loadScreeningPrompt, parseScreeningPrompt } from "./load-screening-prompt";

const prompt = (version: string, extra = "") =>
  `---\nversion: ${version}\nfilter: llm:comment\n---\n## System\n\nYou screen review comments.${extra}\n\n## Task\n\nDecide keep or drop.\n`;

describe("the shipped prompts", () => {
  test("load at their newest version with both sections and the filter they serve", async () => {
    const pr = await loadScreeningPrompt("pr-screen");
    const comment = await loadScreeningPrompt("comment-screen");
    expect(pr).toMatchObject({ version: "pr-screen.v1", filterKey: "llm:pr", file: "pr-screen.v1.md" });
    expect(comment).toMatchObject({ version: "comment-screen.v1", filterKey: "llm:comment" });
    // the paper's criteria (§2) are what the model is told
    expect(comment.system).toMatch(/purely social or complimentary/);
    expect(comment.system).toMatch(/formatting or whitespace/);
    expect(pr.system).toMatch(/off-platform discussions/);
    expect(pr.task).toMatch(/verdict "keep" or "drop"/);
  });
});

describe("versioned prompt files", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "prompts-"));
    await writeFile(path.join(dir, "comment-screen.v1.md"), prompt("comment-screen.v1"));
    await writeFile(path.join(dir, "comment-screen.v2.md"), prompt("comment-screen.v2", " Be strict about duplicates."));
    await writeFile(path.join(dir, "comment-screen.v10.md"), prompt("comment-screen.v10", " Version ten."));
    await writeFile(path.join(dir, "notes.md"), "not a prompt");
  });
  afterAll(async () => rm(dir, { recursive: true, force: true }));

  test("the newest version wins by number, not by string order; a pinned one is honoured", async () => {
    expect(await listPromptVersions("comment-screen", dir)).toEqual(["comment-screen.v1", "comment-screen.v2", "comment-screen.v10"]);
    expect((await loadScreeningPrompt("comment-screen", { dir })).system).toContain("Version ten.");
    expect((await loadScreeningPrompt("comment-screen", { dir, version: "comment-screen.v2" })).system).toContain("duplicates");
    await expect(loadScreeningPrompt("comment-screen", { dir, version: "comment-screen.v3" })).rejects.toThrow(
      /available: comment-screen.v1/,
    );
    await expect(loadScreeningPrompt("pr-screen", { dir })).rejects.toMatchObject({ code: "unreadable_file" });
  });

  test("a file whose front matter disagrees with its name, or lacks a section, is refused", () => {
    expect(() => parseScreeningPrompt(prompt("comment-screen.v1"), "comment-screen.v2.md")).toThrow(
      /says version "comment-screen.v1" but the file name says "comment-screen.v2"/,
    );
    expect(() => parseScreeningPrompt("## System\nx\n## Task\ny", "comment-screen.v1.md")).toThrow(/front matter/);
    expect(() => parseScreeningPrompt(prompt("comment-screen.v1").replace("## Task", "## Other"), "comment-screen.v1.md")).toThrow(
      /"## Task"/,
    );
    expect(() => parseScreeningPrompt(prompt("x"), "comment.md")).toThrow(/name must look like/);
  });
});
