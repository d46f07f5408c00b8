// The hardening findings of issue #16, reproduced against a running app in Chromium and over HTTP
// (the numbers are the issue's). Findings checked below the app are tested where they live:
// 1 and 7 lib/db/data-dir-lock.integration.test.ts, lib/db/embedded-signal.integration.test.ts; 3 lib/annotate (closed
// instance wording); 6 lib/auth (dummy hash); 8 and 13 lib/config.test.ts and lib/auth; 12
// app/_components/markdown.test.ts.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { APIRequestContext, Page } from "@playwright/test";
import { acquireDataDirLock } from "@/lib/db/data-dir-lock";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, signInAs } from "./helpers";

/** A page served from another port of the same host: same site, another origin. */
async function serveSibling(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

async function firstQueuedInstance(page: Page): Promise<string> {
  await page.goto("/annotate");
  const href = await page.getByTestId("instance-link").first().getAttribute("href");
  const id = href?.split("/").at(-1);
  if (!id) throw new Error("the annotator's queue is empty");
  return id;
}

const labelsOf = async (request: APIRequestContext, instanceId: string) =>
  (await request.get(`/api/labels?instanceId=${instanceId}`)).json();

test("2: a page on another port of the host cannot post a text/plain form that changes a label", async ({ page, baseURL }) => {
  await signInAs(page, "alice");
  const instanceId = await firstQueuedInstance(page);
  const before = await labelsOf(page.request, instanceId);
  const sibling = await serveSibling(`<form method="post" enctype="text/plain" action="${baseURL}/api/labels">
    <input name='{"instanceId":"${instanceId}","value":"untrustworthy","rationale":"forged","x":"' value='"}'>
    </form><script>document.forms[0].submit()</script>`);
  try {
    const answer = page.waitForResponse((res) => res.url().endsWith("/api/labels") && res.request().method() === "POST");
    await page.goto(sibling.url);
    expect((await answer).status()).toBe(403);
  } finally {
    await sibling.close();
  }
  expect(await labelsOf(page.request, instanceId)).toEqual(before);
});

test("4: an annotator lands on her own queue, not on the overview's counts per stage and label", async ({ page }) => {
  await signInAs(page, "alice");
  await page.goto("/");
  await expect(page).toHaveURL(/\/annotate$/);
  await expect(page.getByTestId("queue")).toBeVisible();
});

test("5: repeated wrong passwords throttle the login with a growing wait, and then even the right one waits", async ({ page }) => {
  test.setTimeout(120_000);
  const attempt = async (password: string) => {
    // a fresh form each time, so the alert read is this attempt's answer
    await page.goto("/sign-in");
    await page.getByLabel("Login").fill("bob");
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    return (await page.locator("form [role=alert]").textContent()) ?? "";
  };
  // the first failures are free, then each waits twice as long as the one before: fail until the
  // wait is long enough that the next attempt certainly falls inside it (waiting out shorter ones)
  let wait = 0;
  for (let tries = 0; tries < 20 && wait < 8; tries++) {
    const message = await attempt(`wrong-${tries}`);
    const throttled = /Too many failed sign-ins; try again in (\d+) s/.exec(message);
    wait = throttled ? Number(throttled[1]) : 0;
    if (throttled && wait < 8) await page.waitForTimeout(wait * 1000);
    else if (!throttled) expect(message).toBe("Unknown login or wrong password.");
  }
  expect(wait).toBeGreaterThanOrEqual(8);
  expect(await attempt(DEMO_PASSWORD)).toMatch(/Too many failed sign-ins/);
  await expect(page.locator("form [role=alert]")).toContainText("Too many failed sign-ins");
  await expect(page).toHaveURL(/\/sign-in/);
});

test("9: NUL characters and JSON nested without end get a 422 naming the problem, never a 500", async ({ page }) => {
  await signInAs(page, "alice");
  const instanceId = await firstQueuedInstance(page);
  const withNul = await page.request.post("/api/labels", { data: { instanceId, value: "trustworthy", rationale: "looks\u0000right" } });
  expect(withNul.status()).toBe(422);
  expect((await withNul.json()).error).toContain("field rationale contains the NUL character");
  const deep = await page.request.post("/api/labels", {
    headers: { "content-type": "application/json" },
    data: `{"instanceId":"${instanceId}","value":${"[".repeat(100_000)}${"]".repeat(100_000)}}`,
  });
  expect(deep.status()).toBe(422);
  expect((await deep.json()).error).toContain("nested more than 64 levels deep");
  const badId = await page.request.post("/api/labels", { data: { instanceId: "a\u0000b", value: "trustworthy", rationale: "fine" } });
  expect(badId.status()).toBe(422);
});

test("9: a login holding a NUL character is answered on the sign-in page, not with a server error", async ({ page }) => {
  await page.goto("/sign-in");
  await page.getByLabel("Login").fill("ad\u0000min");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("Unknown login or wrong password.")).toBeVisible();
});

test("9: a server action body over 1 MB is refused as 413 before Next reads it", async ({ page, baseURL }) => {
  await signInAs(page, "admin");
  const answer = await page.request.post("/screen", {
    headers: { "next-action": "7f".repeat(21), origin: baseURL ?? "", "content-type": "text/plain;charset=UTF-8" },
    data: "x".repeat(1024 * 1024 + 1),
  });
  expect(answer.status()).toBe(413);
  expect((await answer.json()).code).toBe("payload_too_large");
});

