import { describe, expect, test } from "vitest";
import { isOversizedPatch } from "./is-oversized-patch";
import { DEFAULT_RULE_CONFIG } from "./rule-config";

const small = `diff --git a/src/pkg/config.py b/src/pkg/config.py
--- a/src/pkg/config.py
+++ b/src/pkg/config.py
@@ -10,7 +10,7 @@ def parse_config(path):
-    with open(path) as fh:
+    with open(path, encoding="utf-8") as fh:
`;

describe("isOversizedPatch (more than 200,000 characters)", () => {
  test("a typical patch text is kept, with its measured size", () => {
    expect(isOversizedPatch({ patch: small }, DEFAULT_RULE_CONFIG)).toEqual({
      rule: "patch_size",
      verdict: "keep",
      rationale: `Patch is ${small.length} characters (maximum 200,000).`,
    });
  });
  test("a vendored-lockfile patch over the limit is dropped", () => {
    expect(isOversizedPatch({ patchChars: 1_874_310 }, DEFAULT_RULE_CONFIG)).toEqual({
      rule: "patch_size",
      verdict: "drop",
      rationale: "Patch is 1,874,310 characters (maximum 200,000).",
    });
  });
  test("exactly 200,000 is kept; 200,001 is dropped", () => {
    expect(isOversizedPatch({ patchChars: 200_000 }, DEFAULT_RULE_CONFIG).verdict).toBe("keep");
    expect(isOversizedPatch({ patchChars: 200_001 }, DEFAULT_RULE_CONFIG).verdict).toBe("drop");
  });
  test("text is measured in code points, as Python's len() would", () => {
    // 5 code points but 6 UTF-16 units per line: String.length would say 240,000 and drop it
    const emojiPatch = "+# 🐍\n".repeat(40_000);
    expect(emojiPatch.length).toBe(240_000);
    expect(isOversizedPatch({ patch: emojiPatch }, DEFAULT_RULE_CONFIG)).toEqual({
      rule: "patch_size",
      verdict: "keep",
      rationale: "Patch is 200,000 characters (maximum 200,000).",
    });
    expect(isOversizedPatch({ patch: `${emojiPatch}🐍` }, DEFAULT_RULE_CONFIG).verdict).toBe("drop");
  });
});
