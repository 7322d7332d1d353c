import { expect, type Page, test } from "@playwright/test";
import { claims, industries, partners } from "#app/content/home-page.ts";
import { decodeMailto, hydrated, installClock, pauseClock, site } from "#e2e/support.ts";

test("hero: headline, subline and the three actions", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Source. Supply. Solutions.");
  await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
  await expect(page.getByText("Your trusted partner for Industrial MRO Components and Supplies.")).toBeVisible();
  const hero = page.locator("#home");
  await expect(hero.getByRole("link", { name: /^Call Now/ })).toHaveAttribute("href", `tel:${site.phoneTel}`);
  const account = decodeMailto(
    (await hero.getByRole("link", { name: "Request an Account" }).getAttribute("href")) ?? "",
  );
  expect(account.subject).toBe("Account application");
  expect(account.to).toBe(site.email);
  await hero.getByRole("link", { name: "Request Quote" }).click();
  await expect(page).toHaveURL("/#quote");
  await expect(page.locator("#quote")).toBeInViewport();
});

test("the eight claims, partners and the two cards", async ({ page }) => {
  await page.goto("/");
  const tiles = page.getByTestId("claim");
  await expect(tiles).toHaveCount(8);
  await expect(tiles).toContainText(claims.map((c) => c.title));
  await expect(tiles.filter({ hasText: "£5.5M" })).toHaveCount(1);
  await expect(tiles.filter({ hasText: "AMC, Exol, Presto" })).toHaveCount(1);
  await expect(page.getByRole("heading", { name: "Authorised Distributor & Partnered With" })).toBeVisible();
  for (const category of partners.categories) {
    await expect(page.getByRole("list", { name: "Partner categories" })).toContainText(category);
  }
  await expect(page.getByRole("link", { name: "View Products" })).toHaveAttribute("href", "/products");
  await expect(page.getByRole("link", { name: "View Services" })).toHaveAttribute("href", "/services");
});

test("about: thirteen industries, sections in order about < quote < contact", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByTestId("industries").getByRole("listitem")).toHaveText(industries.map((i) => i.title));
  const tops = await page.evaluate(() =>
    ["home", "about", "quote", "contact"].map((id) => document.getElementById(id)?.getBoundingClientRect().top ?? -1),
  );
  expect(tops).toEqual([...tops].sort((a, b) => a - b));
  expect(tops.every((top) => top >= 0)).toBe(true);
});

test.describe("slideshow", () => {
  const dot = (page: Page, n: number) => page.getByRole("button", { name: `Go to slide ${n}` });

  test("four dots; a new slide every 4000 ms; a dot jumps; pause stops it", async ({ page }) => {
    await installClock(page);
    await page.goto("/#about");
    await hydrated(page);
    await expect(page.getByRole("button", { name: /^Go to slide \d$/ })).toHaveCount(4);
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
    await expect(page.getByTestId("slide-spinner")).toBeHidden();
    await pauseClock(page);
    // Choosing a slide starts its 4000 ms afresh.
    await dot(page, 2).click();
    await expect(dot(page, 2)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(3999);
    await expect(dot(page, 2)).toHaveAttribute("aria-current", "true");
    await page.clock.runFor(1);
    await expect(dot(page, 3)).toHaveAttribute("aria-current", "true");
    await dot(page, 4).click();
    await expect(dot(page, 4)).toHaveAttribute("aria-current", "true");
    await expect(page.locator('[data-testid="slide"][data-current="true"] img')).toHaveCSS("opacity", "1");
    await page.getByRole("button", { name: "Pause slideshow" }).click();
    await page.clock.runFor(12_000);
    await expect(dot(page, 4)).toHaveAttribute("aria-current", "true");
    await page.getByRole("button", { name: "Play slideshow" }).click();
    await page.clock.runFor(4000);
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
  });

  test("reserves its 28rem so nothing shifts", async ({ page }) => {
    await page.goto("/");
    const frame = page.locator("#about [aria-roledescription=carousel] > div").first();
    expect((await frame.boundingBox())?.height).toBe(448);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("shows its first slide with its caption and no controls that would not work", async ({ page }) => {
      await page.goto("/#about");
      const first = page.getByTestId("slide").first();
      await expect(first.locator("img")).toHaveCSS("opacity", "1");
      await expect(first.locator("figcaption")).toBeVisible();
      await expect(page.getByTestId("slide-spinner")).toBeHidden();
      await expect(page.getByTestId("slide-controls")).toBeHidden();
      await expect(page.getByRole("button", { name: /slide/ })).toHaveCount(0);
    });
  });

  test("does not play under reduced motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await installClock(page);
    await page.goto("/#about");
    await hydrated(page);
    await expect(page.getByRole("button", { name: "Play slideshow" })).toBeVisible();
    await pauseClock(page);
    await page.clock.runFor(12_000);
    await expect(dot(page, 1)).toHaveAttribute("aria-current", "true");
  });
});

