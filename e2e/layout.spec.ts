import { expect, test } from "@playwright/test";
import { findOverflow, layoutWidths as widths } from "#e2e/layout-check.ts";
import { expectNoAxeViolations, hydrated, routes } from "#e2e/support.ts";

/**
 * Every public page, the not-found pages, search results (a part number, words, no match) and the desk's
 * signed-out pages. The signed-in desk pages are checked in desk.spec.ts.
 */
const pages = [
  ...routes.map((route) => route.path),
  "/this-page-does-not-exist",
  // A quotation's link that does not open: the 404 page with a line on getting the quotation again.
  "/q/cut-short",
  "/search?q=6205-2RS",
  "/search?q=hydralic%20hose",
  "/search?q=zzqx%20frobnicator",
  "/desk/sign-in",
  "/desk/forgot-password",
];

// One project is enough: the test sets every width itself. The page is loaded once, on the narrowest phone,
// and then widened as a turned phone or a resized window widens it, so a page that only fits the width it
// was loaded at fails too. axe runs at a phone's and a laptop's width, after the layout checks (it lays out
// the sections far below the first screen, which a visitor's first look does not).
for (const path of pages) {
  test(`${path}: nothing scrolls sideways or spills at any width, and axe finds no WCAG A/AA violations`, async ({
    page,
  }) => {
    // axe over a whole page is seconds of CPU; with both workers and the server on two busy cores it passed 30 s.
    test.setTimeout(90_000);
    await page.setViewportSize({ width: widths[0] ?? 320, height: 900 });
    await page.goto(path);
    await hydrated(page);
    for (const width of widths) {
      await test.step(`${width}px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `document width at ${width}px`).toBeLessThanOrEqual(width);
        expect(await findOverflow(page), `overflowing text at ${width}px`).toEqual([]);
      });
    }
    for (const width of [390, 1280]) {
      await test.step(`axe at ${width}px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        await expectNoAxeViolations(page);
      });
    }
  });
}

test.describe("details found in review", () => {
  test("Why Buyers Choose Us: the five points share one row at 1280 px, with none left alone", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const points = page.locator("section[aria-labelledby=marketing-heading] li.rounded-lg");
    await expect(points).toHaveCount(5);
    const tops = await points.evaluateAll((items) => items.map((item) => Math.round(item.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
  });

  test("the partner section uses the width of the page at 1280 px", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto("/");
    const section = await page.locator("section[aria-labelledby=partners-heading] > div").boundingBox();
    const rightmost = await page
      .locator("section[aria-labelledby=partners-heading] li")
      .evaluateAll((items) => Math.max(...items.map((item) => item.getBoundingClientRect().right)));
    expect(rightmost).toBeGreaterThan((section?.x ?? 0) + (section?.width ?? 0) * 0.9);
  });

  test("at 320 px an e-mail address in a sentence moves to a line of its own rather than break", async ({ page }) => {
    await page.setViewportSize({ width: 320, height: 900 });
    for (const [path, within] of [
      ["/", "#quote"],
      ["/accessibility", "main"],
      ["/q/cut-short", "main"],
    ] as const) {
      await page.goto(path);
      const address = page.locator(within).locator('a[href^="mailto:"]').first();
      await address.scrollIntoViewIfNeeded();
      expect(await address.evaluate((link) => link.getClientRects().length), path).toBe(1);
    }
  });

  test("the New badge never covers the category artwork", async ({ page }) => {
    for (const width of [320, 390, 1024, 1920]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/products");
      const card = page.getByTestId("category-card").filter({ hasText: "New" });
      const [badge, art] = [
        await card.getByText("New", { exact: true }).boundingBox(),
        await card.getByRole("img").boundingBox(),
      ];
      if (!badge || !art) throw new Error("badge or artwork missing");
      expect(badge.y, `${width}px`).toBeGreaterThanOrEqual(art.y + art.height);
    }
  });

  test("on a phone the slideshow shows each picture whole and its pause control on one line", async ({ page }) => {
    for (const width of [320, 390]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/#about");
      const frame = page.locator("#about [aria-roledescription=carousel] > div").first();
      const picture = frame.locator('[data-testid="slide"]').first().getByRole("img");
      await picture.scrollIntoViewIfNeeded();
      await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const cropped = await picture.evaluate((img: HTMLImageElement) => {
        const box = img.getBoundingClientRect();
        const differentShape = Math.abs(box.width / box.height - img.naturalWidth / img.naturalHeight) > 0.01;
        return getComputedStyle(img).objectFit === "cover" && differentShape;
      });
      expect(cropped, `${width}px`).toBe(false);
      const pause = page.getByRole("button", { name: "Pause slideshow" });
      expect((await pause.boundingBox())?.height, `${width}px`).toBeLessThanOrEqual(44);
    }
  });
});
