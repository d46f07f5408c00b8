import type { Page } from "@playwright/test";
import { expect, readmeScreenshotPath, test } from "./fixtures";
import { signInAs } from "./helpers";

// Perturbed negatives (paper §2): an admin makes a candidate from a comment the experts confirmed
// trustworthy; it counts as a negative only once every required expert (3 by default) accepts it,
// and one rejection keeps it as lineage only. The demo seed labels comments trustworthy through
// the annotation stage's own functions, so no test data is written behind the app's back.

async function switchUser(page: Page, login: string) {
  await page.context().clearCookies();
  await signInAs(page, login);
}

async function count(page: Page, kind: string, status: string): Promise<number> {
  await page.goto("/perturb?status=all");
  return Number(await page.getByTestId(`count-${kind}-${status}`).textContent());
}

/** An expert's own edit of a comment (#42: no rule makes text edits; the demo has no model), or null when it has no name to swap. */
function expertEdit(text: string, kind: "negation" | "symbol"): string | null {
  if (kind === "negation") return `${text.trimEnd()} This is not the case here.`;
  const name = /`([A-Za-z_][\w.]*)`/.exec(text)?.[1];
  return name ? text.split(`\`${name}\``).join(`\`${name}_impl\``) : null;
}

/**
 * Opens the first confirmed-trustworthy comment an expert can write a candidate of a kind for (a symbol
 * swap needs a name in backticks), writes it on the generate page, creates it, returns its verification URL.
 */
async function createCandidate(page: Page, kind: "negation" | "symbol", screenshot?: string): Promise<string> {
  await page.goto("/perturb");
  const parents = page.getByTestId("parent-row");
  // the demo seed labels comments trustworthy through the annotation stage: without one nothing can be perturbed
  const total = await parents.count();
  expect(total, "the demo data has an instance labelled trustworthy to perturb").toBeGreaterThan(0);
  const form = page.getByTestId("expert-candidate-form");
  const refusals: string[] = [];
  for (let k = 0; k < total; k++) {
    await page.goto("/perturb");
    await parents.nth(k).getByTestId("generate-link").click();
    await expect(page.getByTestId("original-comment")).toBeVisible();
    await page.getByTestId(`kind-tab-${kind}`).click();
    // no model in the demo: the page says where text edits come from
    await expect(page.getByTestId("no-candidates")).toContainText("No rule makes negation or symbol edits");
    const edited = expertEdit(await form.getByTestId("expert-text").inputValue(), kind);
    if (!edited) continue;
    await form.getByTestId("expert-text").fill(edited);
    if (screenshot) await page.screenshot({ path: screenshot, fullPage: true });
    await form.getByTestId("expert-create").click();
    const created = form.getByTestId("created-link").or(form.getByTestId("expert-error"));
    await expect(created).toBeVisible({ timeout: 30_000 });
    if ((await form.getByTestId("expert-error").count()) > 0) {
      refusals.push((await form.getByTestId("expert-error").textContent()) ?? ""); // e.g. this comment already has that edit
      continue;
    }
    await form.getByTestId("created-link").click();
    await expect(page.getByTestId("side-by-side")).toBeVisible();
    return page.url();
  }
  throw new Error(`no demo comment took an expert's ${kind} edit: ${refusals.join(" | ") || "none had a name in backticks"}`);
}

async function accept(page: Page, url: string, login: string, expected: string) {
  await switchUser(page, login);
  await page.goto(url);
  await page.getByTestId("verification-note").fill(`${login}: the edited claim contradicts the patch`);
  await page.getByTestId("accept").click();
  await expect(page.getByTestId("verification-progress")).toHaveText(expected);
}

