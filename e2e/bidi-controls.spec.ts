// Bidirectional control characters (U+202E and friends) in anything from outside are shown as
// placeholders on every page each role can reach, never obeyed (issue #45 J: PR titles on the instance,
// adjudication and perturbation pages, the queue's comment excerpts and the perturbation pages' quotes
// rendered them raw). Every PR title and body, issue title, comment and perturbed copy carries an override.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";
import { sweepPages, unvisitedDemoPages } from "./page-sweep";

test.use({ appSetup: { before: ["e2e/setup/bidi-everywhere.ts"] } });

/** Raw controls in what the page shows: its text (not scripts), its tooltips and labels, its title. */
async function rawControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const controls = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
    const found: string[] = [];
    if (controls.test(document.title)) found.push(`<title> ${document.title}`);
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
      acceptNode: (node) =>
        node.parentElement?.closest("script, style, template, noscript, textarea") ? NodeFilter.FILTER_REJECT : NodeFilter.FILTER_ACCEPT,
    });
    for (let node = walker.nextNode(); node; node = walker.nextNode())
      if (controls.test(node.nodeValue ?? "")) found.push((node.parentElement?.outerHTML ?? "").slice(0, 160));
    for (const element of document.querySelectorAll("[title], [aria-label], [alt], [placeholder]"))
      for (const name of ["title", "aria-label", "alt", "placeholder"])
        if (controls.test(element.getAttribute(name) ?? "")) found.push(`${name}= on ${element.outerHTML.slice(0, 160)}`);
    return found;
  });
}

for (const login of ["admin", "carol", "alice"]) {
  test(`${login}: no page shows a bidirectional control raw`, async ({ page }) => {
    test.setTimeout(240_000);
    await signInAs(page, login);
    const found: Record<string, string[]> = {};
    const visited = await sweepPages(page, async (url) => {
      const raw = await rawControls(page);
      if (raw.length) found[url] = raw;
    });
    // the sweep reached the pages that showed them raw, and the judge run's and the audit's
    expect(visited.length).toBeGreaterThan(3);
    expect(unvisitedDemoPages(login, visited)).toEqual([]);
    expect(found).toEqual({});
  });
}

test("the placeholders are where the overrides were: a PR title and a queue excerpt", async ({ page }) => {
  await signInAs(page, "alice");
  await page.goto("/annotate");
  await expect(page.getByTestId("instance-link").first().locator("[data-bidi-control='U+202E']")).toBeVisible();
  await page.getByTestId("instance-link").first().click();
  await expect(page.locator("h1 [data-bidi-control='U+202E'], header [data-bidi-control='U+202E']").first()).toBeVisible();
});
