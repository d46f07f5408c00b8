// Finding one's way (#15 item 9): deep links survive sign-in, the nav shows where you are and fits
// one line at 1280 px, a skip link leads past the nav, the guidelines open for a new annotator.
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

for (const width of [1280, 1440]) {
  test(`the nav marks the current stage and fits one line at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, "admin");
    await page.goto("/splits");
    const nav = page.getByRole("navigation", { name: "Pipeline stages" });
    await expect(nav.getByRole("link", { name: "Splits & export" })).toHaveAttribute("aria-current", "page");
    await expect(nav.locator("[aria-current=page]")).toHaveCount(1);
    const tops = await nav.getByRole("link").evaluateAll((links) => links.map((link) => Math.round(link.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    const header = await page.locator("header").boundingBox();
    expect(header?.height).toBeLessThan(70);
  });
}

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
