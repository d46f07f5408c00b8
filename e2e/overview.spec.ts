import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

test("a signed-out visitor is sent to sign in, and bad credentials get a clear error", async ({ page }) => {
  await page.goto("/");
  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel("Login").fill("admin");
  await page.getByLabel("Password").fill("wrong");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "password" })).toHaveText("Unknown login or wrong password.");
});

test("admin sees demo counts on the overview, opens an instance on its hunk, and takes a screenshot", async ({ page }, info) => {
  await signInAs(page, "admin");
  await expect(page.getByRole("heading", { name: "Pipeline overview" })).toBeVisible();
  await expect(page.getByTestId("count-repositories")).toHaveText("4");
  await expect(page.getByTestId("count-pull-requests")).toHaveText("4");
  expect(Number(await page.getByTestId("count-instances").textContent())).toBeGreaterThan(15);
  await page.screenshot({ path: `test-results/screenshots/overview-${info.project.name}.png`, fullPage: true });

  await page.getByRole("navigation", { name: "Pipeline stages" }).getByRole("link", { name: "Ingest" }).click();
  await expect(page.getByTestId("repositories")).toContainText("tabular-labs/frameworks");
  await expect(page.getByTestId("repositories")).toContainText("640 PRs ≤ 1,500 required");

  await page.getByRole("navigation", { name: "Pipeline stages" }).getByRole("link", { name: "Annotate" }).click();
  await page.getByTestId("instance-link").filter({ hasText: "test_nanmedian_all_nan" }).click();
  await expect(page.getByTestId("pr-title")).toHaveText("BUG: nanmedian returns wrong result for all-NaN groups");
  await expect(page.getByTestId("target-comment")).toContainText("should also cover");
  const commented = page.locator("[data-commented=true]");
  await expect(commented).toHaveCount(1);
  await expect(commented).toContainText("assert np.isnan(result)");
  await page.screenshot({ path: `test-results/screenshots/instance-${info.project.name}.png`, fullPage: true });
});

test("an annotator cannot open admin pages, by link or by direct request", async ({ page, request }) => {
  await signInAs(page, "alice");
  await expect(page.getByRole("navigation", { name: "Pipeline stages" }).getByRole("link", { name: "Ingest" })).toHaveCount(0);
  await page.goto("/ingest");
  await expect(page).toHaveURL(/\/forbidden\?needs=admin/);
  await expect(page.getByRole("heading", { name: "Not allowed" })).toBeVisible();
  const cookies = await page.context().cookies();
  const res = await request.get("/ingest", {
    headers: { cookie: cookies.map((c) => `${c.name}=${c.value}`).join("; ") },
    maxRedirects: 0,
  });
  expect([303, 307, 308]).toContain(res.status());
  expect(res.headers().location).toContain("/forbidden");
  expect(await res.text()).not.toContain("tabular-labs/frameworks");
});
