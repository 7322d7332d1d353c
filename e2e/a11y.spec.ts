import { expect, test } from "@playwright/test";
import { axeViolations } from "#e2e/support.ts";

// The open-now line is drawn in the browser from the time of day, so a run at any one hour sees one state.
// Measured as a visitor's first look finds the page: sections below the first screen not laid out yet. Every
// page's axe check, at a phone's and a laptop's width, is in layout.spec.ts.
test.describe("the open-now line", () => {
  const moments = [
    ["open", "2026-06-16T09:00:00Z"],
    ["about to close", "2026-06-20T11:35:00Z"],
    ["closed", "2026-12-25T10:00:00Z"],
  ] as const;
  for (const [state, time] of moments) {
    test(`meets WCAG contrast while ${state}, on a small phone and a wide screen`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.clock.setFixedTime(new Date(time));
      for (const path of ["/", "/contact"]) {
        await page.setViewportSize({ width: 320, height: 800 });
        await page.goto(path);
        // Where the line sits and what is behind it changes at md (the top bar); the layout check covers the rest.
        for (const width of [320, 1920]) {
          await page.setViewportSize({ width, height: 800 });
          await expect(page.getByTestId("open-now").first()).toBeAttached();
          const found = await axeViolations(page, '[data-testid="open-now"]');
          expect(found, `${path} at ${width} px`).toEqual([]);
        }
      }
    });
  }
});