test("three experts accept a negation candidate, and only then is it counted as a negative", async ({ page }, info) => {
  await signInAs(page, "admin");
  const before = await count(page, "negation", "accepted");
  const screenshot = readmeScreenshotPath(info.project.name, "perturb.png");
  const url = await createCandidate(page, "negation", screenshot);
  await expect(page.getByTestId("verification-progress")).toHaveText("0 of 3 verifiers accepted");
  // the creator does not verify their own candidate
  await expect(page.getByTestId("verify-own")).toContainText("other experts verify it");
  await expect(
    page.getByTestId("original-side").getByTestId("diff-removed").or(page.getByTestId("perturbed-side").getByTestId("diff-added")).first(),
  ).toBeVisible();

  // #31 item 7: the admin sees the parent's final label; the patch is open before anyone votes
  await expect(page.getByTestId("original-heading")).toHaveText("Original · confirmed trustworthy");
  await expect(page.getByTestId("verification-patch")).toHaveAttribute("open", "");
  await switchUser(page, "bob");
  await page.goto(url);
  // bob, an annotator, is never shown a final label; the buttons say what a vote means
  await expect(page.getByTestId("original-heading")).toHaveText("Original comment");
  await expect(page.getByTestId("verification-patch")).toHaveAttribute("open", "");
  await expect(page.getByTestId("accept")).toHaveText("Accept: the comment is now wrong");
  await expect(page.getByTestId("reject")).toHaveText("Reject: still right, or not a fair edit");
  await accept(page, url, "bob", "1 of 3 verifiers accepted");
  await page.reload();
  await expect(page.getByTestId("verify-done")).toContainText("You accepted this text");
  // blind: carol sees no tally, no vote and no history of votes before she votes
  await switchUser(page, "carol");
  await page.goto(url);
  await expect(page.getByTestId("verification-progress")).toHaveText("Votes hidden until you vote (3 must accept)");
  await expect(page.getByTestId("votes-hidden")).toBeVisible();
  await expect(page.locator("body")).not.toContainText("bob: the edited claim");
  await accept(page, url, "carol", "2 of 3 verifiers accepted");
  expect(await count(page, "negation", "accepted")).toBe(before);
  await accept(page, url, "alice", "3 of 3 verifiers accepted");
  await expect(page.getByTestId("verification-status")).toHaveText("accepted · negative");
  await expect(page.getByTestId("verify-closed")).toContainText("It is a negative");
  const verifyShot = readmeScreenshotPath(info.project.name, "perturb-verify.png");
  if (verifyShot) await page.screenshot({ path: verifyShot, fullPage: true });
  expect(await count(page, "negation", "accepted")).toBe(before + 1);
  await expect(page.locator("[data-testid=queue-row][data-status=accepted]").first()).toBeVisible();
  await page.screenshot({ path: `test-results/screenshots/perturb-queue-${info.project.name}.png`, fullPage: true });
});

test("one expert's rejection keeps a candidate out of the negatives", async ({ page }) => {
  await signInAs(page, "admin");
  const acceptedBefore = await count(page, "symbol", "accepted");
  const rejectedBefore = await count(page, "symbol", "rejected");
  const url = await createCandidate(page, "symbol");
  await accept(page, url, "bob", "1 of 3 verifiers accepted");

  await switchUser(page, "alice");
  await page.goto(url);
  await page.getByTestId("reject").click();
  await expect(page.getByTestId("verify-panel").getByRole("alert")).toContainText("Say why the perturbation is not a valid negative");
  await page.getByTestId("verification-note").fill("The swapped name is defined in the same module, so the comment still holds.");
  await page.getByTestId("reject").click();
  await expect(page.getByTestId("verification-status")).toHaveText("rejected · lineage only");

  await switchUser(page, "carol");
  await page.goto(url);
  await expect(page.getByTestId("verify-closed")).toContainText("never becomes a negative");
  expect(await count(page, "symbol", "accepted")).toBe(acceptedBefore);
  expect(await count(page, "symbol", "rejected")).toBe(rejectedBefore + 1);
});

test("a verifier withdraws a vote while the rule has not decided, and moves on with next pending", async ({ page }, info) => {
  await switchUser(page, "alice");
  await page.goto("/perturb");
  // the demo's pending perturbations were created by admin: alice verifies them in order
  await page.getByTestId("verify-next-pending").click();
  await expect(page.getByTestId("verify-panel")).toBeVisible();
  await expect(page.getByTestId("verification-progress")).toContainText("Votes hidden until you vote");
  const first = page.url();
  await page.getByTestId("verification-note").fill("alice: the negated claim contradicts the patch");
  await page.getByTestId("accept").click();
  await expect(page.getByTestId("verification-progress")).toHaveText("1 of 3 verifiers accepted");
  await page.screenshot({ path: `test-results/screenshots/perturb-voted-${info.project.name}.png`, fullPage: true });

  await page.getByTestId("withdraw-vote").click();
  await expect(page.getByTestId("verify-panel")).toBeVisible();
  await expect(page.getByTestId("verification-progress")).toContainText("Votes hidden until you vote");

  await page.getByTestId("next-pending").click();
  await expect(page).not.toHaveURL(first);
  await expect(page.getByTestId("verify-panel")).toBeVisible();
  const withdrawn = await page.request.delete(`${first.replace(/\/perturb\//, "/api/perturbations/")}/verifications`, {
    headers: { "content-type": "application/json" },
  });
  expect(withdrawn.status()).toBe(404);
  expect((await withdrawn.json()).code).toBe("not_found");
});

test("annotators verify but cannot create perturbations", async ({ page }) => {
  await signInAs(page, "bob");
  await page.goto("/perturb");
  await expect(page.getByTestId("perturbation-counts")).toBeVisible();
  await expect(page.getByTestId("eligible-parents")).toHaveCount(0);
  await page.goto("/perturb/generate/anything");
  await expect(page).toHaveURL(/\/forbidden\?needs=admin,adjudicator/);
  const res = await page.request.get("/api/perturbations/candidates?parentId=x&kind=negation");
  expect(res.status()).toBe(403);
  const created = await page.request.post("/api/perturbations", {
    data: { parentId: "x", kind: "negation", candidate: { perturbed: { body: "x", path: null, diffHunk: null } } },
  });
  expect(created.status()).toBe(403);
});
