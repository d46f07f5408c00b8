import type { Browser, Page, TestInfo } from "@playwright/test";
import { expect, readmeScreenshotPath, test } from "./fixtures";
import { signInAs } from "./helpers";

// Screenshots for the README come from the embedded run of `npm run screenshots` (the UI is the same on both databases).
async function shoot(page: Page, info: TestInfo, name: string) {
  await page.screenshot({ path: `test-results/screenshots/annotate-${name}-${info.project.name}.png`, fullPage: true });
  const readme = readmeScreenshotPath(info.project.name, `annotate-${name}.png`);
  if (readme) await page.screenshot({ path: readme, fullPage: true });
}

async function signedIn(browser: Browser, login: string, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await signInAs(page, login);
  return page;
}

/** Instance ids in the signed-in annotator's queue; toDo: only those without their label. */
async function queueIds(page: Page, toDo = false): Promise<string[]> {
  await page.goto("/annotate");
  await expect(page.getByRole("heading", { name: "My queue" })).toBeVisible();
  const rows = page.getByTestId("queue-row");
  const ids: string[] = [];
  for (const row of await rows.all()) {
    if (toDo && (await row.getAttribute("data-own-label"))) continue;
    ids.push((await row.getAttribute("data-instance-id"))!);
  }
  return ids;
}

async function overviewFigure(page: Page, testId: string): Promise<number> {
  await page.goto("/");
  return Number(await page.getByTestId(testId).textContent());
}

