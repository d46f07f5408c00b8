// The patch view on a pull request four times the paper's largest (issue #31 item 10): "Expand all"
// lays all 192 files out but renders only the rows within reach of the viewport, scrolling brings the
// rest in down to the last file's last line, the commented line stays marked and "Jump to hunk" and
// the file index still land where they should, and every open file ends up highlighted.
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

test.use({ appSetup: { before: ["e2e/setup/large-pull-request.ts"] } });

test("Expand all on a 192-file patch renders the rows in view, scrolls to the last line and still jumps to the comment", async ({
  page,
  appInfo,
}) => {
  const files = Number(appInfo.files);
  await signInAs(page, "alice");
  await page.goto(`/annotate/${appInfo.largeInstance}`);
  const view = page.getByTestId("patch-view");
  const sections = view.getByTestId("patch-file");
  const commented = view.locator("[data-commented=true]");
  await expect(commented).toHaveCount(1);
  await expect(sections.nth(files - 1)).toHaveAttribute("data-open", "true");

  await view.getByRole("button", { name: "Expand all" }).click();
  await expect(view.locator('[data-testid="patch-file"][data-open="true"]')).toHaveCount(files);
  // the first file's rows are there where the patch starts; most of the 12,000 rows are not in the DOM
  await sections.first().scrollIntoViewIfNeeded();
  const firstFile = page.getByRole("group", { name: "Changes to pkg/module_00/core_0.py" });
  await expect(firstFile.getByRole("row").first()).toBeInViewport();
  await expect(firstFile.getByRole("row").first()).toContainText("@@ -40,");
  const rendered = await view.locator("tr:not([data-spacer])").count();
  expect(rendered).toBeGreaterThan(20);
  expect(rendered).toBeLessThan(1_500);
  await expect(commented).toHaveCount(1);
  await page.screenshot({ path: `test-results/screenshots/patch-expanded-${test.info().project.name}.png` });

  // to the bottom of the last file: its last line is rendered and in view
  await sections.last().evaluate((el) => window.scrollTo(0, el.getBoundingClientRect().bottom + window.scrollY - window.innerHeight));
  const lastRow = sections.last().locator("tr:not([data-spacer])").last();
  await expect(lastRow).toContainText(String(appInfo.lastFileLastLine));
  await expect(lastRow).toBeInViewport();

  // back to the top, then "Jump to hunk" brings the commented line into view, still marked
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(commented).not.toBeInViewport();
  await page.getByTestId("jump-to-hunk").click();
  await expect(commented).toBeInViewport();
  await expect(commented).toHaveCount(1);
  await expect(commented).toHaveAttribute("id", "commented-line");

  // every open file is highlighted in idle time, the commented file's rows in view included
  await expect(view).toHaveAttribute("data-highlight-pending", "0", { timeout: 60_000 });
  await expect(sections.last().locator("[class^=hljs-]").first()).toBeAttached();

  // the file index opens a collapsed file and scrolls to it with its rows rendered
  await view.getByRole("button", { name: "Collapse all" }).click();
  await expect(view.locator('[data-testid="patch-file"][data-open="true"]')).toHaveCount(1);
  await view.getByText("File index").click();
  await view.getByRole("button", { name: "pkg/module_100/core_100.py", exact: true }).click();
  await expect(sections.nth(100)).toHaveAttribute("data-open", "true");
  const opened = page.getByRole("group", { name: "Changes to pkg/module_100/core_100.py" });
  await expect(opened.getByRole("row").first()).toBeInViewport();
});
