import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

// A crawl that cannot store everything says so where the admin looks (#13): the fake GitHub serves a PR
// whose title PostgreSQL cannot hold and one whose comments' follow-up page keeps failing
// (e2e/setup/fake-github-with-holes.ts). The run is partial, each missing PR is named with its reason and
// what happens next, and a given-up PR can be put back in line for the next crawl.

test.use({ appSetup: { sidecar: "e2e/setup/fake-github-with-holes.ts" } });

test("a partial crawl names the pull requests it could not store, and a given-up one can be retried", async ({ page, appInfo }) => {
  const repository = String(appInfo.repository);
  const served = appInfo.served as { number: number }[];
  const [unstorable, long] = [served[1].number, served[2].number];
  await signInAs(page, "admin");
  await page.goto("/ingest");
  await page.getByPlaceholder("pandas-dev/pandas, ManimCommunity/manim").fill(repository);
  await page.getByRole("button", { name: "Start crawl" }).click();
  const panel = page.getByTestId("job-panel-ingest-snapshots");
  await expect(panel.getByTestId("job-current")).toHaveAttribute("data-state", "completed", { timeout: 90_000 });
  await panel.getByRole("button", { name: "log" }).click();
  await expect(panel.getByTestId("job-log")).toContainText("partial: ");

  await page.reload();
  const run = page.getByRole("row").filter({ hasText: "partial" }).first();
  await expect(run).toContainText(/2 pull requests missing \(.*PR #\d+.*PR #\d+\): 1 retried by the next runs, 1 given up/);
  const holes = page.getByTestId("holes");
  const given = holes.getByRole("row").filter({ hasText: `#${unstorable}` });
  await expect(given).toContainText("NUL character");
  await expect(given).toContainText("given up");
  const retrying = holes.getByRole("row").filter({ hasText: `#${long}` });
  await expect(retrying).toContainText("could not page comments: Something went wrong while executing your query.");
  await expect(retrying).toContainText("retried by the next run");
  await expect(page.getByTestId("repository-holes")).toHaveText("1 PR missing, retried by the next run · 1 given up");

  // the page refreshes with the PR back in line: its reason kept, marked reopened
  await given.getByRole("button", { name: "Retry at the next crawl" }).click();
  await expect(given).toContainText("retried by the next run");
  await expect(given).toContainText("NUL character");
  await expect(given).toContainText("(reopened)");
  await expect(page.getByTestId("repository-holes")).toHaveText("2 PRs missing, retried by the next run");
});
