import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

// Long work from a page is a job: the page queues it and a panel follows it live (progress bar,
// history, log) while the app's own worker runs it. The demo is fully assigned, so the spec adds a
// crawled PR whose comments are not yet assigned (e2e/setup/pr-history.ts). The tests share the
// spec's server and run in order: assignment first, since re-running the rule filters screens that PR's
// comments, which are then no longer unscreened candidates.

test.use({ appSetup: { before: ["e2e/setup/pr-history.ts"] } });

test("assigning from /annotate runs as a job and reports what it assigned", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/annotate");
  const form = page.getByTestId("assign-form");
  // the crawled PR's comments are unscreened candidates
  await form.getByRole("checkbox").check();
  await expect(form.getByRole("button")).toHaveText(/^Assign \d+ instances?$/);
  await form.getByRole("button").click();
  await expect(form.getByRole("status")).toContainText("Assignment queued");
  const panel = page.getByTestId("job-panel-assign");
  await expect(panel.getByTestId("job-current")).toHaveAttribute("data-state", "completed", { timeout: 30_000 });
  await panel.getByRole("button", { name: "log" }).click();
  await expect(panel.getByTestId("job-log")).toContainText(/Assigned [1-9]/);
});

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
  await expect(panel.getByTestId("job-log")).toContainText(/rule filters? over \d+ PRs/);
});
