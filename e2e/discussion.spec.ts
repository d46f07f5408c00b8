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

test("an admin reopens an adjudication with a reason; an adjudicator sends the disagreement back with a note", async ({
  browser,
  baseURL,
}, info) => {
  const admin = await signedIn(browser, "admin", baseURL);
  await admin.goto("/adjudicate");
  const row = admin
    .getByTestId("adjudication-row")
    .filter({ has: admin.getByTestId("adjudicate-link") })
    .first();
  const id = (await row.getAttribute("data-instance-id")) ?? "";
  expect(id).not.toBe("");

  // decided, then reopened with a reason: it waits for an adjudicator again
  await admin.goto(`/adjudicate/${id}`);
  await admin.getByTestId("decide-untrustworthy").click();
  await admin.getByTestId("adjudication-rationale").fill("The fallback only exists in the base commit.");
  await admin.getByTestId("save-adjudication").click();
  await expect(admin.getByTestId("instance-stage")).toHaveAttribute("data-stage", "labelled");
  await postNote(admin, "reopen", "The fallback was removed in a later commit of the PR.");
  await expect(admin.getByTestId("instance-stage")).toHaveAttribute("data-stage", "adjudicating");
  await admin.screenshot({ path: `test-results/screenshots/discussion-reopen-${info.project.name}.png`, fullPage: true });
  await admin.goto("/adjudicate");
  await expect(admin.locator(`[data-testid=adjudication-row][data-instance-id="${id}"]`)).toHaveCount(1);

  // sent back to its annotators with a note: out of adjudication, both label again and read the note
  await admin.goto(`/adjudicate/${id}`);
  await postNote(admin, "send_back", "Both of you: check the fallback in the base commit first.");
  await expect(admin.getByTestId("instance-stage")).toHaveAttribute("data-stage", "annotating");
  await admin.goto("/adjudicate");
  await expect(admin.locator(`[data-testid=adjudication-row][data-instance-id="${id}"]`)).toHaveCount(0);
  const annotators = await admin.request.get(`/api/labels?instanceId=${id}`);
  expect((await annotators.json()).labels).toEqual([]);
});
