import { describe, expect, test } from "vitest";
import { ExportRequestSchema } from "./export-requests";
import { datasetLicense, exportConventionsOf, RELEASED_SOURCE_NAMES, SourceNamesSchema } from "./export-conventions";

describe("export conventions", () => {
  test("a request with nothing chosen gets the release's license and words, which leave imported rows their own", () => {
    const request = ExportRequestSchema.parse({ splitRunId: "s", title: "T" });
    expect(request).toMatchObject({ license: "cc-by-4.0", sourceHuman: "crawled_swebench", sourcePerturbation: "perturbation" });
    expect(exportConventionsOf(request)).toEqual({ license: "cc-by-4.0", sourceNames: undefined });
    expect(datasetLicense()).toEqual({ id: "cc-by-4.0", name: "Creative Commons Attribution 4.0 International (CC BY 4.0)" });
  });

  test("chosen words become the export's vocabulary, trimmed", () => {
    const request = ExportRequestSchema.parse({
      splitRunId: "s",
      title: "T",
      license: "cc0-1.0",
      sourceHuman: " human ",
      sourcePerturbation: "perturbation",
    });
    expect(exportConventionsOf(request)).toEqual({ license: "cc0-1.0", sourceNames: { human: "human", perturbation: "perturbation" } });
  });

  test("an unknown license, a blank or odd word, or the same word twice is refused with a reason", () => {
    const problem = (input: Record<string, string>) => {
      const parsed = ExportRequestSchema.safeParse({ splitRunId: "s", title: "T", ...input });
      return parsed.success ? null : parsed.error.issues.map((i) => i.message).join("; ");
    };
    expect(problem({ license: "gpl" })).toMatch(/License must be one of the Hub's ids: cc-by-4.0, /);
    expect(problem({ license: "other" })).toMatch(/License must be one of/);
    expect(problem({ sourceHuman: "  " })).toMatch(/Give the source word for human-annotated rows/);
    expect(problem({ sourcePerturbation: "two words" })).toMatch(/may hold letters, digits/);
    expect(problem({ sourceHuman: "perturbation" })).toMatch(/need different source words/);
    expect(SourceNamesSchema.safeParse({ human: "x", perturbation: "x" }).success).toBe(false);
    expect(SourceNamesSchema.parse(RELEASED_SOURCE_NAMES)).toEqual(RELEASED_SOURCE_NAMES);
  });
});
