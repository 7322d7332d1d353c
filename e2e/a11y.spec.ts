import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, isPhone, routes } from "#e2e/support.ts";

// Runs at both widths (the desktop and phone projects). Interactive states are checked where they are
// exercised: the open mobile menu (shell), the quote form with errors and a visible notice (quote).
for (const route of routes) {
  test(`${route.path}: axe finds no WCAG A/AA violations; nothing overflows sideways`, async ({ page }) => {
    // axe over a whole page is seconds of CPU; with both workers and the server on two busy cores it passed 30 s.
    test.setTimeout(90_000);
    await page.goto(route.path);
    await hydrated(page);
    await expectNoAxeViolations(page);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
}

// The open-now line is drawn in the browser from the time of day, so a run at any one hour sees one state.
// Measured as a visitor's first look finds the page: sections below the first screen not laid out yet.
test.describe("the open-now line", () => {
  const moments = [
    ["open", "2026-06-16T09:00:00Z"],
    ["about to close", "2026-06-20T11:35:00Z"],
    ["closed", "2026-12-25T10:00:00Z"],
  ] as const;
  for (const [state, time] of moments) {
    test(`meets WCAG contrast while ${state}, at every width`, async ({ page }, testInfo) => {
      test.skip(isPhone(testInfo), "sets its own widths; runs once");
      test.setTimeout(120_000);
      await page.clock.setFixedTime(new Date(time));
      for (const width of [320, 390, 1024, 1920]) {
        await page.setViewportSize({ width, height: 800 });
        for (const path of ["/", "/contact"]) {
          await page.goto(path);
          await expect(page.getByTestId("open-now").first()).toBeAttached();
          const results = await new AxeBuilder({ page })
            .include('[data-testid="open-now"]')
            .withTags(["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"])
            .analyze();
          const found = results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
          expect(found, `${path} at ${width} px`).toEqual([]);
        }
      }
    });
  }
});
