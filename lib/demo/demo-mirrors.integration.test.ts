import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parsePatch } from "@/lib/annotate/parse-patch";
import { parseReleasedPatch, toGitApplyPatch } from "@/lib/patch/released-patch";
import { openMirror } from "@/lib/repo/mirror-path";
import { readVersionFile, searchVersion } from "@/lib/repo/patched-view";
import { buildDemoMirrors } from "./demo-mirrors";
import { DEMO_REPOSITORIES } from "./demo-world";

describe("demo mirrors", () => {
  let dir: string;
  let bases: Map<string, Map<number, string>>;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "demo-mirrors-"));
    bases = await buildDemoMirrors(dir, DEMO_REPOSITORIES);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test("one mirror per demo repository with pull requests, one base commit per PR", () => {
    expect([...bases.keys()].sort()).toEqual(["sketchworks/mobject", "tabular-labs/frameworks", "vectorops/agentflow"]);
    expect([...bases.get("tabular-labs/frameworks")!.keys()].sort()).toEqual([58123, 58240]);
    for (const shas of bases.values()) for (const sha of shas.values()) expect(sha).toMatch(/^[0-9a-f]{40}$/);
  });

  test("every demo patch applies to its base, file by file, in the patched view", async () => {
    for (const repo of DEMO_REPOSITORIES.filter((r) => r.pullRequests.length > 0)) {
      const mirror = openMirror(dir, repo.fullName);
      for (const pr of repo.pullRequests) {
        const revision = { baseSha: bases.get(repo.fullName)!.get(pr.number)!, headSha: pr.headSha, files: parsePatch(pr.patch) };
        for (const file of revision.files) {
          const patched = await readVersionFile(mirror, revision, file.path, "patched");
          expect(patched, `${repo.fullName}#${pr.number} ${file.path}`).toMatchObject({ kind: "text", source: "applied-patch" });
        }
      }
    }
  });

  test("every demo patch passes `git apply --check` at its base, hunk headers matching their lines (#32 item 12)", async () => {
    for (const repo of DEMO_REPOSITORIES.filter((r) => r.pullRequests.length > 0)) {
      const mirror = openMirror(dir, repo.fullName);
      for (const pr of repo.pullRequests) {
        const base = bases.get(repo.fullName)!.get(pr.number)!;
        for (const file of parseReleasedPatch(pr.patch))
          for (const h of file.hunks) {
            expect(h.lines.filter((l) => l.kind !== "meta" && l.kind !== "add").length, `${pr.number} ${h.header}`).toBe(h.oldCount);
            expect(h.lines.filter((l) => l.kind !== "meta" && l.kind !== "del").length, `${pr.number} ${h.header}`).toBe(h.newCount);
          }
        // git apply wants ---/+++ lines the released format leaves out: a judge adds them the same way
        const work = mkdtempSync(path.join(tmpdir(), "demo-apply-"));
        try {
          execFileSync("git", ["--git-dir", mirror.gitDir, "--work-tree", work, "checkout", base, "--", "."], { stdio: "pipe" });
          const patchFile = path.join(work, ".check.patch");
          writeFileSync(patchFile, toGitApplyPatch(pr.patch));
          execFileSync("git", ["apply", "--check", "--unidiff-zero", patchFile], { cwd: work, stdio: "pipe" });
        } catch (e) {
          throw new Error(`${repo.fullName}#${pr.number}: ${(e as { stderr?: Buffer }).stderr?.toString() ?? String(e)}`);
        } finally {
          rmSync(work, { recursive: true, force: true });
        }
      }
    }
  });

  test("code search finds what the review comments talk about", async () => {
    const mobject = DEMO_REPOSITORIES.find((r) => r.fullName === "sketchworks/mobject")!;
    const mirror = openMirror(dir, mobject.fullName);
    const pr = mobject.pullRequests[0];
    const revision = { baseSha: bases.get(mobject.fullName)!.get(pr.number)!, headSha: pr.headSha, files: parsePatch(pr.patch) };
    const raises = await searchVersion(mirror, revision, "raise ValueError", "base");
    expect(raises.matches.map((m) => m.path)).toEqual(["mobject/utils/space_ops.py"]);
    // the new method exists only once the patch is applied
    expect((await searchVersion(mirror, revision, "def get_arc_center", "base")).matches).toEqual([]);
    expect((await searchVersion(mirror, revision, "def get_arc_center", "patched")).matches.map((m) => m.path)).toEqual([
      "mobject/geometry/arc.py",
    ]);
  });

  test("rebuilding gives the same commits (both e2e servers share one mirrors folder)", async () => {
    const again = await buildDemoMirrors(dir, DEMO_REPOSITORIES);
    expect(again).toEqual(bases);
  });
});
