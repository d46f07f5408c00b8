// axe-core on the pages an annotation team works in all day: no serious or critical violation of
// WCAG 2.1 A/AA (colour contrast included) on the queue, an instance, the adjudication page, the
// agreement page, perturbation verification (#15 item 9) and the evaluation pages (#31 item 9), in the light theme and in the dark
// theme the system setting selects.
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";
import { signInAs } from "./helpers";

for (const scheme of ["light", "dark"] as const) {
  test(`the annotation queue and an instance page (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signInAs(page, "alice");
    await page.goto("/annotate");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("instance-link").first().click();
    await expect(page.getByTestId("current-user")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the adjudication queue, an instance to decide, and the agreement page (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signInAs(page, "carol");
    await page.goto("/adjudicate");
    expect(await seriousViolations(page)).toEqual([]);
    // an instance the annotators disagreed on, from the agreement page's drill-down, as the adjudicator sees it
    await page.goto("/agreement");
    expect(await seriousViolations(page)).toEqual([]);
    const pair = page
      .getByTestId("pair-details")
      .filter({ has: page.getByTestId("disagreements") })
      .first();
    await pair.locator("summary").click();
    expect(await seriousViolations(page)).toEqual([]);
    await pair.getByTestId("disagreements").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/adjudicate\//);
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the perturbation queue and a candidate to verify (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signInAs(page, "carol");
    await page.goto("/perturb");
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
    // the demo has candidates waiting for votes
    await page.getByTestId("verification-queue").getByTestId("queue-row").first().getByRole("link").first().click();
    await expect(page.getByTestId("verification-progress")).toBeVisible();
    await page.waitForLoadState("networkidle");
    expect(await seriousViolations(page)).toEqual([]);
  });

  test(`the evaluation pages: scores and judge runs (${scheme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signInAs(page, "admin");
    for (const path of ["/evaluate", "/evaluate/judge"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      expect(await seriousViolations(page), path).toEqual([]);
    }
  });
}
