// Every page a signed-in reader can reach by following links from the home page: one URL per kind of
// page (ids in the path and query values set aside), found breadth-first. Used by the sweeps that must
// hold on every page a role can open (accessibility, bidi controls shown as placeholders).
import type { Page } from "@playwright/test";

/** The kind of page a URL opens: ids in the path replaced, the query reduced to its parameter names. */
export function pageKind(url: URL): string {
  const path = url.pathname
    .split("/")
    .map((segment) => (/\d/.test(segment) && segment.length >= 8 ? ":id" : /^\d+$/.test(segment) ? ":n" : segment))
    .join("/");
  const keys = [...new Set(url.searchParams.keys())].sort().join("&");
  return keys ? `${path}?${keys}` : path;
}

const JUDGE_PAGES = ["/evaluate/judge/:id", "/evaluate/judge/:id/:id"];
const AUDIT_PAGES = ["/screen/audit/:id", "/screen/audit/:id/:id"];
/**
 * Kinds of page showing the demo's judge run (and a task of it) and its audit sample (and an item of it),
 * which each role opens (lib/auth/page-access.ts) and so must reach by links for a sweep to check them.
 */
const MUST_REACH: Record<string, string[]> = {
  admin: [...JUDGE_PAGES, ...AUDIT_PAGES],
  carol: [...JUDGE_PAGES, ...AUDIT_PAGES],
  alice: AUDIT_PAGES,
};

/** The kinds of MUST_REACH page a sweep as `login` did not visit. */
export function unvisitedDemoPages(login: string, visited: readonly string[]): string[] {
  const kinds = new Set(visited.map((url) => pageKind(new URL(url, "http://sweep.invalid"))));
  return (MUST_REACH[login] ?? []).filter((kind) => !kinds.has(kind));
}

/** Links no sweep follows: route handlers (files, downloads), signing out. */
const SKIP = [/^\/api\//, /^\/sign-out/, /^\/sign-in/, /^\/forbidden/];

/**
 * Visits pages breadth-first from `start`, following same-origin links, one URL per page kind, up to
 * `limit` pages; calls `visit` on each loaded page and answers the URLs visited.
 */
export async function sweepPages(page: Page, visit: (url: string) => Promise<void>, { start = "/", limit = 60 } = {}): Promise<string[]> {
  const origin = new URL(page.url() === "about:blank" ? "http://invalid" : page.url()).origin;
  const kinds = new Set<string>();
  const queue: string[] = [start];
  const visited: string[] = [];
  while (queue.length > 0 && visited.length < limit) {
    const next = queue.shift();
    if (next === undefined) break;
    const response = await page.goto(next);
    await page.waitForLoadState("networkidle");
    const landed = new URL(page.url());
    if (!response || response.status() >= 400) continue;
    kinds.add(pageKind(landed));
    visited.push(`${landed.pathname}${landed.search}`);
    await visit(`${landed.pathname}${landed.search}`);
    const hrefs = await page.$$eval("a[href]:not([download])", (links) => links.map((a) => (a as HTMLAnchorElement).href));
    for (const href of hrefs) {
      const url = new URL(href);
      if (url.origin !== (origin === "http://invalid" ? landed.origin : origin)) continue;
      if (SKIP.some((skip) => skip.test(url.pathname))) continue;
      const kind = pageKind(url);
      if (kinds.has(kind)) continue;
      kinds.add(kind);
      queue.push(`${url.pathname}${url.search}`);
    }
  }
  return visited;
}
