import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_REPOSITORIES } from "@/lib/demo/demo-world";
import { mirrorPathFor } from "@/lib/repo/mirror-path";
import { ensureBareMirror } from "@/lib/repo/build-bare-mirror";
import { collectKnownSymbols, identifiersInPatch, openMirrorSymbolSource, PATCH_ONLY_NOTE } from "./collect-known-symbols";

const PATCH = DEMO_REPOSITORIES[0].pullRequests[0].patch;

describe("identifiersInPatch", () => {
  it("takes identifiers from added, removed and context lines and both paths of each file", () => {
    const { identifiers, paths } = identifiersInPatch(PATCH);
    expect(identifiers).toEqual(
      expect.arrayContaining(["test_nanmedian_all_nan", "_maybe_get_mask", "get_median", "test_nanmean_overflow", "nanmedian"]),
    );
    expect(paths).toEqual(["doc/source/whatsnew/v3.0.0.rst", "frameworks/core/nanops.py", "frameworks/tests/test_nanops.py"]);
    // hunk headers' line numbers are not names
    expect(identifiers.some((i) => /^\d/.test(i))).toBe(false);
  });
});

describe("collectKnownSymbols", () => {
  let dir: string;
  let commit: string;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "perturb-mirrors-"));
    [commit] = await ensureBareMirror(mirrorPathFor(dir, "tabular-labs/frameworks"), "tabular-labs/frameworks", [
      {
        message: "base",
        files: {
          "frameworks/core/nanops.py":
            "def _maybe_get_mask(values, skipna, mask):\n    return mask\n\n\ndef nanmedian_impl(values):\n    return values\n",
          "frameworks/tests/test_nanops.py": "def test_nanmedian_all_nan_impl():\n    pass\n",
          "frameworks/io/parsers.py": "def read_csv_impl():\n    pass\n",
          "logo.png": "\u0000PNG",
        },
      },
    ]);
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("uses the patch alone and says so when there is no mirror", async () => {
    const known = await collectKnownSymbols({ patch: PATCH });
    expect(known.fromRepository).toBe(false);
    expect(known.note).toBe(PATCH_ONLY_NOTE);
    expect(known.symbols).toContain("test_nanmedian_all_nan");
    expect(known.files).toEqual([]);
    const opened = await openMirrorSymbolSource({ mirrorsDir: dir, fullName: "sketchworks/mobject", commit: "a".repeat(40) });
    expect(opened).toEqual({ source: null, reason: "sketchworks/mobject has not been mirrored yet" });
    const wrongCommit = await openMirrorSymbolSource({ mirrorsDir: dir, fullName: "tabular-labs/frameworks", commit: "b".repeat(40) });
    expect(wrongCommit.reason).toMatch(/lacks base commit bbbbbbb/);
    const fallback = await collectKnownSymbols({ patch: PATCH, repository: wrongCommit.source, unavailableReason: wrongCommit.reason });
    expect(fallback.note).toBe(`${PATCH_ONLY_NOTE} (the mirror of tabular-labs/frameworks lacks base commit bbbbbbb)`);
  });

  it("adds the repository's files and the identifiers of the folders the patch touches", async () => {
    const opened = await openMirrorSymbolSource({ mirrorsDir: dir, fullName: "tabular-labs/frameworks", commit });
    expect(opened.source).not.toBeNull();
    const known = await collectKnownSymbols({ patch: PATCH, repository: opened.source });
    expect(known.fromRepository).toBe(true);
    expect(known.note).toMatch(
      /^symbols from the patch and tabular-labs\/frameworks at [0-9a-f]{7} \(4 files, identifiers of 2 touched folders\)$/,
    );
    expect(known.symbols).toEqual(
      expect.arrayContaining(["nanmedian_impl", "test_nanmedian_all_nan_impl", "frameworks/io/parsers.py", "logo.png"]),
    );
    // frameworks/io is not touched by the patch: its names stay out
    expect(known.symbols).not.toContain("read_csv_impl");
    // the touched files as they stand at the base commit: the code a symbol swap's names must occur in
    expect(known.files.some((f) => f.includes("nanmedian_impl"))).toBe(true);
    expect(known.files.some((f) => f.includes("read_csv_impl"))).toBe(false);
  });
});
