import { describe, expect, it } from "vitest";
import { symbolNameProblem } from "./symbol-names";

const hunk = [
  "@@ -10,6 +10,9 @@ class Loader {",
  "   Response resp = client.get(configPath);",
  "+  if (c.timestamp > lastSeen && trackingEnabled) {",
  '+    log.info("fetched", resp.status);',
  "   }",
].join("\n");

const problem = (before: string, after: string) => symbolNameProblem(before, after, [hunk]);

describe("symbolNameProblem: names found by tokenizing the code (issue #42)", () => {
  it("passes swaps between names the hunk uses, defined there or not", () => {
    expect(problem("`resp` may be null here", "`client` may be null here")).toBeUndefined();
    expect(problem("compare `c.timestamp` with `lastSeen`", "compare `c.timestamp` with `configPath`")).toBeUndefined();
    expect(problem("only when trackingEnabled is set", "only when lastSeen is set")).toBeUndefined();
  });

  it("refuses library or builtin API on either side", () => {
    expect(problem("`resp` may be null", "`String` may be null")).toMatch(/library or builtin API/);
    expect(problem("use `json.loads` here", "use `resp.loads` here")).toMatch(/library or builtin API/);
  });

  it("refuses a new name the code does not have, unless it varies a name the change adds", () => {
    expect(problem("`client` may be null", "`answer` may be null")).toMatch(/does not occur in the code/);
    expect(problem("`trackingEnabled` is read twice", "`trackingIsEnabled` is read twice")).toBeUndefined();
  });

  it("refuses a prose word that is no name of the code", () => {
    expect(problem("The cache is stale", "The caches is stale")).toMatch(/does not occur in the code/);
  });
});
