// axe-core run in the page itself, for the accessibility specs. @axe-core/playwright's AxeBuilder
// injects axe into every frame on each analyze() and, outside its legacy mode, opens a blank page to
// finish the run: 2.0 to 2.6 s per check on the demo's pages, against 0.45 to 0.65 s for axe.run in a page
// axe was injected into once (0.15 to 0.4 s). The workbench's pages have no frames, so the top document
// is the whole page; a page with a frame is refused rather than checked in part.
import type { Page } from "@playwright/test";
import axe from "axe-core";

/** WCAG 2.1 A and AA, colour contrast included */
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

export interface Violation {
  rule: string;
  impact: string | null | undefined;
  count: number;
  example: string | undefined;
  summary: string | undefined;
}

type AxeWindow = Window & { axe?: typeof axe };

/** The serious and critical violations axe finds on the page as it is now. */
export async function seriousViolations(page: Page): Promise<Violation[]> {
  if (page.frames().length > 1) throw new Error(`${page.url()} has a frame: these checks cover one document only`);
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const a = (window as AxeWindow).axe;
    if (!a) throw new Error("axe-core did not load in the page");
    const results = await a.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"] });
    return results.violations.map((v) => ({
      rule: v.id,
      impact: v.impact,
      count: v.nodes.length,
      example: v.nodes[0]?.target.join(" "),
      summary: v.nodes[0]?.failureSummary,
    }));
  }, TAGS);
  return violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}
