// Hardening, second round (#32, items 1–3 and 6), against a running app on both databases.
import { request as httpRequest } from "node:http";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

test.use({ appSetup: { sidecar: "e2e/setup/cron-secret.ts", before: ["e2e/setup/bidi-comment.ts"] } });

/** Sends headers declaring `declared` bytes and only a first chunk of them; resolves with the status and how long it took. */
function partialUpload(url: string, headers: Record<string, string>, declared: number): Promise<{ status: number; ms: number }> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", headers: { ...headers, "content-length": String(declared) } }, (res) => {
      res.resume();
      resolve({ status: res.statusCode ?? 0, ms: Date.now() - started });
      req.destroy();
    });
    req.on("error", (e) => (Date.now() - started < 100 ? reject(e) : undefined));
    req.write(Buffer.alloc(64 * 1024, 0x61));
    // the rest never comes: an answer can only come from reading the headers, not the body
  });
}

test("1: the cron route refuses a wrong secret before reading the body (50 MB declared, 64 KB sent)", async ({ baseURL, appInfo }) => {
  const url = `${baseURL}/api/cron/ingest`;
  const wrong = await partialUpload(url, { authorization: "Bearer wrong-secret-wrong-secret", "content-type": "application/json" }, 50e6);
  expect(wrong.status).toBe(401);
  expect(wrong.ms).toBeLessThan(10_000);
  // the right secret with an oversized body: refused by its declared length, before reading it
  const big = await partialUpload(url, { authorization: `Bearer ${appInfo.cronSecret}`, "content-type": "application/json" }, 50e6);
  expect(big.status).toBe(413);
});

test("2: uploads stream under their own limits: a 12 MB predictions upload is read whole (no proxy cut), 101 MB+ is 413", async ({
  page,
  baseURL,
}) => {
  await signInAs(page, "admin");
  const file = Buffer.alloc(12 * 1024 * 1024, 0x20);
  const res = await page.request.post("/evaluate/runs", {
    multipart: {
      exportId: "no-such-export",
      split: "test",
      name: "big",
      files: { name: "big.jsonl", mimeType: "application/jsonl", buffer: file },
    },
  });
  // read whole and then refused for what it is, not "send the predictions as a multipart form"
  const body = await res.json();
  expect(body.error).not.toMatch(/multipart/);
  expect([404, 422]).toContain(res.status());
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const huge = await partialUpload(
    `${baseURL}/evaluate/runs`,
    { cookie, "content-type": "multipart/form-data; boundary=x" },
    102 * 1024 * 1024,
  );
  expect(huge.status).toBe(413);
  // the uploads still refuse other origins (the proxy leaves them to their own guard)
  const forged = await page.request.post("/api/exports/imports", {
    headers: { origin: "http://127.0.0.1:1", "content-type": "multipart/form-data; boundary=x" },
    data: "--x--",
  });
  expect(forged.status()).toBe(403);
});

test("3: bad input is a 4xx, not a 500: NUL in a query or path, a multipart body without its boundary", async ({ page }) => {
  await signInAs(page, "admin");
  const nulQuery = await page.request.get("/api/labels?instanceId=%00abc");
  expect(nulQuery.status()).toBe(422);
  expect((await nulQuery.json()).error).toMatch(/NUL/);
  const nulPath = await page.request.get("/api/instances/%00abc/repo/tree");
  expect(nulPath.status()).toBeLessThan(500);
  expect(nulPath.status()).toBeGreaterThanOrEqual(400);
  const noBoundary = await page.request.post("/api/exports/imports", { headers: { "content-type": "multipart/form-data" }, data: "x" });
  expect(noBoundary.status()).toBe(422);
  expect((await noBoundary.json()).error).toMatch(/multipart form .* boundary/);
});

