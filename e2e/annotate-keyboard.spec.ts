// Issue #15 items 1–4: a label is committed only by an explicit submit; a draft survives a reload;
// j/k move without submitting; `r` focuses the rationale without typing; the help is a modal dialog.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

async function unlabelledInQueue(page: Page): Promise<string[]> {
  await page.goto("/annotate");
  await expect(page.getByRole("heading", { name: "My queue" })).toBeVisible();
  const ids: string[] = [];
  for (const row of await page.getByTestId("queue-row").all()) {
    if (await row.getAttribute("data-own-label")) continue;
    const id = await row.getAttribute("data-instance-id");
    if (id) ids.push(id);
  }
  return ids;
}

async function storedLabels(page: Page, instanceId: string): Promise<unknown[]> {
  const res = await page.request.get(`/api/labels?instanceId=${instanceId}`);
  expect(res.status()).toBe(200);
  return (await res.json()).labels;
}

/** Focus on the page itself, outside any field, as after a click on empty space. */
async function focusPage(page: Page) {
  await page.locator("body").click({ position: { x: 5, y: 5 } });
}

test("a half-written label survives a reload as a draft, unsubmitted", async ({ page }, info) => {
  await signInAs(page, "alice");
  const [id] = await unlabelledInQueue(page);
  await page.goto(`/annotate/${id}`);
  await page.getByTestId("label-untrustworthy").click();
  await page.getByTestId("rationale").fill("half-written rationale");
  await expect(page.getByTestId("label-draft")).toContainText("not submitted");

  // the leave-page warning asks; accepting it reloads and the draft comes back
  const asked: string[] = [];
  page.on("dialog", (dialog) => {
    asked.push(dialog.type());
    void dialog.accept();
  });
  await page.reload();
  expect(asked).toEqual(["beforeunload"]);
  await expect(page.getByTestId("rationale")).toHaveValue("half-written rationale");
  await expect(page.getByTestId("label-untrustworthy")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("label-draft")).toContainText("Your draft from earlier is back");
  expect(await storedLabels(page, id)).toEqual([]);
  await page.screenshot({ path: `test-results/screenshots/annotate-draft-restored-${info.project.name}.png`, fullPage: true });
});

test("j and k move through the queue without submitting the draft", async ({ page }) => {
  await signInAs(page, "bob");
  const ids = await unlabelledInQueue(page);
  expect(ids.length).toBeGreaterThanOrEqual(2);
  await page.goto(`/annotate/${ids[0]}`);
  await page.getByTestId("label-trustworthy").click();
  await page.getByTestId("rationale").fill("unfinished thou");
  await page.keyboard.press("Escape"); // leave the field: j is a command again
  await expect(page.getByTestId("rationale")).not.toBeFocused();
  page.on("dialog", (dialog) => void dialog.accept());

  const first = page.url();
  await page.keyboard.press("j");
  await expect(page).not.toHaveURL(first);
  expect(await storedLabels(page, ids[0])).toEqual([]);

  await expect(page.getByTestId("label-panel")).toBeVisible();
  await focusPage(page);
  await page.keyboard.press("k");
  await expect(page).toHaveURL(first);
  await expect(page.getByTestId("rationale")).toHaveValue("unfinished thou");
  expect(await storedLabels(page, ids[0])).toEqual([]);
});

test("choosing a label by key and pressing r focuses the rationale without typing into it", async ({ page }) => {
  // carol: no other test of this file keeps a (server-side) draft in her queue
  await signInAs(page, "carol");
  const [id] = await unlabelledInQueue(page);
  await page.goto(`/annotate/${id}`);
  await focusPage(page);
  await page.keyboard.press("u");
  await expect(page.getByTestId("label-untrustworthy")).toHaveAttribute("aria-checked", "true");
  await expect(page.getByTestId("rationale")).not.toBeFocused();
  await page.keyboard.press("r");
  await expect(page.getByTestId("rationale")).toBeFocused();
  await expect(page.getByTestId("rationale")).toHaveValue("");
  await page.keyboard.type("The comment claims");
  await expect(page.getByTestId("rationale")).toHaveValue("The comment claims");
  // inside the field, letters are text: t types a t, it does not choose "trustworthy"
  await page.keyboard.type(" t");
  await expect(page.getByTestId("label-untrustworthy")).toHaveAttribute("aria-checked", "true");
});

test("the shortcuts help is a modal dialog: the page takes no keys, Esc closes it and focus returns", async ({ page }, info) => {
  await signInAs(page, "alice");
  // her last item: the draft test above keeps a (server-side) draft on her first, which would come back here
  const id = (await unlabelledInQueue(page)).at(-1);
  await page.goto(`/annotate/${id}`);
  const opener = page.getByRole("button", { name: "Shortcuts (?)" });
  await opener.focus();
  await page.keyboard.press("Enter");
  const dialog = page.getByRole("dialog", { name: "Keyboard shortcuts" });
  await expect(dialog).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/annotate-shortcut-help-${info.project.name}.png` });

  const url = page.url();
  for (const key of ["2", "r", "j", "h"]) await page.keyboard.press(key);
  await expect(page.getByTestId("label-untrustworthy")).toHaveAttribute("aria-checked", "false");
  await expect(page.getByTestId("rationale")).toHaveValue("");
  expect(page.url()).toBe(url);
  // focus stays inside the dialog
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);

  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  await expect(opener).toBeFocused();

  // ? opens it from the keyboard too, and closes it again
  await focusPage(page);
  await page.keyboard.press("?");
  await expect(dialog).toBeVisible();
  await page.keyboard.press("?");
  await expect(dialog).toHaveCount(0);
  // opened from the page itself, closing leaves focus on the help button, not on <body> (#31 item 9)
  await expect(opener).toBeFocused();
});

test("a draft follows the annotator to another browser, and submitting the label ends it there too (#31 item 3)", async ({
  browser,
  baseURL,
}) => {
  const first = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(first, "bob");
  const [id] = await unlabelledInQueue(first);
  await first.goto(`/annotate/${id}`);
  await first.getByTestId("label-unsuitable").click();
  await first.getByTestId("rationale").fill("Depends on a release process that is not in the repository.");
  await expect(first.getByTestId("label-draft")).toContainText("kept on the server and in this browser");

  // another browser: no storage of the first, the same annotator
  const second = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(second, "bob");
  await second.goto(`/annotate/${id}`);
  await expect(second.getByTestId("rationale")).toHaveValue("Depends on a release process that is not in the repository.");
  await expect(second.getByTestId("label-unsuitable")).toHaveAttribute("aria-checked", "true");
  await expect(second.getByTestId("label-draft")).toContainText("Your draft from earlier is back");
  expect(await storedLabels(second, id)).toEqual([]);

  // submitted in the second browser: a third one finds the label, not the draft
  await second.getByTestId("advance-after-submit").uncheck();
  await second.getByTestId("save-label").click();
  await expect(second.getByTestId("label-saved")).toBeVisible();
  const third = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(third, "bob");
  await third.goto(`/annotate/${id}`);
  await expect(third.getByTestId("label-saved")).toBeVisible();
  for (const page of [first, second, third]) await page.context().close();
});
