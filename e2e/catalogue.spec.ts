import { expect, test } from "@playwright/test";
import { categories, services } from "#app/content/catalogue.ts";
import { decodeMailto, hydrated, site } from "#e2e/support.ts";

const decode = (html: string) =>
  html.replaceAll("&amp;", "&").replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&quot;", '"');

/** Asserts that each text occurs in the HTML, in this order. */
function expectInOrder(html: string, texts: string[]) {
  let from = 0;
  for (const text of texts) {
    const at = html.indexOf(text, from);
    expect(at, `"${text}" after position ${from}`).toBeGreaterThan(-1);
    from = at + text.length;
  }
}

test.describe("products overview", () => {
  test("cards in the spec's order, each leading to its page, PPE & Safety flagged new", async ({ page }) => {
    await page.goto("/products");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our Product Range");
    const cards = page.getByTestId("category-card");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(categories.map((c) => c.title));
    for (const category of categories) {
      const card = cards.filter({ has: page.getByRole("heading", { name: category.title, exact: true }) });
      await expect(card.getByRole("img")).toHaveAttribute("alt", category.alt);
      await expect(card.getByRole("link", { name: `View Full Range of ${category.title}` })).toHaveAttribute(
        "href",
        `/products/${category.slug}`,
      );
      await expect(card.getByText("New", { exact: true })).toHaveCount(category.isNew ? 1 : 0);
      await expect(card).not.toContainText("Detailed page coming soon");
    }
    await expect(page.getByRole("heading", { name: "Ready to Source Your Industrial Supplies?" })).toBeVisible();
  });

  test("quote buttons glide to the home quote section; Contact Us opens /contact", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    await page.getByRole("link", { name: "Request Product Quote" }).click();
    await expect(page).toHaveURL("/#quote");
    await expect(page.locator("#quote")).toBeInViewport();
    await page.goto("/products");
    await hydrated(page);
    await page.getByRole("main").getByRole("link", { name: "Request Quote" }).click();
    await expect(page).toHaveURL("/#quote");
    await page.goto("/products");
    await page.getByRole("main").getByRole("link", { name: "Contact Us" }).first().click();
    await expect(page).toHaveURL("/contact");
  });

  test("a category card opens its page, which leads back to the overview", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    await page.getByRole("link", { name: "View Full Range of Fluid Power" }).click();
    await expect(page).toHaveURL("/products/fluid-power");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Fluid Power");
    await page.getByRole("link", { name: "Back to Products" }).click();
    await expect(page).toHaveURL("/products");
  });
});

for (const category of categories) {
  test.describe(`${category.title} page`, () => {
    const path = `/products/${category.slug}`;

    test("server HTML holds every group, range, sub-type and brand in order", { tag: "@api" }, async ({ request }) => {
      const html = decode(await (await request.get(path)).text());
      expectInOrder(
        html,
        category.groups.flatMap((group) => [group.name, ...(group.range ? [group.range] : []), ...group.applications]),
      );
      expectInOrder(html, ["Brands We Supply", ...category.brands.map((b) => b.name)]);
      for (const highlight of category.highlights ?? []) expectInOrder(html, [highlight.title, highlight.text]);
    });

    test("groups, brand loop, call and e-mail actions, back link", async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(category.title);
      await expect(page.getByTestId("type-group").getByRole("heading", { level: 3 })).toHaveText(
        category.groups.map((g) => g.name),
      );
      const strip = page.getByTestId("brand-strip");
      const lists = strip.getByRole("list", { includeHidden: true });
      await expect(lists).toHaveCount(2);
      await expect(lists.nth(1)).toHaveAttribute("aria-hidden", "true");
      for (const brand of category.brands) {
        await expect(strip.getByText(brand.name, { exact: true })).toHaveCount(2);
      }
      // Assistive technology meets each brand once.
      await expect(strip.getByRole("listitem")).toHaveCount(category.brands.length);
      await expect(page.getByRole("main").getByRole("link", { name: `Call ${site.phoneDisplay}` })).toHaveAttribute(
        "href",
        `tel:${site.phoneTel}`,
      );
      const mail = decodeMailto(
        (await page.getByRole("main").getByRole("link", { name: "Request Quote" }).getAttribute("href")) as string,
      );
      expect(mail.to).toBe(site.email);
      expect(mail.subject).toBe(`Quote request: ${category.title}`);
      expect(mail.body).toContain(category.title);
      await expect(page.getByRole("link", { name: "Back to Products" })).toHaveAttribute("href", "/products");
      await expect(page).toHaveTitle(`${category.title} | ${site.name}`);
    });
  });
}

test("Fluid Power shows its three highlights", async ({ page }) => {
  await page.goto("/products/fluid-power");
  for (const [title, text] of [
    ["Order Before 10pm", "For next-day delivery"],
    ["24/7 Out of Hours Service", "Emergency support available"],
    ["75,000 Products", "Worth over £50m available for same day despatch"],
  ] as const) {
    await expect(page.getByText(title, { exact: true })).toBeVisible();
    await expect(page.getByText(text, { exact: true })).toBeVisible();
  }
});

test("the brand strip moves, pauses on request, and stands still under reduced motion", async ({ page }) => {
  await page.goto("/products/bearings");
  await hydrated(page);
  const track = page.getByTestId("brand-strip").locator("> div");
  const animation = () => track.evaluate((el) => getComputedStyle(el).animationName);
  const state = () => track.evaluate((el) => getComputedStyle(el).animationPlayState);
  expect(await animation()).toBe("marquee");
  const pause = page.getByRole("checkbox", { name: "Pause brand scrolling" });
  const control = page.locator("label", { has: pause });
  await control.click();
  await expect(pause).toBeChecked();
  expect(await state()).toBe("paused");
  await control.click();
  await expect(pause).not.toBeChecked();
  // Away from the strip, so hovering does not hold it.
  await page.mouse.move(0, 0);
  expect(await state()).toBe("running");
  await pause.focus();
  await page.keyboard.press("Space");
  expect(await state()).toBe("paused");
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.reload();
  expect(await animation()).toBe("none");
  await expect(page.getByTestId("brand-strip").getByRole("list", { includeHidden: true }).nth(1)).toBeHidden();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the brand strip can still be paused", async ({ page }) => {
    await page.goto("/products/bearings");
    const track = page.getByTestId("brand-strip").locator("> div");
    const pause = page.getByRole("checkbox", { name: "Pause brand scrolling" });
    await page.locator("label", { has: pause }).click();
    await expect(pause).toBeChecked();
    await page.mouse.move(0, 0);
    expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe("paused");
  });
});

test.describe("services", () => {
  test("four services with their sixteen features and the enquiry link", async ({ page }) => {
    await page.goto("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services & Added Value");
    const cards = page.getByTestId("service-card");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(services.map((s) => s.title));
    for (const service of services) {
      const card = cards.filter({ has: page.getByRole("heading", { name: service.title }) });
      await expect(card.getByRole("listitem")).toHaveText(service.features.map((f) => f.title));
    }
    await expect(page.getByRole("link", { name: "Enquire About Our Services - Contact Us" })).toHaveAttribute(
      "href",
      "/contact",
    );
  });
});

test.describe("every catalogue page", () => {
  const paths = ["/products", ...categories.map((c) => `/products/${c.slug}`), "/services"];
  for (const path of paths) {
    test(`${path}: no prices`, async ({ page }) => {
      await page.goto(path);
      const text = (await page.locator("body").innerText()).replaceAll("£5.5M", "").replaceAll("£50m", "");
      expect(text).not.toMatch(/£\s?\d/);
    });
  }
});
