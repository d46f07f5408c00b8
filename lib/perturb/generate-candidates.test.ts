import { describe, expect, it } from "vitest";
import { generateCandidates } from "./generate-candidates";

describe("generateCandidates", () => {
  it("dispatches negation", () => {
    const result = generateCandidates("negation", { text: "These imports are not used" });
    expect(result.candidates[0].text).toBe("These imports are used");
  });

  it("dispatches symbol with the repository's names", () => {
    const result = generateCandidates("symbol", {
      text: "Nit: `test_nanmedian` should also cover the all-NaN case",
      knownSymbols: ["test_nanmedian_impl"],
    });
    expect(result.candidates[0]).toMatchObject({ after: "test_nanmedian_impl", existsInRepository: true });
  });

  it("dispatches location", () => {
    const result = generateCandidates("location", {
      target: { id: 1, path: "a.py", diffHunk: "@@ -1,2 +1,3 @@\n+x" },
      others: [{ id: 2, path: "b.py", diffHunk: "@@ -5,2 +5,3 @@\n+y" }],
    });
    expect(result.candidates.map((c) => c.id)).toEqual([2]);
  });

  it("passes the reason through when nothing can be generated", () => {
    expect(generateCandidates("negation", { text: "?" }).reason).toMatch(/no prose/);
  });

  it("rejects malformed input from a form", () => {
    expect(() => generateCandidates("symbol", { text: "x" } as never)).toThrow();
  });
});
