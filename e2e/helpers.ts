import { expect, type Page } from "@playwright/test";

export const DEMO_PASSWORD = "workbench";

export async function signInAs(page: Page, login: string) {
  await page.goto("/sign-in");
  await page.getByLabel("Login").fill(login);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByTestId("current-user")).toBeVisible();
}
