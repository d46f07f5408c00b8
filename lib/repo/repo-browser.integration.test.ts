import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test, vi } from "vitest";
import { parseReleasedPatch as parsePatch } from "@/lib/patch/released-patch";
import type { Mirror } from "./git-command";
import { listTree } from "./list-tree";
import { legacyMirrorPathFor, mirrorPathFor, openMirror } from "./mirror-path";
import { listVersionTree, readVersionFile, searchVersion, type PullRequestRevision } from "./patched-view";
import { readFileAt } from "./read-file";
import { searchCode } from "./search-code";
import { ensureBareMirror } from "./build-bare-mirror";

// A small service repository: a settings module, its caller, a logo (binary) and a big data file.
const BASE_FILES: Record<string, string> = {
  "README.md": "# billing-service\n",
  "billing/settings.py": "import os\n\nTIMEOUT = 30\nRETRIES = 3\n\n\ndef load():\n    return dict(os.environ)\n",
  "billing/client.py":
    "from billing.settings import TIMEOUT, RETRIES\n\n\ndef call(fetch):\n    # a.b(c) is a literal, not a regex\n    return fetch(timeout=TIMEOUT, retries=RETRIES)\n",
  "billing/legacy.py": "OLD = True\n",
  "billing/old_name.py": "NAME = 'old'\n",
  "assets/logo.png": "\u0089PNG\r\n\u001a\n\u0000\u0000\u0000\rIHDR",
  "data/big.csv": `id,value\n${Array.from({ length: 3000 }, (_, i) => `${i},${i * 2}`).join("\n")}\n`,
  "docs/flags with space.txt": "--force is a flag, not an option to git grep\n",
};

const PATCH = [
  "diff --git a/billing/settings.py b/billing/settings.py",
  "@@ -1,4 +1,5 @@",
  " import os",
  " ",
  "-TIMEOUT = 30",
  "+TIMEOUT = 60",
  "+BACKOFF = 0.5",
  " RETRIES = 3",
  "diff --git a/billing/backoff.py b/billing/backoff.py",
  "@@ -0,0 +1,2 @@",
  "+def delay(attempt):",
  "+    return BACKOFF * 2 ** attempt",
  "diff --git a/billing/legacy.py b/billing/legacy.py",
  "@@ -1 +0,0 @@",
  "-OLD = True",
  "diff --git a/billing/old_name.py b/billing/new_name.py",
  "@@ -1 +1 @@",
  "-NAME = 'old'",
  "+NAME = 'new'",
].join("\n");

