// Issue #15 item 6: the lead chooses annotators and a batch, sees each annotator's workload,
// progress and agreement, and reassigns open items; queues filter, search, sort and count; the
// assign button is disabled when nothing is ready.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

async function openOf(page: Page, login: string): Promise<number> {
  await page.goto("/annotate/team");
  return Number(await page.locator(`[data-testid=workload-row][data-login=${login}]`).getByTestId("workload-open").textContent());
}

test("the lead assigns a batch to chosen annotators and moves open items between them", async ({ page }, info) => {
  await signInAs(page, "admin");
  await page.goto("/annotate");
  // the demo assigned everything: nothing is ready, and the button says so instead of "Assign 0"
  await expect(page.getByTestId("assign-ready")).toBeDisabled();
  await expect(page.getByTestId("assign-ready")).toHaveText("Nothing ready to assign");
  await page.getByTestId("team-link").click();

  await expect(page.getByTestId("workload-row")).toHaveCount(3);
  await expect(page.getByTestId("team-workload")).toContainText("Agreement with final label");
  await page.screenshot({ path: `test-results/screenshots/team-${info.project.name}.png`, fullPage: true });
  const carolBefore = await openOf(page, "carol");

  // at the demo's overlap every instance has its annotators: the button says so instead of assigning nothing
  const form = page.getByTestId("assign-batch-form");
  await expect(form.getByTestId("batch-assignable")).toContainText(/^0 instances can take annotators at 2 per instance/);
  await expect(form.getByTestId("assign-batch")).toBeDisabled();
  await expect(form.getByTestId("assign-batch")).toHaveText("Nothing to assign");
  await expect(form.getByTestId("batch-include-unscreened")).toHaveCount(0);
  // a third annotator on every comment of the first repository, chosen: carol only
  for (const login of ["alice", "bob"]) await form.getByTestId(`choose-${login}`).uncheck();
  await form.getByLabel("Annotators per instance").fill("3");
  await expect(form.getByTestId("batch-assignable")).not.toContainText(/^0 /);
  await form.getByTestId("assign-batch").click();
  await expect(form.getByTestId("action-message")).toContainText(/Assigned \d+ labels?/);
  const added = Number((await form.getByTestId("action-message").textContent())?.match(/Assigned (\d+)/)?.[1]);
  expect(added).toBeGreaterThan(0);
  expect(await openOf(page, "carol")).toBe(carolBefore + added);

  // carol's open items go to bob where bob is not already on the instance
  const bobBefore = await openOf(page, "bob");
  const reassign = page.getByTestId("reassign-form");
  await reassign.getByTestId("reassign-from").selectOption({ label: `carol (${carolBefore + added} open)` });
  await reassign.getByTestId("reassign-to").selectOption({ label: `bob (${bobBefore} open)` });
  await reassign.getByTestId("reassign").click();
  await expect(reassign.getByTestId("action-message")).toContainText(/Moved \d+ open item/);
  const moved = Number((await reassign.getByTestId("action-message").textContent())?.match(/Moved (\d+)/)?.[1]);
  expect(moved).toBeGreaterThan(0);
  expect(await openOf(page, "bob")).toBe(bobBefore + moved);
  expect(await openOf(page, "carol")).toBe(carolBefore + added - moved);
});

test("an annotator's queue filters by repository and status, searches, sorts and counts", async ({ page }) => {
  await signInAs(page, "alice");
  await page.goto("/annotate");
  const total = await page.getByTestId("queue-row").count();
  await expect(page.getByTestId("queue-count")).toContainText(`Showing ${total} of ${total}`);

  const repo = (await page.getByTestId("queue-repo").locator("option").nth(1).getAttribute("value")) ?? "";
  await page.getByTestId("queue-repo").selectOption(repo);
  await page.getByTestId("queue-status").selectOption("done");
  await page.getByTestId("queue-apply").click();
  await expect(page).toHaveURL(/status=done/);
  const rows = page.getByTestId("queue-row");
  for (const row of await rows.all()) {
    await expect(row).toContainText(repo);
    expect(await row.getAttribute("data-own-label")).not.toBe("");
  }

  // search by a word of the first row's comment finds that row
  await page.goto("/annotate");
  const first = page.getByTestId("queue-row").first();
  const id = await first.getAttribute("data-instance-id");
  const word = ((await first.getByTestId("instance-link").textContent()) ?? "").split(/\W+/).find((w) => w.length > 6) ?? "";
  await page.getByTestId("queue-search").fill(word);
  await page.getByTestId("queue-sort").selectOption("repository");
  await page.getByTestId("queue-apply").click();
  await expect(page.locator(`[data-testid=queue-row][data-instance-id="${id}"]`)).toHaveCount(1);
  expect(await page.getByTestId("queue-row").count()).toBeLessThan(total);
});
