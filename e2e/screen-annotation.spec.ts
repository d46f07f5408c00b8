// Issue #15 item 5: dropping a comment that is in annotation asks first, then withdraws its open
// assignments; it leaves the queues, and the overview counts it where the funnel does.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

async function overviewFigure(page: Page, testId: string): Promise<number> {
  await page.goto("/");
  return Number(await page.getByTestId(testId).textContent());
}

test("dropping a comment in annotation asks, then withdraws it from the annotators' queues", async ({ page, browser, baseURL }, info) => {
  await signInAs(page, "admin");
  const annotatingBefore = await overviewFigure(page, "stage-annotating");
  const droppedBefore = await overviewFigure(page, "stage-filtered_out");

  // #31 item 6: comments in annotation are left out of the queue unless the screener asks for them
  await page.goto("/screen/manual?level=comment");
  await expect(page.locator("[data-testid=manual-item][data-in-annotation=true]")).toHaveCount(0);
  await expect(page.getByTestId("manual-in-annotation-filter")).toContainText("already in annotation and not listed");
  await page.getByRole("link", { name: "List them too" }).click();
  const item = page.locator("[data-testid=manual-item][data-in-annotation=true]").first();
  await expect(item.getByTestId("manual-in-annotation")).toContainText("Dropping it withdraws");
  const link = item.getByRole("link", { name: /Open with the PR/ });
  const instanceId = (await link.getAttribute("href"))?.split("/").pop() ?? "";
  const warning = (await item.getByTestId("manual-in-annotation").textContent()) ?? "";
  const annotators = ["alice", "bob", "carol"].filter((login) => warning.includes(login));
  expect(annotators.length).toBeGreaterThan(0);

  await item.getByLabel("Rationale").fill("Only a naming preference, nothing to check.");
  await item.getByTestId("manual-drop").click();
  await expect(item.getByTestId("action-error")).toContainText("Confirm to drop it: tick “Drop it from annotation too”");
  await page.screenshot({ path: `test-results/screenshots/screen-drop-asks-${info.project.name}.png`, fullPage: true });
  expect(await overviewFigure(page, "stage-annotating")).toBe(annotatingBefore);

  await page.goto("/screen/manual?level=comment&inAnnotation=include");
  const again = page.locator(`[data-testid=manual-item]:has(a[href="/annotate/${instanceId}"])`);
  await again.getByLabel("Rationale").fill("Only a naming preference, nothing to check.");
  await again.getByTestId("manual-confirm-withdraw").check();
  await again.getByTestId("manual-drop").click();
  await expect(page.locator(`a[href="/annotate/${instanceId}"]`)).toHaveCount(0);

  expect(await overviewFigure(page, "stage-annotating")).toBe(annotatingBefore - 1);
  expect(await overviewFigure(page, "stage-filtered_out")).toBe(droppedBefore + 1);

  const annotator = await browser.newContext({ baseURL });
  const annotatorPage = await annotator.newPage();
  await signInAs(annotatorPage, annotators[0]);
  await annotatorPage.goto("/annotate");
  await expect(annotatorPage.getByRole("heading", { name: "My queue" })).toBeVisible();
  await expect(annotatorPage.locator(`[data-instance-id="${instanceId}"]`)).toHaveCount(0);
  await annotator.close();
});
