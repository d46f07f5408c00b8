// Issue #45, what a new team still hit on its third day: each test here failed before its fix.
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, signInAs } from "./helpers";

test("A: dropping a PR whose comments are in annotation offers the confirm, keeps the rationale, and then drops it", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/screen/manual?level=pr");
  const item = page.locator("[data-testid=manual-item]:has([data-testid=manual-confirm-withdraw])").first();
  await expect(item.getByTestId("manual-in-annotation")).toContainText("of this pull request are in annotation");
  const where = ((await item.locator("p.font-mono").first().textContent()) ?? "").trim();
  const rationale = "The description does not say what changes.";
  await item.getByLabel("Rationale").fill(rationale);
  await item.getByTestId("manual-drop").click();
  await expect(item.getByTestId("action-error")).toContainText("tick “Drop it from annotation too”");
  // the refused form keeps what was typed, and the control it names is there
  await expect(item.getByLabel("Rationale")).toHaveValue(rationale);
  await item.getByLabel("Drop it from annotation too").check();
  await item.getByTestId("manual-drop").click();
  await expect(page.locator("[data-testid=manual-item] p.font-mono").filter({ hasText: where })).toHaveCount(0);
});

test("B: moving open items with From or To on 'choose' says which, and the refused form keeps its choices", async ({ page }) => {
  await signInAs(page, "admin");
  await page.goto("/annotate/team");
  const reassign = page.getByTestId("reassign-form");
  await reassign.getByTestId("reassign").click();
  await expect(reassign.getByTestId("action-error")).toHaveText("Choose under From whose open items to move.");
  const from = reassign.getByTestId("reassign-from");
  await from.selectOption({ label: (await from.locator("option", { hasText: "carol" }).textContent()) ?? "carol" });
  const chosen = await from.inputValue();
  await reassign.getByTestId("reassign-only-skipped").check();
  await reassign.getByTestId("reassign").click();
  await expect(reassign.getByTestId("action-error")).toHaveText("Choose under To who takes them.");
  await expect(from).toHaveValue(chosen);
  await expect(reassign.getByTestId("reassign-only-skipped")).toBeChecked();
});

test("C: a lead with items to label lands on the queue and sees no label totals; a next the role cannot open lands home", async ({
  browser,
  baseURL,
}) => {
  const carol = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(carol, "carol");
  await expect(carol).toHaveURL(/\/annotate$/);
  await carol.goto("/");
  await expect(carol.getByTestId("label-totals-hidden")).toContainText("to label: they would tell you how others labelled them");
  await expect(carol.getByText("Trustworthy", { exact: true })).toHaveCount(0);
  await expect(carol.getByRole("link", { name: "Review Trust Workbench" })).toHaveAttribute("href", "/annotate");
  await carol.context().close();

  const alice = await (await browser.newContext({ baseURL })).newPage();
  await alice.goto("/sign-in?next=/agreement");
  await alice.getByLabel("Login").fill("alice");
  await alice.getByLabel("Password").fill(DEMO_PASSWORD);
  await alice.getByRole("button", { name: "Sign in" }).click();
  await expect(alice).toHaveURL(/\/annotate$/);
  await expect(alice.getByText("Not allowed")).toHaveCount(0);
  // a page she cannot open links back to one she can
  await alice.goto("/agreement");
  await expect(alice.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  const back = alice.getByTestId("home-link");
  await expect(back).toHaveText("Back to your queue");
  await back.click();
  await expect(alice).toHaveURL(/\/annotate$/);
  await alice.context().close();
});

test("D: after submit-and-advance the next item says the last label was saved, and the last item says the queue is finished", async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signInAs(page, "bob");
  await page.goto("/annotate");
  await page.getByTestId("start-next").click();
  let labelled = 0;
  for (;;) {
    await expect(page.getByTestId("label-panel")).toBeVisible();
    const here = new URL(page.url()).pathname;
    await page.getByTestId("label-trustworthy").click();
    await page.getByTestId("rationale").fill("The patch does what the comment says.");
    await page.getByTestId("save-label").click();
    labelled += 1;
    // either the next item, naming this one as saved, or the end of the queue on this one
    const next = page.getByTestId("just-saved");
    const finished = page.getByTestId("queue-finished");
    // (the note from arriving here is still on screen until the page moves on)
    await expect.poll(async () => (await finished.isVisible()) || new URL(page.url()).pathname !== here).toBe(true);
    if (new URL(page.url()).pathname === here) break;
    await expect(page).toHaveURL(new RegExp(`\\?saved=${here.split("/").pop()}$`));
    await expect(next).toContainText("Your label on the previous item was saved (Trustworthy");
    await expect(next.getByRole("link")).toHaveAttribute("href", here);
    expect(labelled).toBeLessThan(40);
  }
  const finished = page.getByTestId("queue-finished");
  await expect(finished).toContainText("Your queue is finished");
  await expect(finished).toContainText("New items appear in your queue when the lead assigns the next batch.");
  await expect(finished.getByRole("link", { name: "Back to your queue" })).toHaveAttribute("href", "/annotate");
});