test("9 and #15/10: the evaluation upload refuses a PNG (415), a CSV and ids of nothing (422), and a non-multipart body", async ({
  page,
}) => {
  await signInAs(page, "admin");
  await page.goto("/evaluate");
  if (!(await page.getByTestId("remove-sample").isVisible())) {
    await page.getByTestId("load-sample").click();
    await expect(page.getByTestId("sample-note")).toBeVisible();
  }
  const upload = async (name: string, mimeType: string, buffer: Buffer) => {
    await page.getByLabel("Run name").fill(`refused ${name}`);
    await page.getByLabel("Predictions").setInputFiles([{ name, mimeType, buffer }]);
    const answer = page.waitForResponse((res) => res.url().endsWith("/evaluate/runs"));
    await page.getByRole("button", { name: "Import and score" }).click();
    return answer;
  };
  const png = await upload("chart.png", "image/png", Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d]));
  expect(png.status()).toBe(415);
  await expect(page.getByText('"chart.png" is not a predictions file (it holds binary data)')).toBeVisible();
  const csv = await upload("predictions.csv", "text/csv", Buffer.from("eval_id,prediction\neval_x,true\n"));
  expect(csv.status()).toBe(422);
  await expect(page.getByText(/None of the 2 records is a valid prediction \(a CSV file\?/)).toBeVisible();
  const nothing = await upload("other.jsonl", "application/json", Buffer.from('{"eval_id":"eval_none","prediction":true}\n'));
  expect(nothing.status()).toBe(422);
  await expect(page.getByText(/None of the 1 eval_id in the upload \(e\.g\. "eval_none"\) is an item/)).toBeVisible();
  await expect(page.getByText("refused chart.png")).toHaveCount(0);
  const plain = await page.request.post("/evaluate/runs", { headers: { "content-type": "text/plain" }, data: "eval_x,true" });
  expect(plain.status()).toBe(415);
  const json = await page.request.post("/evaluate/runs", { data: { exportId: "x" } });
  expect(json.status()).toBe(422);
});

test("10: the cron route refuses an unauthenticated 2 MB body without reading it", async ({ request }) => {
  const answer = await request.post("/api/cron/ingest", { data: { padding: "x".repeat(2 * 1024 * 1024) } });
  // read first, the body would be refused as over its 64 KB limit (413); the secret check comes first
  expect([401, 503]).toContain(answer.status());
});

test("11: the labelling page cannot be framed by another origin and answers carry the security headers", async ({ page, baseURL }) => {
  await signInAs(page, "alice");
  const instanceId = await firstQueuedInstance(page);
  const pageAnswer = await page.request.get(`/annotate/${instanceId}`);
  const headers = pageAnswer.headers();
  expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
  expect(headers["x-frame-options"]).toBe("DENY");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect((await page.request.get(`/api/labels?instanceId=${instanceId}`)).headers()["cache-control"]).toBe("no-store");
  const sibling = await serveSibling(`<iframe src="${baseURL}/annotate/${instanceId}" width="800" height="600"></iframe>`);
  try {
    await page.goto(sibling.url);
    // Chromium replaces a frame its headers refuse with its error page
    await expect.poll(() => page.frames().map((frame) => frame.url())).toContain("chrome-error://chromewebdata/");
    await expect(page.frameLocator("iframe").getByTestId("current-user")).toHaveCount(0);
  } finally {
    await sibling.close();
  }
});

test("9: an annotator calling an admin's form action directly is sent to the forbidden page, not given a 500", async ({
  page,
  browser,
  baseURL,
}) => {
  await signInAs(page, "admin");
  await page.goto("/evaluate");
  // a form whose action is a server action carries its id in a hidden field (how it works without JavaScript)
  const actionField = await page
    .getByTestId("load-sample")
    .or(page.getByTestId("remove-sample"))
    .locator("xpath=ancestor::form")
    .locator('input[name^="$ACTION_ID_"]')
    .getAttribute("name");
  expect(actionField).toBeTruthy();
  const annotator = await browser.newContext({ baseURL });
  const alice = await annotator.newPage();
  await signInAs(alice, "alice");
  const answer = await alice.request.post("/evaluate", {
    headers: { origin: baseURL ?? "" },
    multipart: { [actionField ?? ""]: "" },
    maxRedirects: 0,
  });
  expect(answer.status()).toBeLessThan(500);
  expect(answer.headers().location ?? (await answer.text())).toContain("/forbidden");
  await annotator.close();
});

test("1 and 7: a second server on a data folder another process holds says why and exits 1, instead of answering 500s", async () => {
  test.setTimeout(120_000);
  const dataDir = mkdtempSync(path.join(tmpdir(), "wb-held-"));
  const release = acquireDataDirLock(dataDir);
  try {
    const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1", EMBEDDED_DB_DIR: dataDir, DEMO_DATA: "0" };
    delete env.DATABASE_URL;
    const server = spawn(path.join("node_modules", ".bin", "next"), ["start", "-H", "127.0.0.1", "-p", "0"], {
      env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    server.stdout?.on("data", (d) => (output += d));
    server.stderr?.on("data", (d) => (output += d));
    const code = await new Promise<number | null>((resolve) => server.once("exit", (exitCode) => resolve(exitCode)));
    expect(code).toBe(1);
    expect(output).toContain("The workbench cannot start");
    expect(output).toContain(String(process.pid));
  } finally {
    release();
    rmSync(dataDir, { recursive: true, force: true });
  }
});