test("two annotators disagree without seeing each other's label, the adjudicator decides, the overview counts it", async ({
  browser,
  baseURL,
}, info) => {
  const alice = await signedIn(browser, "alice", baseURL);
  const bob = await signedIn(browser, "bob", baseURL);
  const carol = await signedIn(browser, "carol", baseURL);

  const labelledBefore = await overviewFigure(carol, "stage-labelled");
  const labelsBefore = await overviewFigure(carol, "count-labels");

  const aliceToDo = await queueIds(alice, true);
  const bobToDo = new Set(await queueIds(bob, true));
  const shared = aliceToDo.find((id) => bobToDo.has(id));
  expect(shared, "alice and bob share an unlabelled instance").toBeTruthy();

  // bob first: untrustworthy
  const bobsReason = "Bob's reasoning: the claim is wrong, the fallback handles it";
  await bob.goto(`/annotate/${shared}`);
  await bob.getByTestId("label-untrustworthy").click();
  await bob.getByTestId("rationale").fill(bobsReason);
  await bob.getByTestId("save-label").click();
  // submit and advance (#31 item 2): once saved, bob is on his next item to label, not one he labelled
  const bobsNext = [...bobToDo].filter((id) => id !== shared);
  if (bobsNext.length > 0) {
    await expect(bob).not.toHaveURL(new RegExp(`/annotate/${shared}$`));
    expect(bobsNext).toContain(new URL(bob.url()).pathname.split("/").pop());
    await expect(bob.getByTestId("label-empty").or(bob.getByTestId("label-draft"))).toBeVisible();
  } else await expect(bob.getByTestId("label-saved")).toBeVisible();
  const bobsLabel = await bob.request.get(`/api/labels?instanceId=${shared}`);
  expect(JSON.stringify(await bobsLabel.json())).toContain(bobsReason);

  // alice sees nothing of bob's label, in the page or through the API
  await alice.goto(`/annotate/${shared}`);
  await expect(alice.getByTestId("target-comment")).toBeVisible();
  await expect(alice.getByTestId("other-labels")).toHaveCount(0);
  await expect(alice.locator("body")).not.toContainText(bobsReason);
  await expect(alice.getByTestId("reveal-timeline")).toBeDisabled();
  const own = await alice.request.get(`/api/labels?instanceId=${shared}`);
  expect(own.status()).toBe(200);
  expect(JSON.stringify(await own.json())).not.toContain(bobsReason);

  // keyboard first: 1 = trustworthy (focus stays put), r = write the rationale (no "r" typed), Ctrl+Enter submits
  await alice.locator("body").click({ position: { x: 5, y: 5 } });
  await alice.keyboard.press("1");
  await expect(alice.getByTestId("rationale")).not.toBeFocused();
  await alice.keyboard.press("r");
  await expect(alice.getByTestId("rationale")).toBeFocused();
  await alice.keyboard.type("Alice's reasoning: the claim holds at the base commit");
  await expect(alice.getByTestId("rationale")).toHaveValue("Alice's reasoning: the claim holds at the base commit");
  // alice chooses to stay on the item once it is saved (kept in her browser)
  await alice.getByTestId("advance-after-submit").uncheck();
  await alice.locator("body").click({ position: { x: 5, y: 5 } });
  await alice.keyboard.press("Control+Enter");
  await expect(alice.getByTestId("label-saved")).toBeVisible();
  await expect(alice).toHaveURL(new RegExp(`/annotate/${shared}$`));
  await expect(alice.getByTestId("label-trustworthy")).toHaveAttribute("aria-checked", "true");
  // both labels are in: final for alice, and still blind (no hint that bob disagreed)
  await expect(alice.getByTestId("label-final")).toBeVisible();
  await expect(alice.locator("body")).not.toContainText(bobsReason);
  await expect(alice.locator("body")).not.toContainText("adjudicat");
  // the rest of the timeline opens now that alice has labelled
  await alice.getByTestId("reveal-timeline").click();
  await expect(alice.getByTestId("timeline-entries").locator("li").first()).toBeVisible();
  await shoot(alice, info, "instance");

  // carol adjudicates: she sees both labels and rationales
  await carol.getByRole("navigation", { name: "Pipeline stages" }).getByRole("link", { name: "Adjudicate" }).click();
  await carol.locator(`[data-testid=adjudication-row][data-instance-id="${shared}"]`).getByTestId("adjudicate-link").click();
  await expect(carol.getByTestId("other-labels")).toContainText(bobsReason);
  await expect(carol.getByTestId("other-labels")).toContainText("Alice's reasoning");
  await carol.getByTestId("decide-trustworthy").click();
  await carol.getByTestId("adjudication-rationale").fill("The fallback is in the patched version, so the comment is right about the base.");
  await shoot(carol, info, "adjudicate");
  await carol.getByTestId("save-adjudication").click();
  await expect(carol.getByTestId("adjudication-result")).toContainText("trustworthy");
  await expect(carol.getByTestId("instance-stage")).toHaveAttribute("data-stage", "labelled");
  // the stage in words, the same words as the overview and the queues (#31 item 8)
  await expect(carol.getByTestId("instance-stage")).toHaveText("Labelled");

  expect(await overviewFigure(carol, "stage-labelled")).toBe(labelledBefore + 1);
  expect(await overviewFigure(carol, "count-labels")).toBe(labelsBefore + 2);

  await carol.getByRole("navigation", { name: "Pipeline stages" }).getByRole("link", { name: "Agreement" }).click();
  await expect(carol.getByTestId("agreement-by-pair")).toContainText("alice × bob");
  await expect(carol.getByTestId("kappa-overall")).not.toHaveText("—");
  // the demo's few pairs are flagged; the pair's matrix and disagreements open, and lead to the instance
  await expect(carol.getByTestId("agreement-by-pair").getByTestId("small-sample").first()).toBeVisible();
  const pair = carol.getByTestId("pair-details").filter({ hasText: "alice × bob" });
  await pair.locator("summary").click();
  await expect(pair.getByTestId("confusion-matrix")).toContainText("rows: alice, columns: bob");
  await shoot(carol, info, "agreement");
  await expect(pair.locator("summary")).toContainText(/alice × bob: \d+ disagreements? in \d+ shared instances?/);
  const disagreement = pair.getByTestId("disagreements").getByRole("link").first();
  // the link names the comment (repository#PR, file, first words), not an id (#31 item 8)
  await expect(disagreement).toHaveText(/^[\w.-]+\/[\w.-]+#\d+ · .*“.+”$/);
  const href = (await disagreement.getAttribute("href")) ?? "";
  await disagreement.click();
  await expect(carol).toHaveURL(new RegExp(`${href}$`));
});

test("an annotator cannot open adjudication, another's label or another's instance: page and direct requests", async ({
  browser,
  baseURL,
}) => {
  const alice = await signedIn(browser, "alice", baseURL);
  const bob = await signedIn(browser, "bob", baseURL);
  const aliceIds = await queueIds(alice);
  const bobIds = await queueIds(bob);
  const shared = aliceIds.find((id) => bobIds.includes(id))!;
  const bobsOnly = bobIds.find((id) => !aliceIds.includes(id))!;
  expect(shared && bobsOnly).toBeTruthy();

  await alice.goto("/adjudicate");
  await expect(alice).toHaveURL(/\/forbidden\?needs=adjudicator/);
  const page = await alice.request.get("/adjudicate", { maxRedirects: 0 });
  expect([303, 307, 308]).toContain(page.status());
  expect(page.headers().location).toContain("/forbidden");

  const decide = await alice.request.post(`/api/instances/${shared}/adjudication`, {
    data: { value: "trustworthy", rationale: "I should not be able to" },
  });
  expect(decide.status()).toBe(403);

  const bobsLabel = await alice.request.get(`/api/labels?instanceId=${shared}&annotator=bob`);
  expect(bobsLabel.status()).toBe(403);
  expect((await bobsLabel.json()).code).toBe("blind");

  for (const url of [
    `/api/labels?instanceId=${bobsOnly}`,
    `/api/instances/${bobsOnly}`,
    `/api/instances/${bobsOnly}/timeline`,
    `/api/instances/${bobsOnly}/repo/tree`,
  ]) {
    const res = await alice.request.get(url);
    expect(res.status(), url).toBe(403);
    expect((await res.json()).code, url).toBe("not_assigned");
  }
  const label = await alice.request.post("/api/labels", {
    data: { instanceId: bobsOnly, value: "trustworthy", rationale: "not my instance" },
  });
  expect(label.status()).toBe(403);

  await alice.goto(`/annotate/${bobsOnly}`);
  await expect(alice.getByTestId("not-assigned")).toBeVisible();
  await expect(alice.getByTestId("target-comment")).toHaveCount(0);

  const toDo = await queueIds(alice, true);
  const locked = await alice.request.get(`/api/instances/${toDo[0]}/timeline`);
  expect(locked.status()).toBe(403);
  expect((await locked.json()).code).toBe("timeline_locked");

  const signedOut = await alice.context().browser()!.newContext({ baseURL });
  const anonymous = await signedOut.request.get(`/api/labels?instanceId=${shared}`);
  expect(anonymous.status()).toBe(401);
});

test("a label saved while the server is unreachable shows as unsaved, survives a reload, and is sent when the server is back", async ({
  browser,
  baseURL,
}) => {
  const alice = await signedIn(browser, "alice", baseURL);
  const [id] = await queueIds(alice, true);
  await alice.goto(`/annotate/${id}`);
  await alice.route("**/api/labels", (route) =>
    route.request().method() === "POST" ? route.abort("connectionrefused") : route.continue(),
  );
  await alice.getByTestId("label-unsuitable").click();
  await alice.getByTestId("rationale").fill("Needs the maintainers' conventions, which are not in the repository.");
  await alice.getByTestId("save-label").click();
  await expect(alice.getByTestId("label-unsaved")).toContainText("Unsaved");
  const pending = await alice.evaluate(() => localStorage.getItem("workbench.pending-labels.v1"));
  expect(pending).toContain(id);

  await alice.reload();
  await expect(alice.getByTestId("rationale")).toHaveValue("Needs the maintainers' conventions, which are not in the repository.");
  await expect(alice.getByTestId("label-unsaved")).toBeVisible();

  await alice.unroute("**/api/labels");
  await expect(alice.getByTestId("label-saved")).toBeVisible({ timeout: 30_000 });
  expect(await alice.evaluate(() => localStorage.getItem("workbench.pending-labels.v1"))).not.toContain(id);
  const stored = await alice.request.get(`/api/labels?instanceId=${id}`);
  expect((await stored.json()).labels).toMatchObject([{ annotator: "alice", value: "unsuitable" }]);
});

test("the instance page anchors the comment in the patch and browses the repository at base and patched", async ({ page }, info) => {
  await signInAs(page, "admin");
  await page.goto("/annotate");
  await page.getByTestId("instance-link").filter({ hasText: "line_intersection" }).click();
  await expect(page.locator("[data-commented=true]")).toHaveCount(1);
  await expect(page.locator("[data-commented=true]")).toContainText("except Exception:");
  await page.locator("body").click({ position: { x: 5, y: 5 } });
  await page.keyboard.press("h");
  await expect(page.locator("[data-commented=true]")).toBeInViewport();
  await page.keyboard.press("?");
  await expect(page.getByTestId("shortcut-help")).toBeVisible();
  await page.keyboard.press("?");

  await page.getByTestId("open-repo-browser").click();
  await page.getByTestId("repo-search-input").fill("raise ValueError");
  await page.getByTestId("repo-search-input").press("Enter");
  await expect(page.getByTestId("repo-search-results")).toContainText("mobject/utils/space_ops.py");
  await page.getByTestId("repo-search-match").first().click();
  await expect(page.getByTestId("repo-file-view")).toContainText("def line_intersection");

  await page.locator('[data-testid=repo-tree-file][data-path="mobject/geometry/arc.py"]').click();
  await expect(page.getByTestId("repo-file-view")).toContainText("def _compute_center");
  await expect(page.getByTestId("repo-file-view")).not.toContainText("def get_arc_center");
  await page.getByTestId("repo-version-patched").click();
  await expect(page.getByTestId("repo-file-view")).toContainText("def get_arc_center");
  await expect(page.getByTestId("repo-tree")).toContainText("test_arc.py");
  await shoot(page, info, "repository");
});