for (const path of ["/", "/contact"]) {
  test(`${path}: contact cards and the map`, async ({ page }) => {
    await page.goto(path);
    const cards = page.getByTestId("contact-card");
    await expect(cards).toHaveCount(3);
    await expect(cards.nth(0).getByRole("link", { name: site.phoneDisplay })).toHaveAttribute(
      "href",
      `tel:${site.phoneTel}`,
    );
    await expect(cards.nth(0)).toContainText("Mon-Fri 8:30-17:00");
    await expect(cards.nth(0)).toContainText("Sat 9:00-13:00");
    await expect(cards.nth(1).getByRole("link", { name: site.email })).toHaveAttribute("href", `mailto:${site.email}`);
    await expect(cards.nth(1)).toContainText("24hr response guarantee");
    await expect(cards.nth(2)).toContainText(site.tradeCounter.locality);
    await expect(cards.nth(2).getByRole("link", { name: /Open the full map/ })).toHaveAttribute(
      "href",
      /openstreetmap\.org/,
    );
    const map = page.locator('iframe[title="Find Us"]');
    await expect(map).toHaveAttribute("height", "500");
    await expect(map).toHaveAttribute("loading", "lazy");
    expect((await map.boundingBox())?.height).toBe(500);
  });
}

test("loading a hash scrolls to that section", async ({ page }) => {
  for (const id of ["about", "quote", "contact"]) {
    await page.goto(`/#${id}`);
    await hydrated(page);
    await expect(page.locator(`#${id}`)).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(100);
  }
});

test.describe("on a phone", { tag: "@phone" }, () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("lays out the sections far below the first screen only as they come near, and a link still lands on its section", async ({
    page,
  }) => {
    const laidOut = (selector: string) =>
      page.locator(selector).evaluate((element) => element.checkVisibility({ contentVisibilityAuto: true }));
    await page.goto("/");
    await hydrated(page);
    // Scroll anchoring, which usually keeps the section still as the sections above it take their real heights,
    // is a heuristic that let it slip on a busy machine; the page must land on the section without it.
    await page.addStyleTag({ content: "html { overflow-anchor: none }" });
    expect(await laidOut("#hero-heading")).toBe(true);
    expect(await laidOut("#marketing-heading")).toBe(false);
    expect(await laidOut("#quote-heading")).toBe(false);
    await page.locator("#home").getByRole("link", { name: "Request Quote" }).click();
    await expect(page).toHaveURL("/#quote");
    // Its top at the 5rem scroll margin that clears the header, though the sections above were never laid out.
    const quoteTop = () => page.locator("#quote").evaluate((element) => element.getBoundingClientRect().top);
    await expect.poll(quoteTop).toBe(80);
    expect(await laidOut("#quote-heading")).toBe(true);
    // A section above that takes its real height late (here 600 px taller) does not push the form away.
    await page.locator("#quote").evaluate((quote) => {
      (quote.previousElementSibling as HTMLElement).style.paddingTop = "600px";
    });
    await expect.poll(quoteTop).toBe(80);
  });
});
