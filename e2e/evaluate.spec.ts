import type { Page } from "@playwright/test";
import { expect, readmeScreenshotPath, test } from "./fixtures";
import { sampleEvalId } from "@/lib/demo/sample-evaluation";
import { signInAs } from "./helpers";

// Predictions for the bundled sample's 12 test items (7 trustworthy, 5 untrustworthy), worked by hand.
// Run A, one JSONL: 7 correct, 1 invalid, 1 missing, 1 unknown id → 7/12 = 58.33%.
const RUN_A = "Sample judge A · JSONL";
const RUN_A_ROWS = [
  { eval_id: sampleEvalId("ledger-101-round"), prediction: true }, // T ✓
  { eval_id: sampleEvalId("ledger-101-queries"), prediction: true }, // T ✓
  { eval_id: sampleEvalId("ledger-101-round-negation"), prediction: true }, // F ✗
  { eval_id: sampleEvalId("ledger-117-naive-datetime"), prediction: true }, // T ✓
  { eval_id: sampleEvalId("ledger-117-dict-get"), prediction: "yes" }, // invalid
  { eval_id: sampleEvalId("ledger-117-naive-datetime-symbol"), prediction: true }, // F ✗
  { eval_id: sampleEvalId("chart-42-sort"), prediction: true }, // T ✓
  { eval_id: sampleEvalId("chart-42-listener"), prediction: true }, // T ✓
  { eval_id: sampleEvalId("chart-42-listener-location"), prediction: true }, // F ✗
  // queue-310-time-after: missing
  { eval_id: sampleEvalId("queue-310-defer-lock"), prediction: true }, // T ✓
  { eval_id: sampleEvalId("queue-310-defer-lock-negation"), prediction: false }, // F ✓
  { eval_id: "eval_000000000000000000000000", prediction: true }, // unknown
];

// Run B, one mini-swe-agent trajectory per task: 10 correct, 1 wrong, 1 stopped at the step limit → 10/12 = 83.33%.
const RUN_B = "Sample judge B · trajectories";
const RUN_B_ANSWERS: Record<string, boolean | "step-limit"> = {
  "ledger-101-round": true,
  "ledger-101-queries": true,
  "ledger-101-round-negation": false,
  "ledger-117-naive-datetime": true,
  "ledger-117-dict-get": false,
  "ledger-117-naive-datetime-symbol": true,
  "chart-42-sort": true,
  "chart-42-listener": "step-limit",
  "chart-42-listener-location": false,
  "queue-310-time-after": true,
  "queue-310-defer-lock": true,
  "queue-310-defer-lock-negation": false,
};

function trajectory(answer: boolean | "step-limit"): string {
  const messages: object[] = [
    { role: "system", content: "You evaluate one code review comment by inspecting code." },
    { role: "user", content: "Inspect /testbed/task/task.json and evaluate its target comment." },
    { role: "assistant", content: "I read the patch and the file the comment points at." },
  ];
  if (answer === "step-limit") return JSON.stringify({ info: { exit_status: "LimitsExceeded", submission: "" }, messages });
  const submission = `{"prediction": ${answer}}\n`;
  messages.push(
    { role: "tool", content: `<returncode>0</returncode>\n<output>\nCOMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT\n${submission}</output>` },
    { role: "exit", content: submission, extra: { exit_status: "Submitted", submission } },
  );
  return JSON.stringify({ info: { exit_status: "Submitted", submission }, messages, trajectory_format: "mini-swe-agent-1.1" });
}

async function importRun(page: Page, name: string, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  await page.getByLabel("Run name").fill(name);
  await page.getByLabel("Predictions").setInputFiles(files);
  await page.getByRole("button", { name: "Import and score" }).click();
  await expect(page.getByTestId("run-report-name")).toHaveText(name);
}

