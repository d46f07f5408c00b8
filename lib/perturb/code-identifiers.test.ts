import { describe, expect, it } from "vitest";
import { codeIdentifiers, isBuiltinName, isReservedWord } from "./code-identifiers";

describe("codeIdentifiers: the names a piece of code contains", () => {
  const patch = [
    "diff --git a/src/Loader.java b/src/Loader.java",
    "@@ -1,3 +1,4 @@ class Loader",
    "-  int x = resp.getBody(); // old body",
    "+  if (c.timestamp > configPath.length()) return null;",
    '   String key = "pageToken";',
  ].join("\n");
  const ids = codeIdentifiers([patch]);

  it("keeps identifiers, member chains and their parts, and names in string literals", () => {
    for (const name of ["resp", "getBody", "resp.getBody", "c.timestamp", "timestamp", "configPath", "key", "pageToken"])
      expect(ids.names.has(name)).toBe(true);
  });

  it("leaves out keywords, literals, primitive types, comments and the file header", () => {
    for (const word of ["if", "return", "null", "int", "old", "body", "diff", "git"]) expect(ids.names.has(word)).toBe(false);
    expect(isReservedWord("return")).toBe(true);
    expect(isReservedWord("configPath")).toBe(false);
  });

  it("marks the names of added lines as the change's own", () => {
    expect(ids.added.has("configPath")).toBe(true);
    expect(ids.added.has("resp")).toBe(false);
  });

  it("knows builtin API from the languages' grammars", () => {
    expect(isBuiltinName("String")).toBe(true);
    expect(isBuiltinName("len")).toBe(true);
    expect(isBuiltinName("resp")).toBe(false);
  });

  it("keeps the prompt's stricter listing: no string contents, no one-letter names", () => {
    const listed = codeIdentifiers([patch], "listed");
    expect(listed.names.has("pageToken")).toBe(false);
    expect(listed.names.has("configPath")).toBe(true);
  });
});
