import { describe, expect, it } from "vitest";
import { safeReturnPath, signInPathFor } from "./return-path";

describe("safeReturnPath", () => {
  it("follows paths on this server, with their query", () => {
    expect(safeReturnPath("/annotate/abc")).toBe("/annotate/abc");
    expect(safeReturnPath("/perturb?kind=symbol&status=pending")).toBe("/perturb?kind=symbol&status=pending");
  });

  it("refuses anything that would leave the server or loop", () => {
    for (const value of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/%5C%5Cevil",
      "annotate",
      "/a\nb",
      "/sign-in",
      "/sign-in?next=/x",
      "",
      null,
      42,
      `/${"a".repeat(3000)}`,
    ]) {
      const followed = safeReturnPath(value);
      if (followed !== null) expect(new URL(followed, "http://workbench.invalid").origin).toBe("http://workbench.invalid");
      if (value !== "/%5C%5Cevil") expect(followed).toBeNull();
    }
  });
});

describe("signInPathFor", () => {
  it("carries the page asked for, and nothing for the overview", () => {
    expect(signInPathFor("/annotate/abc?x=1")).toBe("/sign-in?next=%2Fannotate%2Fabc%3Fx%3D1");
    expect(signInPathFor("/")).toBe("/sign-in");
    expect(signInPathFor(null)).toBe("/sign-in");
    expect(signInPathFor("//evil.example")).toBe("/sign-in");
  });
});
