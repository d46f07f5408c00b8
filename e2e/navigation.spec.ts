// Finding one's way (#15 item 9, #31 item 1): deep links survive sign-in, the nav shows where you are and
// no part of the header is painted over another at 1280 and 1440 px for any role, a skip link leads past the nav, the guidelines open for a new annotator.
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";
import { DEMO_PASSWORD, signInAs } from "./helpers";

test("a deep link survives sign-in, with its query", async ({ browser, baseURL }) => {
  const alice = await browser.newContext({ baseURL });
  const page = await alice.newPage();
  await signInAs(page, "alice");
  await page.goto("/annotate");
  const href = await page.getByTestId("instance-link").first().getAttribute("href");
  await alice.close();

  const fresh = await browser.newContext({ baseURL });
  const visitor = await fresh.newPage();
  await visitor.goto(`${href}?view=final`);
  await expect(visitor).toHaveURL(/\/sign-in\?next=/);
  await visitor.getByLabel("Login").fill("alice");
  await visitor.getByLabel("Password").fill(DEMO_PASSWORD);
  await visitor.getByRole("button", { name: "Sign in" }).click();
  await expect(visitor).toHaveURL(new RegExp(`${href}\\?view=final$`));
  await expect(visitor.getByTestId("current-user")).toBeVisible();
  await fresh.close();
});

test("a sign-in link pointing at another site is not followed", async ({ page }) => {
  await page.goto("/sign-in?next=//example.org/phish");
  await page.getByLabel("Login").fill("admin");
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user")).toBeVisible();
  await expect(page).toHaveURL(/^http:\/\/127\.0\.0\.1:\d+\/$/);
});

/** Where each piece of the header is painted, as the browser lays it out. */
async function headerBoxes(page: Page) {
  return page.evaluate(() => {
    const box = (e: Element, name: string) => {
      const r = e.getBoundingClientRect();
      return { name, left: r.left, right: r.right, top: r.top, bottom: r.bottom };
    };
    const header = document.querySelector("header");
    if (!header) throw new Error("no header");
    return {
      viewport: document.documentElement.clientWidth,
      header: box(header, "header"),
      parts: [
        ...[...header.querySelectorAll("nav a, header > div > a")].map((a) => box(a, a.textContent ?? "link")),
        box(header.querySelector("[data-testid=current-user]") as Element, "user"),
        box(header.querySelector("form button") as Element, "sign out"),
      ],
    };
  });
}

test("the header's parts never overlap at 1280 and 1440 px for any role, and the nav marks the current stage", async ({
  browser,
  baseURL,
}) => {
  for (const login of ["admin", "alice", "carol"]) {
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    await signInAs(page, login);
    await page.goto("/perturb");
    const nav = page.getByRole("navigation", { name: "Pipeline stages" });
    await expect(nav.getByRole("link", { name: "Perturb" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
    for (const width of [1280, 1440]) {
      await page.setViewportSize({ width, height: 900 });
      const { viewport, header, parts } = await headerBoxes(page);
      const where = `${login} at ${width} px`;
      expect(parts.length, where).toBeGreaterThan(3);
      for (const p of parts) {
        // inside the page and the header, with a size
        expect(p.right - p.left, `${p.name}, ${where}`).toBeGreaterThan(0);
        expect(p.left, `${p.name}, ${where}`).toBeGreaterThanOrEqual(0);
        expect(p.right, `${p.name}, ${where}`).toBeLessThanOrEqual(viewport);
        expect(p.bottom, `${p.name}, ${where}`).toBeLessThanOrEqual(header.bottom);
      }
      for (const [i, a] of parts.entries())
        for (const b of parts.slice(i + 1)) {
          const overlap = a.left < b.right - 0.5 && b.left < a.right - 0.5 && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
          expect(overlap, `"${a.name}" and "${b.name}" overlap, ${where}`).toBe(false);
        }
      // the demo's users fit one row at these widths
      expect(header.bottom - header.top, where).toBeLessThan(70);
      await page.screenshot({ path: `test-results/screenshots/header-${login}-${width}.png`, clip: { x: 0, y: 0, width, height: 120 } });
    }
    await context.close();
  }
});

test("an annotator's landing is answered by the server: sign-in goes straight to the queue, and / is a 307 to it", async ({ page }) => {
  const visited: string[] = [];
  page.on("framenavigated", (frame) => {
    if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
  });
  await signInAs(page, "alice");
  await expect(page).toHaveURL(/\/annotate$/);
  // never the overview's empty page on the way
  expect(visited.filter((p) => p !== "/sign-in")).toEqual(["/annotate"]);
  const landing = await page.request.get("/", { maxRedirects: 0 });
  expect(landing.status()).toBe(307);
  expect(landing.headers().location).toMatch(/\/annotate$/);
});

test("a skip link leads keyboard users past the nav", async ({ page }) => {
  await signInAs(page, "alice");
  await page.goto("/annotate");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.locator("main#main")).toBeFocused();
});

test("the guidelines are open on a first visit and stay folded once folded", async ({ page }) => {
  await signInAs(page, "alice");
  await page.goto("/annotate");
  await page.getByTestId("instance-link").first().click();
  const guidelines = page.getByTestId("guidelines");
  await expect(guidelines).toHaveAttribute("open", "");
  await guidelines.locator("summary").click();
  await expect(guidelines).not.toHaveAttribute("open");
  await page.reload();
  await expect(page.getByTestId("guidelines")).toBeVisible();
  await expect(page.getByTestId("guidelines")).not.toHaveAttribute("open");
});

test("every page's icon is served: /favicon.ico is an icon, not a 404", async ({ request }) => {
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
});
