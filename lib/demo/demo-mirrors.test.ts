import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { parsePatch } from "@/lib/annotate/parse-patch";
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
