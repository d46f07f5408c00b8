// Issue #15 item 8: skip with a reason, flag for discussion, an adjudicator sends an item back with
// a note, an admin reopens an adjudication; each shows in the thread and the queues.
import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

async function signedIn(browser: Browser, login: string, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await signInAs(page, login);
  return page;
}

async function toDo(page: Page): Promise<string[]> {
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

async function postNote(page: Page, action: string, note: string) {
  await page.getByTestId(`discussion-${action}`).click();
  await page.getByTestId("discussion-note-input").fill(note);
  await page.getByTestId("discussion-submit").click();
  await expect(page.getByTestId("discussion-note").filter({ hasText: note })).toBeVisible();
}

test("an annotator skips one instance and flags another; the adjudicator sees both and answers the flag", async ({
  browser,
  baseURL,
}, info) => {
  const alice = await signedIn(browser, "alice", baseURL);
  const [skipped, flagged] = await toDo(alice);
  await alice.goto(`/annotate/${skipped}`);
  await postNote(alice, "skip", "Needs knowledge of the C extension I do not have.");
  await alice.goto("/annotate");
  await expect(alice.locator(`[data-instance-id="${skipped}"]`).getByTestId("skipped")).toBeVisible();

  await alice.goto(`/annotate/${flagged}`);
  await postNote(alice, "flag", "Does a docstring-only claim count as technical?");
  await alice.screenshot({ path: `test-results/screenshots/discussion-flag-${info.project.name}.png`, fullPage: true });

  const carol = await signedIn(browser, "carol", baseURL);
  await carol.goto("/adjudicate");
  await expect(carol.locator(`[data-testid=attention-row][data-instance-id="${skipped}"]`)).toContainText("skipped by alice");
  await expect(carol.locator(`[data-testid=attention-row][data-instance-id="${flagged}"]`)).toContainText("flagged by alice");
  await carol.goto(`/annotate/${flagged}`);
  // carol may be one of its annotators (blind): then admin answers instead
  const lead = (await carol.getByTestId("discussion-reply").count()) > 0 ? carol : await signedIn(browser, "admin", baseURL);
  if (lead !== carol) await lead.goto(`/annotate/${flagged}`);
  await postNote(lead, "reply", "Yes, if the docstring states behaviour the patch changes.");
  await lead.goto("/adjudicate");
  await expect(lead.locator(`[data-testid=attention-row][data-instance-id="${flagged}"]`)).toHaveCount(0);

  await alice.goto(`/annotate/${flagged}`);
  await expect(alice.getByTestId("discussion-note").filter({ hasText: "Yes, if the docstring" })).toBeVisible();
});

test("an adjudicator sends a disagreement back with a note; an admin reopens an adjudication", async ({ browser, baseURL }, info) => {
  const admin = await signedIn(browser, "admin", baseURL);
  await admin.goto("/adjudicate");
  const rows = admin.getByTestId("adjudication-row").filter({ has: admin.getByTestId("adjudicate-link") });
  expect(await rows.count()).toBeGreaterThanOrEqual(1);
  const sentBack = (await rows.first().getAttribute("data-instance-id")) ?? "";
  await admin.goto(`/adjudicate/${sentBack}`);
  await postNote(admin, "send_back", "Both of you: check the fallback in the base commit first.");
  await admin.goto("/adjudicate");
  await expect(admin.locator(`[data-testid=adjudication-row][data-instance-id="${sentBack}"]`)).toHaveCount(0);
  await admin.goto(`/annotate/${sentBack}`);
  await expect(admin.getByTestId("instance-stage")).toContainText("annotating");
  await expect(admin.getByTestId("discussion-note").filter({ hasText: "check the fallback" })).toBeVisible();

  // a decided adjudication, reopened with a reason, waits for an adjudicator again
  // (one with perturbations made from its label is refused, with the reason: the next one is tried)
  await admin.goto("/adjudicate");
  const decided: string[] = [];
  for (const link of await admin.getByTestId("decided").getByRole("link").all())
    decided.push((await link.getAttribute("href"))?.split("/").pop() ?? "");
  let reopened = "";
  for (const id of decided) {
    await admin.goto(`/annotate/${id}`);
    await admin.getByTestId("discussion-reopen").click();
    await admin.getByTestId("discussion-note-input").fill("The fallback was removed in a later commit of the PR.");
    await admin.getByTestId("discussion-submit").click();
    const outcome = admin
      .getByTestId("discussion-error")
      .or(admin.getByTestId("discussion-note").filter({ hasText: "fallback was removed" }));
    await expect(outcome).toBeVisible();
    if ((await admin.getByTestId("discussion-error").count()) > 0) {
      await expect(admin.getByTestId("discussion-error")).toContainText("perturbation(s) were made");
      continue;
    }
    reopened = id;
    break;
  }
  expect(reopened, "a decided adjudication without perturbations").not.toBe("");
  await admin.screenshot({ path: `test-results/screenshots/discussion-reopen-${info.project.name}.png`, fullPage: true });
  await admin.goto("/adjudicate");
  await expect(admin.locator(`[data-testid=adjudication-row][data-instance-id="${reopened}"]`)).toHaveCount(1);
});