test("L: a server action called without its form is answered 415 naming what to send, not a server error", async ({ page, baseURL }) => {
  await signInAs(page, "admin");
  await page.goto("/annotate/team");
  // the action's id, from a real submission of the page's form
  const sent = page.waitForRequest((r) => r.method() === "POST" && r.headers()["next-action"] !== undefined);
  await page.getByTestId("reassign-form").getByTestId("reassign").click();
  const actionId = (await sent).headers()["next-action"];
  await expect(page.getByTestId("reassign-form").getByTestId("action-error")).toBeVisible();
  // the same action with no arguments at all: no state, no form
  const answer = await page.request.post("/annotate/team", {
    headers: { "next-action": actionId, origin: baseURL ?? "", accept: "text/x-component", "content-type": "text/plain;charset=UTF-8" },
    data: "[]",
  });
  // refused before Next runs the action (which could only answer 200): every action here takes a form
  expect(answer.status()).toBe(415);
  const body = await answer.json();
  expect(body.code).toBe("unsupported_media_type");
  expect(body.error).toContain("This action takes a form");
});

test("E: the /perturb list tells no one a parent's final label they may not know", async ({ browser, baseURL }) => {
  const header = (page: import("@playwright/test").Page) => page.locator("header").filter({ hasText: "hard negatives are made from" });
  const admin = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(admin, "admin");
  await admin.goto("/perturb");
  await expect(header(admin)).toContainText("made from comments the experts confirmed trustworthy");
  await admin.context().close();

  for (const login of ["alice", "carol"]) {
    const page = await (await browser.newContext({ baseURL })).newPage();
    await signInAs(page, login);
    await page.goto("/perturb");
    await expect(header(page)).toContainText("hard negatives are made from labelled comments");
    await expect(page.locator("body")).not.toContainText("confirmed trustworthy (paper");
    await expect(header(page)).not.toContainText("confirmed trustworthy");
    if (login === "carol") {
      // the comments she annotated are not listed as confirmed trustworthy
      await expect(page.getByTestId("parents-withheld")).toContainText(/you annotated (is|are) not listed/);
    }
    await page.context().close();
  }
});

test("F: words — one draft banner that says where a restored draft is kept, a named shortcuts control, rules in words, plurals, one-line decisions", async ({
  browser,
  baseURL,
}) => {
  // a draft written in one browser and restored from the server in another
  const first = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(first, "alice");
  await first.goto("/annotate");
  await first.getByTestId("start-next").click();
  await expect(first).toHaveURL(/\/annotate\/[^/?]+$/);
  const item = new URL(first.url()).pathname;
  await first.getByTestId("label-unsuitable").click();
  await first.getByTestId("rationale").fill("Depends on a deployment the repository does not hold.");
  await expect(first.getByTestId("label-draft")).toHaveText(
    "Draft — not submitted yet (Ctrl+Enter). It is kept on the server and in this browser.",
  );
  const second = await (await browser.newContext({ baseURL })).newPage();
  await signInAs(second, "alice");
  await second.goto(item);
  await expect(second.getByTestId("label-draft")).toHaveText(
    "Draft — not submitted yet (Ctrl+Enter). Your draft from earlier is back. It is kept on the server and in this browser.",
  );
  await first.context().close();
  await second.context().close();

  const admin = await (await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } })).newPage();
  await signInAs(admin, "admin");
  // the queue navigation's help control has a name
  await admin.goto("/annotate?view=all");
  await admin.getByTestId("instance-link").first().click();
  await expect(admin.getByRole("navigation", { name: "Queue" }).getByRole("button", { name: "Shortcuts (?)" })).toBeVisible();
  // a perturbation's history says its rule in words
  await admin.goto("/perturb?status=all");
  await admin.getByTestId("review-link").first().click();
  const history = admin.locator("li").filter({ hasText: "created" }).first();
  await expect(history).toContainText(/created by the rule that |created: proposed by the model /);
  await expect(admin.locator("body")).not.toContainText("(rule:");
  // plurals in words
  await admin.goto("/annotate/team");
  await expect(admin.getByTestId("batch-assignable")).toContainText(/^\d+ instances? can take annotators/);
  await expect(admin.locator("body")).not.toContainText("(s)");
  // the adjudicator's three decisions each on one line at 1280 px
  await admin.goto("/adjudicate");
  await admin.getByTestId("adjudicate-link").first().click();
  const heights = [];
  for (const v of ["trustworthy", "untrustworthy", "unsuitable"]) {
    const box = await admin.getByTestId(`decide-${v}`).boundingBox();
    heights.push(Math.round(box?.height ?? 0));
  }
  expect(heights[1], `button heights ${heights.join(", ")}`).toBe(heights[0]);
  expect(heights[1]).toBeLessThan(45);
  await admin.context().close();
});
