import { gunzipSync } from "node:zlib";
import { expect, readmeScreenshotPath, test } from "./fixtures";
import { signInAs } from "./helpers";

// The judge runner from the browser (#19): an admin starts a run on the demo export against a fake
// model playing a scripted agent, watches it finish, opens a wrong answer's trajectory, credits a repair,
// and sees the credited score move while the submitted one stays. One of the agent's steps prints every
// environment it can reach (#26): no secret of the server may reach the trajectory or the model.

test.use({ appSetup: { sidecar: "e2e/setup/fake-judge-model.ts" } });

test("an admin runs a judge agent, reads a trajectory, credits a repair and sees the score change", async ({ page, appInfo }, info) => {
  await signInAs(page, "admin");
  await page.goto("/evaluate");
  await page.getByTestId("judge-runs-link").click();
  await expect(page.getByRole("heading", { name: "Judge runs" })).toBeVisible();
  await expect(page.getByTestId("sandbox-missing")).toHaveCount(0);
  const form = page.getByTestId("judge-run-form");
  // the demo export's train split holds an untrustworthy comment the scripted agent will get wrong
  await form.getByLabel("Split").selectOption("train");
  await form.getByLabel("Run name").fill("scripted always-true");
  await form.getByLabel("Concurrency").fill("2");
  await form.getByRole("button", { name: "Start judge run" }).click();

  await expect(page).toHaveURL(/\/evaluate\/judge\/[^/]+$/);
  await expect(page.getByTestId("judge-status")).toHaveText("succeeded", { timeout: 90_000 });
  const done = (await page.getByTestId("judge-done").textContent()) ?? "";
  const [, finished, total] = done.match(/(\d+) of (\d+) tasks/) ?? [];
  expect(Number(finished)).toBeGreaterThan(0);
  expect(finished).toBe(total);
  const submitted = (await page.getByTestId("score-submitted-accuracy").textContent())?.trim();
  await expect(page.getByTestId("score-credited-accuracy")).toHaveText(submitted ?? "");
  // the trajectories download as one .tar.gz of mini-swe-agent files
  const archive = await page.request.get((await page.getByTestId("trajectories-download").getAttribute("href")) ?? "");
  expect(archive.status()).toBe(200);
  expect(archive.headers()["content-type"]).toBe("application/gzip");
  expect(gunzipSync(await archive.body()).toString("latin1")).toMatch(/-trajectories\/eval_[0-9a-f]{24}\.traj\.json/);

  // the wrong answers: the scripted agent called an untrustworthy comment trustworthy
  await page.getByTestId("task-filters").getByLabel("Outcome").selectOption("wrong");
  await page.getByTestId("task-filters").getByRole("button", { name: "Filter" }).click();
  const wrong = page.getByTestId("judge-task").first();
  await expect(wrong).toContainText("true / false");
  await wrong.getByRole("link").click();

  await expect(page.getByTestId("trajectory-step")).toHaveCount(4);
  await expect(page.getByTestId("step-command").first()).toHaveText("cat /testbed/task/task.json");
  // the task files scroll by keyboard (#31 item 9): a named region that takes focus
  const taskJson = page.getByRole("region", { name: "task.json" });
  await taskJson.focus();
  await expect(taskJson).toBeFocused();
  // the hostile step ran and its output was kept: the agent's own environment, PID 1's, and no /etc/shadow
  const hostile = page.getByTestId("step-observation").nth(2);
  await expect(hostile).toContainText("HOME=/tmp");
  await expect(hostile).toContainText("== /proc/1/environ");
  await expect(hostile).toContainText("/etc/shadow: No such file or directory");
  const secrets = (appInfo.secrets as string[]) ?? [];
  expect(secrets.length).toBeGreaterThan(0);
  const pageText = await page.content();
  const received = await (await fetch(String(appInfo.requestsUrl))).text();
  expect(received).toContain("== /proc/1/environ");
  for (const secret of secrets) {
    expect(pageText, "a server secret on the trajectory page").not.toContain(secret);
    expect(received, "a server secret sent to the model").not.toContain(secret);
  }
  for (const name of ["DATABASE_URL=", "EMBEDDED_DB_DIR=", "MIRRORS_DIR=", "CRON_SECRET="]) {
    expect(pageText).not.toContain(name);
    expect(received).not.toContain(name);
  }
  await expect(page.getByTestId("step-observation").last()).toContainText("COMPLETE_TASK_AND_SUBMIT_FINAL_OUTPUT");
  await expect(page.getByTestId("trajectory-outcome")).toContainText("submitted");
  await page.screenshot({ path: `test-results/screenshots/trajectory-${info.project.name}.png`, fullPage: true });
  const readme = readmeScreenshotPath(info.project.name, "judge-trajectory.png");
  if (readme) await page.screenshot({ path: readme, fullPage: true });

  const credit = page.getByTestId("credit-form");
  await credit.getByLabel("Step where it did so").selectOption("2");
  await credit.getByLabel(/^Evidence/).fill("It read the code at the base commit, named the real error and corrected the comment.");
  await credit.getByRole("button", { name: "Grant repair credit" }).click();
  await expect(page.getByTestId("credit-granted")).toContainText("Credited at step 2 by admin");

  await page.getByRole("link", { name: /^← scripted always-true/ }).click();
  await expect(page.getByTestId("score-submitted-accuracy")).toHaveText(submitted ?? "");
  const credited = Number.parseFloat((await page.getByTestId("score-credited-accuracy").textContent()) ?? "0");
  expect(credited).toBeGreaterThan(Number.parseFloat(submitted ?? "0"));
  await page.getByTestId("task-filters").getByLabel("Outcome").selectOption("credited");
  await page.getByTestId("task-filters").getByRole("button", { name: "Filter" }).click();
  await expect(page.getByTestId("judge-task")).toHaveCount(1);
  await expect(page.getByTestId("judge-task")).toContainText("step 2 by admin");
});
