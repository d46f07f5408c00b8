import { describe, expect, test } from "vitest";
import { parseReleasedPatch } from "@/lib/patch/released-patch";
import { applyFilePatch } from "@/lib/repo/apply-file-patch";
import { synthesizeBaseFile } from "@/lib/repo/synthesize-base-file";
import { DEMO_REPOSITORIES } from "./demo-world";

describe("demo patches", () => {
  test("every demo patch applies to the base the demo mirror synthesises for it", () => {
    for (const repo of DEMO_REPOSITORIES) {
      for (const pr of repo.pullRequests) {
        for (const file of parseReleasedPatch(pr.patch)) {
          const base = synthesizeBaseFile(file);
          const { text } = applyFilePatch(base, file);
          const added = file.hunks.flatMap((h) => h.lines.filter((l) => l.kind === "add").map((l) => l.text));
          for (const line of added) expect(text).toContain(line);
        }
      }
    }
  });
});
