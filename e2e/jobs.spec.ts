import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

// Long work from a page is a job: the page queues it and a panel follows it live (progress bar,
// history, log) while the app's own worker runs it.

test("re-running the rule filters queues a job whose progress, history and log the page shows", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/screen");
  await page.getByTestId("rerun-all-rules").getByRole("button").click();
  await expect(page.getByTestId("action-message")).toContainText("Queued a re-run of all rule filters");

  const panel = page.getByTestId("job-panel-screen-rules-screen-llm-audit-sample");
  await expect(panel.getByTestId("job-current")).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
  await expect(panel.getByRole("progressbar")).toBeVisible();
  await expect(panel.getByTestId("job-progress")).toContainText("items");
  await expect(panel.getByTestId("job-history").getByRole("row")).toHaveCount(2);
  await panel.getByRole("button", { name: "log" }).click();
  await expect(panel.getByTestId("job-log")).toContainText("rule filter(s) over 4 PRs");
});

test("assigning from /annotate runs as a job and reports what it assigned", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/annotate");
  await page.getByTestId("assign-form").getByRole("button").click();
  await expect(page.getByTestId("assign-form").getByRole("status")).toContainText("Assignment queued");
  const panel = page.getByTestId("job-panel-assign");
  await expect(panel.getByTestId("job-current")).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
  await panel.getByRole("button", { name: "log" }).click();
  await expect(panel.getByTestId("job-log")).toContainText(/Nothing to assign|Assigned/);
});
