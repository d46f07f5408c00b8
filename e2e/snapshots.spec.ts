// Issue #12 in the browser: a comment written on an early push of a PR is shown in the patch of that push,
// on the line its hunk ends with; a comment whose commit GitHub no longer has says so, with the reason; the
// screening page counts the snapshots and lets the admin choose what the unavailable ones are judged on.
// The data: the demo plus the three-push PR of lib/repo/testing/pr-history-repo.ts (e2e/setup/pr-history.ts).
import { z } from "zod";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

test.use({ appSetup: { before: ["e2e/setup/pr-history.ts"] } });

const Seeded = z.object({
  firstPushComment: z.string().min(1),
  goneCommitComment: z.string().min(1),
  unavailableInstances: z.number().int().positive(),
  exactInstances: z.number().int().positive(),
});

test("a comment on the first push is marked on that push's line; the final diff says it cannot place it", async ({ page, appInfo }) => {
  const seeded = Seeded.parse(appInfo);
  await signInAs(page, "admin");
  await page.goto(`/annotate/${seeded.firstPushComment}`);
  const versions = page.getByTestId("patch-versions");
  await expect(versions).toHaveAttribute("data-version", "snapshot");
  await expect(page.getByTestId("snapshot-notice")).toHaveAttribute("data-tone", "info");
  await expect(page.getByTestId("snapshot-notice")).toContainText("final diff differs");
  const marked = versions.locator('tr[data-commented="true"]');
  await expect(marked).toHaveCount(1);
  // the first push's typo, on new line 10: the hunk's last line, not the final diff's `max_files_cached = 8`
  await expect(marked).toContainText("max_file_cached = 7");
  await expect(marked.locator("td").nth(1)).toHaveText("10");
  await expect(page.getByTestId("comment-not-placeable")).toHaveCount(0);

  await page.getByTestId("patch-version-final").click();
  await expect(versions).toHaveAttribute("data-version", "final");
  await expect(versions.locator('tr[data-commented="true"]')).toHaveCount(0);
  await expect(page.getByTestId("anchor-not-placeable")).toBeVisible();
  await expect(versions).toContainText("max_files_cached = 8");
});

test("a comment whose commit is gone shows the notice with its reason; the admin's choice on /screen changes it", async ({
  page,
  appInfo,
}) => {
  const seeded = Seeded.parse(appInfo);
  await signInAs(page, "admin");
  await page.goto(`/annotate/${seeded.goneCommitComment}`);
  const notice = page.getByTestId("snapshot-notice");
  await expect(notice).toHaveAttribute("data-tone", "warning");
  await expect(notice).toContainText("The code this comment was written on is unavailable");
  await expect(notice).toContainText("no longer on GitHub");
  await expect(notice).toContainText("stays out of the dataset");
  await expect(page.getByTestId("patch-versions")).toHaveAttribute("data-version", "final");
  // the comment is on a line the final diff does not have: its own hunk is shown instead of a guess
  await expect(page.getByTestId("comment-not-placeable")).toBeVisible();
  await expect(page.getByTestId("comment-own-hunk")).toContainText("-    return os.path.getsize(path)");

  await page.goto("/screen");
  const panel = page.getByTestId("snapshot-summary");
  await expect(panel.getByTestId("snapshot-exact")).toContainText(`${seeded.exactInstances.toLocaleString("en-US")} instances`);
  await expect(panel.getByTestId("snapshot-unavailable")).toHaveText(`${seeded.unavailableInstances} unavailable`);
  await expect(panel).toContainText("no longer on GitHub");
  const row = panel.getByTestId("unavailable-snapshot").filter({ hasText: "acme/app#1" });
  await expect(row).toHaveCount(1);
  await expect(row).toHaveAttribute("data-status", "unavailable");
  await row.getByTestId("snapshot-choose-final").getByRole("button").click();
  // the page re-renders with the choice: the row now offers the way back
  await expect(row).toHaveAttribute("data-status", "final_fallback");
  await expect(row).toContainText("on the final diff (marked)");
  await expect(panel.getByTestId("snapshot-unavailable")).toHaveText("0 unavailable");
  await expect(panel.getByTestId("snapshot-final-fallback")).toContainText(`${seeded.unavailableInstances} on the PR's final diff`);

  await page.goto(`/annotate/${seeded.goneCommitComment}`);
  await expect(notice).toContainText("Judged on the PR's final diff by an admin's choice");
  await expect(notice).toContainText("no longer on GitHub");

  await page.goto("/screen");
  await row.getByTestId("snapshot-choose-leave-out").getByRole("button").click();
  await expect(row).toHaveAttribute("data-status", "unavailable");
  await expect(panel.getByTestId("snapshot-unavailable")).toHaveText(`${seeded.unavailableInstances} unavailable`);
});
