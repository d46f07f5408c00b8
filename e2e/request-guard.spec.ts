// The request guard against the running app (issue #45 K): route handlers are left out of the proxy, so
// Next buffers none of their bodies before route() has checked the origin, the session and the length.
import { request as httpRequest } from "node:http";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

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
  });
}

test("a signed-out request declaring 50 MB is answered 401 from its headers; signed in, a JSON body over 10 MB is 413", async ({
  page,
  baseURL,
}) => {
  const signedOut = await partialUpload(`${baseURL}/api/labels`, { "content-type": "application/json" }, 50e6);
  expect(signedOut.status).toBe(401);
  expect(signedOut.ms).toBeLessThan(10_000);
  await signInAs(page, "alice");
  const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
  const declared = await partialUpload(`${baseURL}/api/labels`, { cookie, "content-type": "application/json" }, 50e6);
  expect(declared.status).toBe(413);
  const big = await page.request.post("/api/labels", {
    headers: { "content-type": "application/json" },
    data: JSON.stringify({ instanceId: "x", value: "trustworthy", rationale: "x".repeat(10 * 1024 * 1024 + 10) }),
  });
  expect(big.status()).toBe(413);
  expect((await big.json()).code).toBe("payload_too_large");
});

test("Origin evil plus X-Forwarded-Host evil is refused without TRUST_PROXY; a text/plain body with a bogus Next-Action is 415", async ({
  page,
}) => {
  await signInAs(page, "alice");
  const forged = await page.request.post("/api/labels", {
    headers: { origin: "http://evil.example", "x-forwarded-host": "evil.example", "content-type": "application/json" },
    data: JSON.stringify({ instanceId: "x", value: "trustworthy", rationale: "forged" }),
  });
  expect(forged.status()).toBe(403);
  const bogus = await page.request.post("/api/labels", {
    headers: { "next-action": "0123456789abcdef0123456789abcdef01234567", "content-type": "text/plain" },
    data: JSON.stringify({ instanceId: "x", value: "trustworthy", rationale: "x" }),
  });
  expect(bogus.status()).toBe(415);
});
