// Every route and page that takes an id, asked about an id that does not exist, as each kind of reader:
// the answer is a 4xx that says so, never a 500 (issue #45 H: DELETE /api/jobs/<unknown id> answered 500
// because the job engine's AppError came from another bundle and failed an instanceof check).
import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

const NO_SUCH = "no-such-id-45";

// cron configured, so the cron route answers for its job name rather than "disabled" (503)
test.use({ appSetup: { sidecar: "e2e/setup/cron-secret.ts" } });

interface Call {
  method: "GET" | "POST" | "PUT" | "DELETE";
  url: string;
  data?: unknown;
}

/** One call per method of every route under app/api and app/(workbench)/evaluate/runs that names a record. */
const CALLS: Call[] = [
  { method: "GET", url: `/api/jobs/${NO_SUCH}` },
  { method: "DELETE", url: `/api/jobs/${NO_SUCH}` },
  { method: "GET", url: `/api/instances/${NO_SUCH}` },
  { method: "GET", url: `/api/instances/${NO_SUCH}/timeline` },
  { method: "GET", url: `/api/instances/${NO_SUCH}/discussion` },
  { method: "POST", url: `/api/instances/${NO_SUCH}/discussion`, data: { action: "flag", note: "is this one real?" } },
  { method: "POST", url: `/api/instances/${NO_SUCH}/discussion`, data: { action: "reply", note: "no" } },
  { method: "POST", url: `/api/instances/${NO_SUCH}/adjudication`, data: { value: "trustworthy", rationale: "fine" } },
  { method: "GET", url: `/api/instances/${NO_SUCH}/repo/tree` },
  { method: "GET", url: `/api/instances/${NO_SUCH}/repo/file?path=README.md` },
  { method: "GET", url: `/api/instances/${NO_SUCH}/repo/search?q=main` },
  { method: "POST", url: "/api/labels", data: { instanceId: NO_SUCH, value: "trustworthy", rationale: "fine" } },
  { method: "GET", url: `/api/labels?instanceId=${NO_SUCH}` },
  { method: "PUT", url: "/api/label-drafts", data: { instanceId: NO_SUCH, value: null, rationale: "", editedAt: Date.now() } },
  { method: "POST", url: `/api/perturbations/${NO_SUCH}/verifications`, data: { decision: "accept" } },
  { method: "DELETE", url: `/api/perturbations/${NO_SUCH}/verifications` },
  {
    method: "POST",
    url: "/api/perturbations",
    data: { parentId: NO_SUCH, kind: "negation", candidate: { perturbed: { body: "x", path: null, diffHunk: null } } },
  },
  { method: "GET", url: `/api/perturbations/candidates?parentId=${NO_SUCH}&kind=negation` },
  { method: "GET", url: `/api/judge-runs/${NO_SUCH}/trajectories` },
  { method: "GET", url: `/api/exports/${NO_SUCH}/files/data/train.jsonl` },
  { method: "POST", url: `/api/cron/${NO_SUCH}` },
];

/** Every page whose path names a record. */
const PAGES = [
  `/annotate/${NO_SUCH}`,
  `/adjudicate/${NO_SUCH}`,
  `/perturb/${NO_SUCH}`,
  `/perturb/generate/${NO_SUCH}`,
  `/evaluate/judge/${NO_SUCH}`,
  `/evaluate/judge/${NO_SUCH}/${NO_SUCH}`,
  `/screen/audit/${NO_SUCH}`,
  `/screen/audit/${NO_SUCH}/${NO_SUCH}`,
  `/splits/${NO_SUCH}`,
  `/splits/exports/${NO_SUCH}`,
];

async function answerOf(request: APIRequestContext, call: Call): Promise<{ status: number; body: string }> {
  const res = await request.fetch(call.url, { method: call.method, ...(call.data === undefined ? {} : { data: call.data }) });
  return { status: res.status(), body: await res.text() };
}

for (const login of ["admin", "carol", "alice"]) {
  test(`${login}: every route and page asked about an unknown id answers a 4xx, never a 500`, async ({ page }) => {
    test.setTimeout(120_000);
    await signInAs(page, login);
    const wrong: string[] = [];
    for (const call of CALLS) {
      const { status, body } = await answerOf(page.request, call);
      if (status < 400 || status >= 500) wrong.push(`${call.method} ${call.url} → ${status} ${body.slice(0, 200)}`);
    }
    for (const url of PAGES) {
      const res = await page.goto(url);
      const status = res?.status() ?? 0;
      if (status >= 500) wrong.push(`page ${url} → ${status}`);
    }
    expect(wrong).toEqual([]);
  });
}

test("admin: cancelling an unknown job is a 404 that names it; the cron route with its secret refuses an unknown job name", async ({
  page,
  appInfo,
}) => {
  const cron = await page.request.post(`/api/cron/${NO_SUCH}`, { headers: { authorization: `Bearer ${String(appInfo.cronSecret)}` } });
  expect(cron.status()).toBeGreaterThanOrEqual(400);
  expect(cron.status()).toBeLessThan(500);
  await signInAs(page, "admin");
  const res = await page.request.delete(`/api/jobs/${NO_SUCH}`);
  expect(res.status()).toBe(404);
  expect(await res.json()).toMatchObject({ code: "not_found", error: "No such job." });
});
