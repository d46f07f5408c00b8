// Issue #31 item 12: screening and assignment agree. A content screen annotation waits for is one in
// use (an LLM configured, or a decision made); the funnel, the assign form and the team page name
// the same screens and count the same ready comments, before and after the first manual decision.
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

const figure = (text: string | null) => Number((text ?? "").replace(/[^0-9]/g, ""));

test("the funnel and the assign forms name the same screens, before and after a screen comes into use", async ({ page }, info) => {
  await signInAs(page, "admin");

  // the demo has no LLM: its PR audit decided three PRs (answers written for the demo), no comment is decided
  // yet, so the rules and the PR audit gate annotation, and the funnel says why the comment screen does not
  await page.goto("/screen");
  const handoff = page.getByTestId("screening-handoff");
  await expect(handoff).toContainText("Annotation takes a comment once it is through the rule filters and LLM PR audit:");
  await expect(page.getByTestId("handoff-not-in-use")).toContainText("Not in use: LLM comment screen.");
  await expect(page.getByTestId("not-in-use-instance:llm:comment")).toHaveText("not in use");
  await expect(page.getByTestId("not-in-use-pr:llm:pr")).toHaveCount(0);
  const ready = figure(await page.getByTestId("handoff-ready").textContent());

  await page.goto("/annotate");
  await expect(page.getByTestId("assign-ready-count")).toHaveText(`${ready} ready: through the rule filters and LLM PR audit.`);

  // a screener keeps one comment by hand: the comment screen is now in use and annotation waits for it
  await page.goto("/screen/manual?level=comment&inAnnotation=include");
  const first = page.getByTestId("manual-item").first();
  const href = await first.getByRole("link", { name: /Open with the PR/ }).getAttribute("href");
  const item = page.locator(`[data-testid=manual-item]:has(a[href="${href}"])`);
  await item.getByLabel("Rationale").fill("Names a concrete defect in the changed loop.");
  await item.getByTestId("manual-keep").click();
  await expect(item).toHaveCount(0);

  await page.goto("/screen");
  await expect(handoff).toContainText("through the rule filters, LLM PR audit and LLM comment screen:");
  await expect(page.getByTestId("handoff-not-in-use")).toHaveCount(0);
  await expect(page.getByTestId("not-in-use-instance:llm:comment")).toHaveCount(0);
  // the demo assigned its screened comments before this screen started: said apart, not hidden
  await expect(page.getByTestId("handoff-early")).toContainText("given to annotators before a content screen decided them");
  const readyAfter = figure(await page.getByTestId("handoff-ready").textContent());
  await page.screenshot({ path: `test-results/screenshots/screen-handoff-${info.project.name}.png`, fullPage: true });

  await page.goto("/annotate");
  await expect(page.getByTestId("assign-ready-count")).toHaveText(
    `${readyAfter} ready: through the rule filters, LLM PR audit and LLM comment screen.`,
  );
  await page.goto("/annotate/team");
  await expect(
    page.getByText(
      `${readyAfter} ${readyAfter === 1 ? "instance" : "instances"} ready for annotation (through the rule filters, LLM PR audit and LLM comment screen)`,
    ),
  ).toBeVisible();
});