test("admin loads the sample export, imports a JSONL and a trajectory run, and compares them", async ({ page }, info) => {
  await signInAs(page, "admin");
  await page.goto("/evaluate");
  await expect(page.getByRole("heading", { name: "Evaluate judges" })).toBeVisible();
  // start from a fresh sample whatever an earlier run left behind
  if (await page.getByTestId("remove-sample").isVisible()) {
    await page.getByTestId("remove-sample").click();
    await expect(page.getByTestId("load-sample")).toBeVisible();
  }
  await page.getByTestId("load-sample").click();
  await expect(page.getByTestId("sample-note")).toBeVisible();
  await expect(page.getByTestId("no-runs")).toBeVisible();

  await importRun(page, RUN_A, [
    { name: "judge-a.jsonl", mimeType: "application/jsonl", buffer: Buffer.from(RUN_A_ROWS.map((row) => JSON.stringify(row)).join("\n")) },
  ]);
  await expect(page.getByTestId("metric-accuracy")).toHaveText("58.33");
  await expect(page.getByTestId("count-invalid")).toHaveText("1");
  await expect(page.getByTestId("count-missing")).toHaveText("1");
  await expect(page.getByTestId("count-unknown")).toHaveText("1");
  await expect(page.getByTestId("invalid-list")).toContainText('prediction must be a boolean (true/false), got "yes" (string)');

  await importRun(
    page,
    RUN_B,
    Object.entries(RUN_B_ANSWERS).map(([key, answer]) => ({
      name: `${sampleEvalId(key)}.traj.json`,
      mimeType: "application/json",
      buffer: Buffer.from(trajectory(answer)),
    })),
  );
  await expect(page.getByTestId("metric-accuracy")).toHaveText("83.33");
  await expect(page.getByTestId("invalid-list")).toContainText("run ended with LimitsExceeded before submitting a prediction");
  await expect(page.getByTestId("repo-accuracy-row")).toHaveCount(3);
  await expect(page.getByTestId("source-row")).toHaveCount(4);

  // the comparison, best first as in Table 2
  const rows = page.getByTestId("comparison-row");
  await expect(rows).toHaveCount(2);
  await expect(rows.nth(0)).toHaveAttribute("data-run-name", RUN_B);
  await expect(rows.nth(0).getByTestId("comparison-accuracy")).toHaveText("83.33");
  await expect(rows.nth(0).getByTestId("comparison-unanswered")).toHaveText("1");
  await expect(rows.nth(1)).toHaveAttribute("data-run-name", RUN_A);
  await expect(rows.nth(1).getByTestId("comparison-accuracy")).toHaveText("58.33");
  await expect(rows.nth(1).getByTestId("comparison-unanswered")).toHaveText("2");
  await expect(page.getByTestId("comparison-chart").locator("rect")).toHaveCount(10);
  await expect(page.getByTestId("comparison-repo-chart").locator("rect")).toHaveCount(6);
  const readme = readmeScreenshotPath(info.project.name, "evaluate.png", false);
  if (readme) await page.screenshot({ path: readme, fullPage: true });
  await page.screenshot({ path: `test-results/screenshots/evaluate-${info.project.name}.png`, fullPage: true });

  // a run name is unique on a split: the error says so and nothing is added
  await page.getByLabel("Run name").fill(RUN_A);
  await page
    .getByLabel("Predictions")
    .setInputFiles([{ name: "again.jsonl", mimeType: "application/jsonl", buffer: Buffer.from('{"eval_id": "x", "prediction": true}') }]);
  await page.getByRole("button", { name: "Import and score" }).click();
  await expect(page.getByTestId("upload-error")).toContainText(`A run named "${RUN_A}" already exists`);
  await expect(rows).toHaveCount(2);

  // a run deleted meanwhile (another tab, another admin): the action comes back with what happened, not an
  // error page with a digest (#32 item 3)
  await rows.nth(0).locator("summary", { hasText: "Delete" }).click();
  await rows
    .nth(0)
    .locator('input[name="runId"]')
    .evaluate((input) => {
      (input as HTMLInputElement).value = "no-such-run";
    });
  await rows.nth(0).getByRole("button", { name: "Delete this run" }).click();
  await expect(page.getByTestId("action-notice")).toContainText(/Not done: .*no-such-run/);
  await expect(rows).toHaveCount(2);
  await page.getByTestId("action-notice").getByRole("button", { name: "Dismiss" }).click();
  await expect(page).not.toHaveURL(/notice=/);

  // opening the other run from the table shows its report
  await rows.nth(1).getByTestId("comparison-run-link").click();
  await expect(page.getByTestId("run-report-name")).toHaveText(RUN_A);

  // leave the database as we found it
  await page.getByTestId("remove-sample").click();
  await expect(page.getByTestId("load-sample")).toBeVisible();
  await expect(page.getByTestId("sample-note")).toHaveCount(0);
});

test("only admins can open the evaluate page or upload predictions", async ({ page }) => {
  await signInAs(page, "alice");
  await page.goto("/evaluate");
  await expect(page).toHaveURL(/\/forbidden\?needs=admin/);
  const response = await page.request.post("/evaluate/runs", {
    multipart: {
      exportId: "any",
      split: "test",
      name: "sneaky",
      files: { name: "p.jsonl", mimeType: "application/jsonl", buffer: Buffer.from("{}") },
    },
  });
  expect(response.status()).toBe(403);
  expect(await response.json()).toMatchObject({ code: "forbidden", error: "This needs the admin role." });
});

test("the supervision page links back to the judge runs only for those who may open them", async ({ page }) => {
  const back = page.getByRole("link", { name: "← Judge runs" });
  // an adjudicator reads supervision runs, but the list of judge runs is the admin's
  await signInAs(page, "carol");
  await page.goto("/evaluate/supervision");
  await expect(page.getByRole("heading", { name: "Teacher supervision" })).toBeVisible();
  await expect(back).toHaveCount(0);
  await page.context().clearCookies();
  await signInAs(page, "admin");
  await page.goto("/evaluate/supervision");
  await expect(page.getByRole("heading", { name: "Teacher supervision" })).toBeVisible();
  await back.click();
  await expect(page.getByRole("heading", { name: "Judge runs" })).toBeVisible();
});
