import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, routes } from "#e2e/support.ts";

// Runs at both widths (the desktop and phone projects). Interactive states are checked where they are
// exercised: the open mobile menu (shell), the quote form with errors and a visible notice (quote).
for (const route of routes) {
  test(`${route.path}: axe finds no WCAG A/AA violations; nothing overflows sideways`, async ({ page }) => {
    await page.goto(route.path);
    await hydrated(page);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}