describe("repository browser on a local bare mirror", () => {
  let dir: string;
  let mirror: Mirror;
  let baseSha: string;
  let headSha: string;
  let pr: PullRequestRevision;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "repo-browser-"));
    const gitDir = mirrorPathFor(dir, "acme/billing-service");
    [baseSha, headSha] = await ensureBareMirror(gitDir, "acme/billing-service", [
      { message: "base", files: BASE_FILES },
      { message: "head", files: { "billing/settings.py": "HEAD VERSION\n" } },
    ]);
    mirror = openMirror(dir, "acme/billing-service");
    pr = { baseSha, headSha, files: parsePatch(PATCH) };
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("mirrors are named owner__name.git and odd names are refused", () => {
    expect(mirrorPathFor("/m", "acme/billing-service")).toBe(path.join("/m", "acme__billing-service.git"));
    expect(() => mirrorPathFor("/m", "../etc/passwd")).toThrow(expect.objectContaining({ code: "invalid_input" }));
    expect(() => mirrorPathFor("/m", "acme/..")).toThrow(expect.objectContaining({ code: "invalid_input" }));
    expect(() => openMirror(dir, "acme/nope")).toThrow(
      expect.objectContaining({ code: "mirror_missing", details: expect.objectContaining({ fullName: "acme/nope" }) }),
    );
  });

  test("a mirror at the old ingest layout <owner>/<name>.git is moved to <owner>__<name>.git on open, with a warning", async () => {
    const legacy = legacyMirrorPathFor(dir, "acme/old-layout");
    expect(legacy).toBe(path.join(dir, "acme", "old-layout.git"));
    const [sha] = await ensureBareMirror(legacy, "acme/old-layout", [{ message: "base", files: { "a.txt": "a\n" } }]);
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    try {
      const moved = openMirror(dir, "acme/old-layout");
      expect(moved.gitDir).toBe(path.join(dir, "acme__old-layout.git"));
      expect(existsSync(legacy)).toBe(false);
      expect(existsSync(path.join(dir, "acme"))).toBe(false);
      expect(warn).toHaveBeenCalledTimes(1);
      expect(await readFileAt(moved, sha ?? "", "a.txt")).toMatchObject({ kind: "text", text: "a\n" });
      openMirror(dir, "acme/old-layout");
      expect(warn).toHaveBeenCalledTimes(1);
    } finally {
      warn.mockRestore();
    }
  });

  test("building the same history twice gives the same commit ids (deterministic demo mirrors)", async () => {
    const again = await ensureBareMirror(path.join(dir, "copy.git"), "acme/copy", [
      { message: "base", files: BASE_FILES },
      { message: "head", files: { "billing/settings.py": "HEAD VERSION\n" } },
    ]);
    expect(again).toEqual([baseSha, headSha]);
  });

  test("lists the tree at the base commit with sizes", async () => {
    const tree = await listTree(mirror, baseSha);
    expect(tree.entries.map((e) => e.path).sort()).toEqual(Object.keys(BASE_FILES).sort());
    expect(tree.entries.find((e) => e.path === "README.md")?.size).toBe(18);
    await expect(listTree(mirror, "0".repeat(40))).rejects.toMatchObject({ code: "commit_missing" });
  });

  test("reads text, reports binary, oversized, missing files and directories", async () => {
    const settings = await readFileAt(mirror, baseSha, "billing/settings.py");
    expect(settings).toMatchObject({ kind: "text", text: BASE_FILES["billing/settings.py"] });
    expect((await readFileAt(mirror, baseSha, "assets/logo.png")).kind).toBe("binary");
    expect(await readFileAt(mirror, baseSha, "data/big.csv", 1000)).toMatchObject({ kind: "too-large" });
    expect((await readFileAt(mirror, baseSha, "billing/nothing.py")).kind).toBe("missing");
    expect((await readFileAt(mirror, baseSha, "billing")).kind).toBe("directory");
    expect((await readFileAt(mirror, baseSha, "docs/flags with space.txt")).kind).toBe("text");
    await expect(readFileAt(mirror, baseSha, "../outside")).rejects.toMatchObject({ code: "invalid_input" });
    await expect(readFileAt(mirror, baseSha, "/etc/passwd")).rejects.toMatchObject({ code: "invalid_input" });
  });

  test("searches fixed strings: regex characters and option-like queries are literal", async () => {
    const literal = await searchCode(mirror, baseSha, "a.b(c)");
    expect(literal.matches).toEqual([{ path: "billing/client.py", line: 5, text: "    # a.b(c) is a literal, not a regex" }]);
    const flag = await searchCode(mirror, baseSha, "--force");
    expect(flag.matches.map((m) => m.path)).toEqual(["docs/flags with space.txt"]);
    expect((await searchCode(mirror, baseSha, "no such text anywhere")).matches).toEqual([]);
    const capped = await searchCode(mirror, baseSha, "0,", { maxMatches: 5, maxPerFile: 1000 });
    expect(capped.matches).toHaveLength(5);
    expect(capped.truncated).toBe(true);
    expect((await searchCode(mirror, baseSha, "timeout", { ignoreCase: true })).matches.map((m) => `${m.path}:${m.line}`)).toEqual([
      "billing/client.py:1",
      "billing/client.py:6",
      "billing/settings.py:3",
    ]);
    await expect(searchCode(mirror, baseSha, " ")).rejects.toMatchObject({ code: "invalid_input" });
  });

  test("the patched tree adds, removes and renames the patch's files", async () => {
    const base = await listVersionTree(mirror, pr, "base");
    expect(base.entries.find((e) => e.path === "billing/settings.py")?.change).toBe("modified");
    const patched = await listVersionTree(mirror, pr, "patched");
    const paths = patched.entries.map((e) => e.path);
    expect(paths).toContain("billing/backoff.py");
    expect(paths).toContain("billing/new_name.py");
    expect(paths).not.toContain("billing/legacy.py");
    expect(paths).not.toContain("billing/old_name.py");
    expect(patched.entries.find((e) => e.path === "billing/backoff.py")?.change).toBe("added");
  });

  test("patched files are the base with the patch applied, not the head commit", async () => {
    const settings = await readVersionFile(mirror, pr, "billing/settings.py", "patched");
    expect(settings).toMatchObject({ kind: "text", source: "applied-patch" });
    expect(settings.kind === "text" && settings.text).toBe(
      "import os\n\nTIMEOUT = 60\nBACKOFF = 0.5\nRETRIES = 3\n\n\ndef load():\n    return dict(os.environ)\n",
    );
    expect(await readVersionFile(mirror, pr, "billing/backoff.py", "patched")).toMatchObject({
      kind: "text",
      text: "def delay(attempt):\n    return BACKOFF * 2 ** attempt\n",
    });
    expect((await readVersionFile(mirror, pr, "billing/legacy.py", "patched")).kind).toBe("missing");
    expect(await readVersionFile(mirror, pr, "billing/new_name.py", "patched")).toMatchObject({ text: "NAME = 'new'\n" });
    expect(await readVersionFile(mirror, pr, "billing/client.py", "patched")).toMatchObject({ source: "base" });
  });

  test("a patch that no longer applies falls back to the head commit, or says why", async () => {
    const drifted = { ...pr, files: parsePatch(PATCH.replace("-TIMEOUT = 30", "-TIMEOUT = 45")) };
    expect(await readVersionFile(mirror, drifted, "billing/settings.py", "patched")).toMatchObject({
      source: "head",
      text: "HEAD VERSION\n",
    });
    const noHead = { ...drifted, headSha: "f".repeat(40) };
    await expect(readVersionFile(mirror, noHead, "billing/settings.py", "patched")).rejects.toMatchObject({
      code: "patch_does_not_apply",
      details: { path: "billing/settings.py" },
    });
  });

  test("search in the patched version sees added lines and not deleted ones", async () => {
    const base = await searchVersion(mirror, pr, "TIMEOUT = ", "base");
    expect(base.matches.map((m) => m.text)).toEqual(["TIMEOUT = 30"]);
    const patched = await searchVersion(mirror, pr, "BACKOFF", "patched");
    expect(patched.matches.map((m) => `${m.path}:${m.line}`)).toEqual(["billing/backoff.py:2", "billing/settings.py:4"]);
    expect((await searchVersion(mirror, pr, "OLD = True", "patched")).matches).toEqual([]);
  });
});
