import type { Browser, Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

// The whole product on crawled data, not the demo seed (#13): the app crawls a fake GitHub (API and git
// over HTTP, e2e/setup/fake-github.ts) from /ingest, the rule filters make the comments instances, they
// are assigned, two annotators label one in Chromium with the repository browser open on the crawled
// repository, an adjudicator decides, three experts accept a perturbation of it, and a split is exported;
// the exported rows are checked against what the fake served.

// The sidecar also serves a model (#42): its proposal is refused by its critic, and the refusal is on the page
// with its reason; the expert then writes the negation that three experts verify and the export carries.
// The workbench starts with the demo's team only: the crawl is the only data (no demo decision puts a screen in use).
test.use({ appSetup: { demo: false, before: ["e2e/setup/team-without-demo.ts"], sidecar: "e2e/setup/fake-github-and-model.ts" } });

interface Served {
  number: number;
  title: string;
  body: string;
  baseRefOid: string;
  lastCommit: string;
  commits: number;
  inline: { id: number; body: string; diffHunk: string; path: string }[];
}

async function signedIn(browser: Browser, login: string, baseURL: string | undefined): Promise<Page> {
  const context = await browser.newContext({ baseURL, viewport: { width: 1400, height: 1000 } });
  const page = await context.newPage();
  await signInAs(page, login);
  return page;
}

/** Instance ids of the crawled repository in the signed-in annotator's queue. */
async function crawledQueue(page: Page, repository: string): Promise<string[]> {
  await page.goto(`/annotate?repo=${encodeURIComponent(repository)}`);
  await expect(page.getByRole("heading", { name: "My queue" })).toBeVisible();
  const ids: string[] = [];
  for (const row of await page.getByTestId("queue-row").all()) ids.push((await row.getAttribute("data-instance-id")) ?? "");
  return ids.filter(Boolean);
}

async function waitForJob(page: Page, panel: string) {
  await expect(page.getByTestId(panel).getByTestId("job-current")).toHaveAttribute("data-state", "completed", { timeout: 90_000 });
}

test("a crawl of a fake GitHub goes through screening, blind labels with the repository browser, adjudication, a verified perturbation and export", async ({
  browser,
  baseURL,
  appInfo,
}) => {
  test.setTimeout(300_000);
  const repository = String(appInfo.repository);
  const served = appInfo.served as Served[];
  const admin = await signedIn(browser, "admin", baseURL);

  // 1. crawl from /ingest: the job runs in the app's worker, the repository is harvested whole
  await admin.goto("/ingest");
  await admin.getByPlaceholder("pandas-dev/pandas, ManimCommunity/manim").fill(repository);
  await admin.getByRole("button", { name: "Start crawl" }).click();
  await waitForJob(admin, "job-panel-ingest-snapshots");
  await admin.reload();
  const row = admin.getByTestId("repositories").getByRole("row").filter({ hasText: repository });
  await expect(row).toContainText("complete · watermark");
  await expect(row.getByRole("cell").nth(4)).toHaveText(String(served.length));
  await expect(admin.getByTestId("holes")).toHaveCount(0);

  // 2. the rule filters make instances of the crawled comments
  await admin.goto("/screen");
  await admin.getByTestId("rerun-all-rules").getByRole("button").click();
  await waitForJob(admin, "job-panel-screen-rules-screen-llm-audit-sample");

  // 3. assignment: the rules ran and no content screen is in use (no LLM, no manual decision), so the
  // crawled comments are ready without including anything unscreened (#31 item 12)
  await admin.goto("/annotate");
  const form = admin.getByTestId("assign-form");
  await expect(form.getByTestId("assign-ready-count")).toHaveText(/^[1-9]\d* ready: through the rule filters\.$/);
  await expect(form.getByRole("button")).toHaveText(/^Assign \d+ instances?$/);
  await form.getByRole("button").click();
  await waitForJob(admin, "job-panel-assign");

  // 4. two annotators share a crawled instance
  const logins = ["alice", "bob", "carol"];
  // one after another: the sign-in door lets one client have two sign-ins under way (#45 I)
  const pages: Page[] = [];
  for (const l of logins) pages.push(await signedIn(browser, l, baseURL));
  const queues = await Promise.all(pages.map((p) => crawledQueue(p, repository)));
  // the instances two annotators share, per pair
  const sharedBy: { pair: [number, number]; ids: string[] }[] = [];
  for (let a = 0; a < 3; a++)
    for (let b = a + 1; b < 3; b++) {
      const ids = queues[a].filter((id) => queues[b].includes(id));
      if (ids.length) sharedBy.push({ pair: [a, b], ids });
    }
  expect(sharedBy.length, `two annotators share a crawled instance (queues: ${queues.map((q) => q.length).join(", ")})`).toBeGreaterThan(0);

  // the first annotator reads an inline comment on its hunk (a shared one; a review's or a PR's general
  // comment has no hunk) and browses the crawled repository at base and patched
  const inlineServed = served.flatMap((pr) => pr.inline.map((c) => ({ pr, c })));
  let pair: [number, number] = sharedBy[0].pair;
  let shared = "";
  let servedComment: (typeof inlineServed)[number] | undefined;
  for (const candidate of sharedBy.flatMap(({ pair, ids }) => ids.map((id) => ({ pair, id })))) {
    await pages[candidate.pair[0]].goto(`/annotate/${candidate.id}`);
    const comment = (await pages[candidate.pair[0]].getByTestId("target-comment").textContent()) ?? "";
    // the fake's comments share their openings across pull requests: the page's title tells which one
    const title = (await pages[candidate.pair[0]].locator("h1").first().textContent()) ?? "";
    servedComment = inlineServed.find(({ pr, c }) => title.includes(pr.title) && comment.includes(c.body.trim().slice(0, 60)));
    if (servedComment) {
      pair = candidate.pair;
      shared = candidate.id;
      break;
    }
  }
  expect(servedComment, "a shared comment on the page is an inline one the fake served").toBeDefined();
  const [first, second] = pair.map((i) => pages[i]);
  const { pr, c } = servedComment as { pr: Served; c: Served["inline"][number] };
  await expect(first.locator("[data-commented=true]")).toHaveCount(1);
  await first.getByTestId("open-repo-browser").click();
  await expect(first.getByTestId("repo-tree")).toBeVisible();
  const file = first.locator(`[data-testid=repo-tree-file][data-path="${c.path}"]`);
  await file.click();
  await expect(first.getByTestId("repo-file-path")).toContainText(c.path);
  await expect(first.getByTestId("repo-file-view")).not.toBeEmpty();
  await first.getByTestId("repo-version-patched").click();
  await expect(first.getByTestId("repo-file-view")).not.toBeEmpty();
  await first.getByTestId("label-trustworthy").click();
  await first.getByTestId("rationale").fill("Checked against the base: the comment is right.");
  await first.getByTestId("advance-after-submit").uncheck();
  await first.getByTestId("save-label").click();
  await expect(first.getByTestId("label-saved")).toBeVisible();

  // the second annotator, blind to the first, disagrees
  await second.goto(`/annotate/${shared}`);
  await expect(second.locator("body")).not.toContainText("Checked against the base");
  await second.getByTestId("label-untrustworthy").click();
  await second.getByTestId("rationale").fill("The patched file says otherwise.");
  await second.getByTestId("advance-after-submit").uncheck();
  await second.getByTestId("save-label").click();
  await expect(second.getByTestId("label-saved")).toBeVisible();

  // 5. the adjudicator decides
  await admin.goto(`/adjudicate/${shared}`);
  await expect(admin.getByTestId("other-labels")).toContainText("Checked against the base");
  await admin.getByTestId("decide-trustworthy").click();
  await admin.getByTestId("adjudication-rationale").fill("The base commit bears the comment out.");
  await admin.getByTestId("save-adjudication").click();
  await expect(admin.getByTestId("instance-stage")).toHaveAttribute("data-stage", "labelled");

  // 6. a hard negative from the confirmed-trustworthy crawled comment (#42): the model's proposal is refused by
  // the critic and listed with its reason; the admin, as an expert, writes a negation instead
  await admin.goto(`/perturb/generate/${shared}`);
  await expect(admin.getByTestId("original-comment")).toBeVisible();
  await admin.getByTestId("kind-tab-negation").click();
  await expect(admin.getByTestId("offer-source")).toContainText("The model proposes and a second model call (the critic) checks");
  const withheld = admin.getByTestId("withheld");
  await withheld.locator("summary").click();
  await expect(withheld.getByTestId("withheld-critic").first()).toContainText(
    "The critic (e2e-perturb-model): not wrong about the code. Only a disclaimer was put before the comment",
  );
  const expertForm = admin.getByTestId("expert-candidate-form");
  const original = await expertForm.getByTestId("expert-text").inputValue();
  // one contiguous edit a careful expert would make: the comment now claims the opposite at its end
  await expertForm.getByTestId("expert-text").fill(`${original.trimEnd()} This is not the case here.`);
  await expertForm.getByTestId("expert-why").fill("The patch shows the opposite.");
  await expertForm.getByTestId("expert-create").click();
  await expertForm.getByTestId("created-link").click();
  await expect(admin.getByTestId("side-by-side")).toBeVisible();
  const candidateUrl = admin.url();
  const perturbationKind = "negation";
  for (const [i, verifier] of pages.entries()) {
    await verifier.goto(candidateUrl);
    await verifier.getByTestId("verification-note").fill(`${logins[i]}: the edited claim is wrong against the patch`);
    await verifier.getByTestId("accept").click();
    await expect(verifier.getByTestId("verification-progress")).toHaveText(`${i + 1} of 3 verifiers accepted`);
  }
  await expect(pages[2].getByTestId("verification-status")).toHaveText("accepted · negative");

  // 7. split and export; the crawled rows are what the fake served
  await admin.goto("/splits");
  await admin.getByTestId("create-split-form").getByRole("button", { name: "Create split" }).click();
  await expect(admin).toHaveURL(/\/splits\/[^/]+$/);
  await admin.getByTestId("export-form").getByRole("button", { name: "Export this split" }).click();
  // queued as a job; the panel links the export once the worker has written it
  await admin.getByTestId("job-panel-export").getByTestId("job-result-link").click({ timeout: 60_000 });
  await expect(admin).toHaveURL(/\/splits\/exports\/[^/]+$/);
  const manifest = await (await admin.request.get((await admin.getByTestId("manifest-link").getAttribute("href")) ?? "")).json();
  const exportId = admin.url().split("/").at(-1);
  const rows: Record<string, unknown>[] = [];
  for (const f of manifest.files as { path: string }[]) {
    if (!f.path.endsWith(".jsonl")) continue;
    const text = await (await admin.request.get(`/api/exports/${exportId}/files/${f.path}`)).text();
    rows.push(
      ...text
        .split("\n")
        .filter(Boolean)
        .map((l) => ({ ...JSON.parse(l), _file: f.path })),
    );
  }
  const crawled = rows.filter((r) => r.repo === repository);
  expect(crawled.map((r) => r.source).sort()).toEqual(["crawled_swebench", "perturbation"]);
  const negative = crawled.find((r) => r.source === "perturbation") as Record<string, unknown>;
  expect(negative).toMatchObject({ trustworthy: false, perturbation_kind: perturbationKind });
  expect(String(negative.instance_id)).toMatch(/#perturb-negation$/);
  // PR-disjoint: the negative sits in its parent's split
  expect(new Set(crawled.map((r) => r._file)).size).toBe(1);
  const exported = crawled.find((r) => r.source === "crawled_swebench") as {
    instance_id: string;
    judged_entry_id: number;
    pull_request: { pull_number: number; title: string; body: string; base_commit: string; patch_to_review: string };
    code_review: { type: string; id?: number; body?: string; diff_hunk?: string; review_path?: string }[];
    source: string;
    trustworthy: boolean;
  };
  expect(exported.instance_id).toBe(`${repository.replace("/", "__")}-${pr.number}@${pr.lastCommit.slice(0, 7)}`);
  expect(exported.pull_request).toMatchObject({ pull_number: pr.number, title: pr.title, body: pr.body, base_commit: pr.baseRefOid });
  expect(exported.pull_request.patch_to_review).toContain(`diff --git a/${c.path} b/${c.path}`);
  expect(exported.judged_entry_id).toBe(c.id);
  const judged = exported.code_review.find((e) => e.id === c.id);
  expect(judged).toMatchObject({ body: c.body, diff_hunk: c.diffHunk, review_path: c.path });
  expect(exported.code_review.filter((e) => e.type === "commit")).toHaveLength(pr.commits);
  expect(exported.source).toBe("crawled_swebench");
  expect(exported.trustworthy).toBe(true);
});
