import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

// The demo seed runs the real rule filters: 4 PRs all kept by the description rule, 3 of them since kept by the
// LLM PR audit (answers written for the demo, no LLM); 23 comment instances, of which 4 are by bots, 2 are too
// short and 1 is a brief acknowledgement.

test("admin sees the demo funnel and opens what the bot rule dropped, with the reasons", async ({ page }, info) => {
  await signInAs(page, "admin");
  await page.getByRole("navigation", { name: "Pipeline stages" }).getByRole("link", { name: "Screen" }).click();
  await expect(page.getByRole("heading", { name: "Screening", exact: true })).toBeVisible();

  await expect(page.getByTestId("remaining-pr:harvested")).toHaveText("4");
  await expect(page.getByTestId("remaining-pr:pr_description_length")).toHaveText("4");
  await expect(page.getByTestId("awaiting-pr:llm:pr")).toHaveText("1");
  await expect(page.getByTestId("remaining-instance:created")).toHaveText("23");
  await expect(page.getByTestId("dropped-instance:bot_author")).toHaveText("4");
  await expect(page.getByTestId("dropped-instance:short_comment")).toHaveText("2");
  await expect(page.getByTestId("dropped-instance:acknowledgement")).toHaveText("1");
  await expect(page.getByTestId("remaining-instance:lgtm_prefix")).toHaveText("16");
  // 8 of the 16 are already decided by annotation in the demo: screening no longer waits on them
  await expect(page.getByTestId("awaiting-instance:llm:comment")).toHaveText("8");
  await page.screenshot({ path: `test-results/screenshots/screen-${info.project.name}.png`, fullPage: true });

  await page.getByTestId("dropped-instance:bot_author").click();
  await expect(page.getByRole("heading", { name: "Dropped by: Bot author" })).toBeVisible();
  await expect(page.getByTestId("dropped-total")).toHaveText("4");
  await expect(page.getByTestId("dropped-item")).toHaveCount(4);
  const codecov = page.getByTestId("dropped-item").filter({ hasText: "codecov[bot]" });
  await expect(codecov.getByTestId("dropped-rationale")).toContainText('Author "codecov[bot]" has GitHub account type Bot.');
  await expect(codecov).toContainText("Codecov Report");
});

test("an invalid threshold is refused with a message naming the field, and the edit is kept", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/screen");
  await page.getByTestId("edit-rules").click();
  await expect(page.getByRole("heading", { name: "Rule filter settings" })).toBeVisible();

  const minChars = page.getByLabel("Minimum comment characters");
  await expect(minChars).toHaveValue("10");
  await minChars.fill("ten");
  await page.getByTestId("save-rules").click();
  await expect(page.getByTestId("action-errors")).toContainText("minCommentChars must be a number");
  await expect(minChars).toHaveValue("ten");

  await minChars.fill("-5");
  await page.getByTestId("save-and-run-rules").click();
  await expect(page.getByTestId("action-errors")).toContainText("minCommentChars must be at least 0 (got -5)");

  // nothing was saved: the screening page still shows the paper's defaults
  await page.goto("/screen");
  await expect(page.getByTestId("rule-config-summary")).toContainText("The paper's defaults");
  await expect(page.getByTestId("rule-config-summary")).toContainText("comments ≥ 10 characters");
});

test("with no LLM configured the page says so and the manual queue records a decision", async ({ page }, info) => {
  await signInAs(page, "admin");
  await page.goto("/screen");
  const notice = page.getByTestId("llm-not-configured");
  await expect(notice).toContainText("No LLM is configured");
  await expect(notice).toContainText("LLM_BASE_URL");
  // the queue holds what the rules left for the LLM on this spec's own database
  const awaiting = (await page.getByTestId("awaiting-instance:llm:comment").textContent())?.trim() ?? "";
  expect(Number(awaiting)).toBeGreaterThan(0);
  const queued = String(Number(awaiting));
  const fewer = String(Number(awaiting) - 1);
  await expect(page.getByTestId("manual-queue-comment")).toContainText(queued);

  await page.getByTestId("manual-queue-comment").click();
  await expect(page.getByRole("heading", { name: "Manual screening queue" })).toBeVisible();
  await expect(page.getByTestId("manual-no-llm")).toBeVisible();
  await expect(page.getByTestId("manual-total")).toHaveText(queued);
  await page.screenshot({ path: `test-results/screenshots/screen-manual-${info.project.name}.png`, fullPage: true });
  // the demo's waiting comments are all in annotation: listed only on request (#31 item 6)
  await expect(page.getByTestId("manual-empty")).toContainText("the rest is in annotation");
  await page.getByRole("link", { name: "List them too" }).click();

  const first = page.getByTestId("manual-item").first();
  await first.getByTestId("manual-keep").click();
  // the browser's own check: a rationale is required
  await expect(page.getByTestId("manual-total")).toHaveText(queued);
  await first.getByLabel("Rationale").fill("Points at a concrete behaviour of the patched code.");
  await first.getByTestId("manual-keep").click();
  await expect(page.getByTestId("manual-total")).toHaveText(fewer);

  await page.goto("/screen");
  await expect(page.getByTestId("awaiting-instance:llm:comment")).toHaveText(fewer);
});
