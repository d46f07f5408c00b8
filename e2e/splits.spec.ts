import path from "node:path";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

const SAMPLE = path.join(process.cwd(), "lib/export/fixtures/released-sample.jsonl");

test("admin imports a released file, splits it, previews the card, exports and fetches the manifest", async ({ page }, info) => {
  await signInAs(page, "admin");
  await page.getByRole("navigation", { name: "Pipeline stages" }).getByRole("link", { name: "Splits & export" }).click();
  await expect(page.getByRole("heading", { name: "Splits & export" })).toBeVisible();

  // the released sample: 15 rows, 5 PRs, perturbations of all three kinds
  await page.getByTestId("import-files").setInputFiles(SAMPLE);
  await page.getByTestId("import-form").getByRole("combobox").selectOption("none");
  await page.getByTestId("import-form").getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-result")).toContainText("Imported 15 rows");
  // the page refreshes after the import; the demo's own labelled instances come on top
  await expect
    .poll(async () => Number((await page.getByTestId("eligible-instances").textContent())!.replace(/,/g, "")))
    .toBeGreaterThanOrEqual(15);
  await page.screenshot({ path: `test-results/screenshots/splits-${info.project.name}.png`, fullPage: true });

  await page.getByTestId("create-split-form").getByRole("button", { name: "Create split" }).click();
  await expect(page).toHaveURL(/\/splits\/[^/]+$/);
  await expect(page.getByTestId("split-table")).toBeVisible();
  const total = Number((await page.getByTestId("split-total-all").textContent())!.replace(/,/g, ""));
  const parts = await Promise.all(
    ["train", "validation", "test"].map(async (s) => Number((await page.getByTestId(`split-total-${s}`).textContent())!.replace(/,/g, ""))),
  );
  expect(parts.reduce((a, b) => a + b, 0)).toBe(total);
  expect(total).toBeGreaterThanOrEqual(15);
  const card = page.getByTestId("card-preview");
  await expect(card.getByRole("heading", { name: "Splits" })).toBeVisible();
  await expect(card).toContainText("geomkit/curvefit");
  await expect(card).toContainText("streamlane/queueworks");
  await expect(card.getByRole("heading", { name: "Perturbations" })).toBeVisible();
  await card.getByText("README.md source").click();
  // the preview shows the default Hub layout: split files at the repository root
  await expect(page.getByTestId("card-front-matter")).toContainText("path: test.jsonl");
  await page.screenshot({ path: `test-results/screenshots/split-${info.project.name}.png`, fullPage: true });

  // the release's GitHub copy: data/<split>.jsonl, with Parquet beside it
  await page
    .getByTestId("export-form")
    .getByRole("radio", { name: /^GitHub: data\// })
    .check();
  // a license and source words of the team's own
  await page
    .getByTestId("export-form")
    .getByLabel(/^License of the dataset/)
    .selectOption("cc-by-sa-4.0");
  await page.getByTestId("export-form").getByLabel("Crawled, human-annotated rows").fill("expert_labelled");
  await page.getByTestId("export-form").getByRole("button", { name: "Export this split" }).click();
  // the request only queues the export: the job panel follows it and links the export once written
  await expect(page.getByTestId("export-queued")).toContainText("Export queued");
  const exportJob = page.getByTestId("job-panel-export");
  await expect(exportJob.getByTestId("job-current")).toHaveAttribute("data-state", "completed", { timeout: 60_000 });
  await expect(exportJob.getByTestId("job-progress")).toContainText("4 of 4 steps");
  await exportJob.getByTestId("job-result-link").click();
  await expect(page).toHaveURL(/\/splits\/exports\/[^/]+$/);
  const files = page.getByTestId("manifest-files");
  for (const f of ["README.md", "data/train.jsonl", "data/test.parquet"])
    await expect(files.getByRole("link", { name: f, exact: true })).toBeVisible();
  const hash = (await page.getByTestId("content-hash").textContent())!.trim();
  const href = await page.getByTestId("manifest-link").getAttribute("href");
  const response = await page.request.get(href!);
  expect(response.status()).toBe(200);
  const manifest = await response.json();
  expect(manifest.content_hash).toBe(hash);
  expect(manifest.files.map((f: { path: string }) => f.path)).toContain("data/validation.jsonl");
  expect(manifest.rows.train + manifest.rows.validation + manifest.rows.test).toBe(total);
  await expect(page.getByTestId("export-license")).toHaveText("cc-by-sa-4.0");
  await expect(page.getByTestId("export-source-names")).toHaveText("expert_labelled / perturbation");
  const cardText = await (await page.request.get(href!.replace(/manifest\.json$/, "README.md"))).text();
  expect(cardText).toContain("\nlicense: cc-by-sa-4.0\n");
  expect(cardText).toContain("`expert_labelled`");
  // no HF_TOKEN in the e2e environment: the push panel says what to set instead of failing late
  await expect(page.getByTestId("hub-not-configured")).toContainText("HF_TOKEN");
  await page.screenshot({ path: `test-results/screenshots/export-${info.project.name}.png`, fullPage: true });
});

test("a broken upload is refused with its line numbers, and annotators cannot reach splits or exports", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, "admin");
  await page.goto("/splits");
  await page
    .getByTestId("import-files")
    .setInputFiles({ name: "broken.jsonl", mimeType: "application/jsonl", buffer: Buffer.from('{"instance_id": "x"}\nnot json\n') });
  await page.getByTestId("import-form").getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-error")).toContainText("broken.jsonl:2: not JSON");
  // a split in the Hub's Parquet is read too; a file that only claims to be one is named
  await page
    .getByTestId("import-files")
    .setInputFiles({ name: "test.parquet", mimeType: "application/vnd.apache.parquet", buffer: Buffer.from("PAR1 not really") });
  await page.getByTestId("import-form").getByRole("button", { name: "Import" }).click();
  await expect(page.getByTestId("import-error")).toContainText("test.parquet is not a readable Parquet file");

  const context = await browser.newContext({ baseURL });
  const annotator = await context.newPage();
  await signInAs(annotator, "alice");
  await annotator.goto("/splits");
  await expect(annotator).toHaveURL(/\/forbidden\?needs=admin/);
  const denied = await annotator.request.get("/api/exports/any/files/manifest.json");
  expect(denied.status()).toBe(403);
  await context.close();
});