test("6: bidirectional control characters in a comment and a diff line are shown as placeholders, not obeyed", async ({
  page,
  appInfo,
}) => {
  await signInAs(page, "alice");
  await page.goto(`/annotate/${appInfo.bidiInstance}`);
  const comment = page.getByTestId("target-comment");
  await expect(comment.locator('[data-bidi-control="U+202E"]')).toHaveText("⟨U+202E⟩");
  await expect(comment.locator('[data-bidi-control="U+2066"]')).toHaveCount(1);
  await expect(comment.locator('[data-bidi-control="U+2069"]')).toHaveCount(1);
  // nothing left to reorder the text: the page's text holds no control characters
  expect(await comment.textContent()).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  await expect(page.locator('td [data-bidi-control="U+202E"]').first()).toBeVisible();
});

test("4: pages run only scripts carrying their request's nonce; no 'unsafe-inline' for scripts, and the app still hydrates", async ({
  page,
}) => {
  const violations: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to execute/i.test(m.text())) violations.push(m.text());
  });
  const first = await page.request.get("/sign-in");
  const second = await page.request.get("/sign-in");
  const policyOf = (h: Record<string, string>) => h["content-security-policy"] ?? "";
  const scriptSrc = (p: string) => p.split(";").find((d) => d.trim().startsWith("script-src")) ?? "";
  const nonceOf = (p: string) => /'nonce-([^']+)'/.exec(p)?.[1];
  const policy = policyOf(first.headers());
  expect(scriptSrc(policy)).toContain("'strict-dynamic'");
  expect(scriptSrc(policy)).not.toContain("'unsafe-inline'");
  expect(nonceOf(policy)).toBeTruthy();
  expect(nonceOf(policyOf(second.headers()))).not.toBe(nonceOf(policy));
  // every script of the page carries this answer's nonce
  const html = await first.text();
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((tag) => !tag.includes(`nonce="${nonceOf(policy)}"`))).toEqual([]);
  // and the app works in the browser under that policy: sign in, then a client-side page reacts
  await signInAs(page, "alice");
  await page.goto("/annotate");
  await expect(page.getByTestId("queue")).toBeVisible();
  expect(violations).toEqual([]);
});

test("5: 80 concurrent sign-ins with unknown logins, each claiming another address, leave a real user answered", async ({
  page,
  browser,
  baseURL,
}) => {
  // the browser's own sign-in request, replayed by a script with other logins and invented addresses
  await page.goto("/sign-in");
  await page.getByLabel("Login").fill("flood-template");
  await page.getByLabel("Password").fill("guess");
  const posted = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/sign-in");
  await page.getByRole("button", { name: "Sign in" }).click();
  const template = await posted;
  const body = template.postData() ?? "";
  expect(body).toContain("flood-template");
  const headers = { ...(await template.allHeaders()) };
  for (const h of ["cookie", "content-length", "host", "connection"]) delete headers[h];
  const flood = Array.from({ length: 80 }, (_, i) =>
    page.request
      .post(`${baseURL}/sign-in`, {
        headers: { ...headers, "x-forwarded-for": `198.51.100.${i}` },
        data: body.replace("flood-template", `nobody-${i}`),
      })
      // refused at once: by the hashing queue's bound, or (#45 I) as one client's flood, at the server's door or in the action
      .then(async (r) => ({ status: r.status(), busy: /busy signing other people in|from this address at once/.test(await r.text()) })),
  );
  // meanwhile a real user signs in from a browser of her own: answered, either signed in or told to retry
  const context = await browser.newContext({ baseURL });
  try {
    const alice = await context.newPage();
    await alice.goto("/sign-in");
    await alice.getByLabel("Login").fill("alice");
    await alice.getByLabel("Password").fill("workbench");
    await alice.getByRole("button", { name: "Sign in" }).click();
    await expect(alice.getByTestId("current-user").or(alice.getByText(/busy|try again/i))).toBeVisible({ timeout: 30_000 });
  } finally {
    await context.close();
  }
  const answers = await Promise.all(flood);
  expect(answers.filter((a) => a.status >= 500)).toEqual([]);
  // the queue holds 2 hashing and 8 waiting: most of the 80 are told "busy" at once instead of queued for a minute
  expect(answers.filter((a) => a.busy).length).toBeGreaterThanOrEqual(40);
});
