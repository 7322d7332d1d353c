import { expect, type Page, test } from "@playwright/test";
import { expectNoAxeViolations, hydrated, isPhone, site } from "#e2e/support.ts";

/** The search box a visitor would use at this width: the top bar's on desktop, the menu panel's on phones. */
async function openSearch(page: Page, phone: boolean) {
  if (phone) {
    await page.getByRole("button", { name: "Open menu" }).click();
    return page.getByRole("dialog").getByRole("combobox", { name: "Search products, part numbers and brands" });
  }
  return page.getByTestId("top-bar").getByRole("combobox", { name: "Search products, part numbers and brands" });
}

const noOverflow = async (page: Page) =>
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);

test.describe("search box", () => {
  test(
    "a part number explains itself and opens the quote form with the part in the request",
    { tag: "@phone" },
    async ({ page }, testInfo) => {
      await page.goto("/services");
      await hydrated(page);
      const box = await openSearch(page, isPhone(testInfo));
      await box.fill("6205 2rs");
      const list = page.getByRole("listbox", { name: "Suggestions" });
      await expect(box).toHaveAttribute("aria-expanded", "true");
      await expect(box).toHaveAttribute("aria-controls", (await list.getAttribute("id")) ?? "");
      const partGroup = list.getByRole("group", { name: /Part number/ });
      await expect(partGroup).toContainText(
        "6205-2RS looks like a deep groove ball bearing, 25 mm bore, rubber sealed both sides",
      );
      await expect(list.getByRole("group", { name: "Categories" }).getByRole("option")).toHaveText([/Bearings/]);
      await expectNoAxeViolations(page);

      await box.press("ArrowDown");
      const first = partGroup.getByRole("option").first();
      await expect(first).toHaveText("Ask for a quote for 6205-2RS");
      await expect(first).toHaveAttribute("aria-selected", "true");
      await expect(box).toHaveAttribute("aria-activedescendant", (await first.getAttribute("id")) ?? "");
      await box.press("Enter");
      await expect(page).toHaveURL("/?part=6205-2RS&category=bearings#quote");
      const form = page.locator("#quote-form");
      await expect(form.locator('[name="lines[0].part"]')).toHaveValue("6205-2RS");
      await expect(form.getByLabel("Product category")).toHaveValue("bearings");
    },
  );

  test("results are grouped; arrows wrap, Escape closes then clears", { tag: "@phone" }, async ({ page }, testInfo) => {
    await page.goto("/products");
    await hydrated(page);
    const box = await openSearch(page, isPhone(testInfo));
    await box.fill("skf");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("group", { name: "Brands" }).getByRole("option")).toHaveText([
      /SKF\s*Bearings/,
      /SKF\s*Sealing Solutions/,
    ]);
    await box.press("ArrowUp");
    await expect(list.getByRole("option").last()).toHaveText("See all results for “skf”");
    await expect(list.getByRole("option").last()).toHaveAttribute("aria-selected", "true");
    await box.press("ArrowDown");
    await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
    await box.press("Escape");
    await expect(box).toHaveAttribute("aria-expanded", "false");
    await expect(list).toBeHidden();
    await box.press("Escape");
    await expect(box).toHaveValue("");
    if (isPhone(testInfo)) {
      // With the suggestions closed and the box empty, Escape is the menu's again.
      await expect(page.getByRole("dialog")).toBeVisible();
      await box.press("Escape");
      await expect(page.getByRole("dialog")).toBeHidden();
    }
  });

  test("forgiving: typos and trade words find the right page", async ({ page }, testInfo) => {
    await page.goto("/");
    await hydrated(page);
    const box = await openSearch(page, isPhone(testInfo));
    await box.fill("hydralic hose");
    const list = page.getByRole("listbox", { name: "Suggestions" });
    await expect(list.getByRole("option").first()).toHaveText(/Fluid Power/);
    await box.fill("vee belt");
    await expect(list.getByRole("option").first()).toHaveText(/Power Transmission/);
    await list.getByRole("option").first().click();
    await expect(page).toHaveURL("/products/power-transmission");
  });

  test("no match is never a dead end: quote, phone and e-mail", { tag: "@phone" }, async ({ page }, testInfo) => {
    await page.goto("/contact");
    await hydrated(page);
    const box = await openSearch(page, isPhone(testInfo));
    await box.fill("flux capacitor");
    const group = page.getByRole("listbox").getByRole("group", { name: /No match/ });
    await expect(group.getByRole("option")).toHaveText([
      "Ask for a quote for “flux capacitor”",
      `Call ${site.phoneDisplay}`,
      `E-mail ${site.email}`,
    ]);
    await expectNoAxeViolations(page);
    await group.getByRole("option").first().click();
    await expect(page).toHaveURL("/?part=flux+capacitor#quote");
    await expect(page.locator('#quote-form [name="lines[0].part"]')).toHaveValue("flux capacitor");
  });

  test("/ and Ctrl-K reach search, but not while typing in a field", { tag: "@phone" }, async ({ page }, testInfo) => {
    await page.goto("/");
    await hydrated(page);
    const name = page.locator("#quote-form").getByLabel("Name");
    await name.fill("A");
    await name.press("/");
    await expect(name).toHaveValue("A/");
    await page.locator("h1").click();
    await page.keyboard.press("/");
    if (isPhone(testInfo)) {
      await expect(page).toHaveURL("/search");
      // The address changes a moment before the search page replaces the home page (and its form's selects).
      const searchBox = page
        .getByRole("main")
        .getByRole("combobox", { name: "Search products, part numbers and brands" });
      await expect(searchBox).toBeFocused();
      return;
    }
    const box = page.getByTestId("top-bar").getByRole("combobox");
    await expect(box).toBeFocused();
    await page.locator("h1").click();
    await page.keyboard.press("Control+k");
    await expect(box).toBeFocused();
    await page.keyboard.type("ffp3");
    await expect(page.getByRole("listbox").getByRole("option").first()).toHaveText(/PPE & Safety/);
  });

  test.describe(() => {
    test.skip(({ isMobile }) => !isMobile, "phones only");
    test("phones have a search icon in the header", { tag: "@phone" }, async ({ page }) => {
      await page.goto("/services");
      await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
      await expect(page).toHaveURL("/search");
      await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    });
  });

  for (const width of [320, 390, 1024, 1920]) {
    test.describe(() => {
      // Phone widths on the phone, the others (with the top bar's box) on the desktop: decided before a page is made.
      test.skip(({ isMobile }) => isMobile !== width < 768, "checked in the other project");
      test(`nothing scrolls sideways at ${width} px with suggestions open`, { tag: "@phone" }, async ({ page }) => {
        await page.setViewportSize({ width, height: 800 });
        await page.goto("/search");
        await hydrated(page);
        const box = page.getByRole("main").getByRole("combobox");
        await box.fill("o ring 20 x 2.5 viton");
        await expect(page.getByRole("listbox").first()).toBeVisible();
        await noOverflow(page);
        if (width >= 768) {
          await page.getByTestId("top-bar").getByRole("combobox").fill("hydraulic pump");
          await noOverflow(page);
        }
      });
    });
  }
});

test.describe("/search page", () => {
  test("shows the same results, with a noindex page that is not in the sitemap", async ({ page, request }) => {
    const response = await page.goto("/search?q=SPZ+1250");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page).toHaveTitle(`Search: SPZ 1250 | ${site.name}`);
    await expect(page.getByTestId("results-part")).toContainText("SPZ1250 looks like a wedge belt");
    await expect(page.getByRole("link", { name: "Ask for a quote for SPZ1250" })).toHaveAttribute(
      "href",
      "/?part=SPZ1250&category=power-transmission#quote",
    );
    await hydrated(page);
    await expectNoAxeViolations(page);
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).not.toContain("/search");
  });

  test("answers odd queries calmly, escaped, and goes through the rate limiter", async ({ request }) => {
    for (const q of ["", "x".repeat(2000), "\u0000\u0001bear\u0007ing", "<script>alert(1)</script>", "%E0%A4%A"]) {
      const response = await request.get(`/search?q=${encodeURIComponent(q)}`);
      expect(response.status(), JSON.stringify(q.slice(0, 20))).toBe(200);
      expect(response.headers().ratelimit).toMatch(/r=\d+/);
      const html = await response.text();
      expect(html).not.toContain("<script>alert(1)</script>");
      if (q.startsWith("<script>")) expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
      if (q.length === 2000) expect(html).toContain("That search was long, so we looked for its first 200 characters.");
      if (q === "") expect(html).toContain("What are you looking for?");
    }
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("the header box is a plain form to /search", { tag: "@phone" }, async ({ page }, testInfo) => {
      await page.goto("/products");
      if (isPhone(testInfo)) await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
      const box = isPhone(testInfo)
        ? page.getByRole("main").getByRole("combobox")
        : page.getByTestId("top-bar").getByRole("combobox");
      await box.fill("nu 206 ecp");
      await box.press("Enter");
      await expect(page).toHaveURL("/search?q=nu+206+ecp");
      await expect(page.getByText("NU206 ECP looks like a cylindrical roller bearing, 30 mm bore")).toBeVisible();
      await expect(page.getByRole("link", { name: /Roller Bearings/ })).toHaveAttribute("href", "/products/bearings");
    });
  });
});

test.describe("open now", () => {
  test("the prerendered HTML shows the hours only, never an open or closed state", async ({ request }) => {
    for (const path of ["/", "/contact"]) {
      const html = await (await request.get(path)).text();
      expect(html).toContain("Mon-Fri 8:30-17:00");
      expect(html).not.toMatch(/Open now|Closes in|Closed ·/);
    }
  });

  test("a weekday morning in summer time: open until 17:00", async ({ page }, testInfo) => {
    await page.clock.setFixedTime(new Date("2026-06-16T09:00:00Z"));
    await page.goto("/contact");
    const card = page.getByTestId("contact-card").first();
    await expect(card.getByTestId("open-now")).toHaveText("Open now · closes 17:00");
    if (!isPhone(testInfo)) await expect(page.getByTestId("top-bar")).toContainText("Open now · closes 17:00");
  });

  test("Saturday 12:35 in summer time: closes in 25 min", async ({ page }) => {
    await page.clock.setFixedTime(new Date("2026-06-20T11:35:00Z"));
    await page.goto("/contact");
    await expect(page.getByTestId("contact-card").first().getByTestId("open-now")).toHaveText("Closes in 25 min");
  });

  test("Christmas Day: closed, in the menu panel too", { tag: "@phone" }, async ({ page }, testInfo) => {
    await page.clock.setFixedTime(new Date("2026-12-25T10:00:00Z"));
    await page.goto("/contact");
    await expect(page.getByTestId("contact-card").first().getByTestId("open-now")).toHaveText(
      "Closed · opens Tue 8:30",
    );
    if (isPhone(testInfo)) {
      await hydrated(page);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(page.getByRole("dialog").getByTestId("open-now")).toHaveText("Closed · opens Tue 8:30");
    }
  });

  test("structured data lists the bank holidays of the next 12 months", async ({ request }) => {
    const html = await (await request.get("/")).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json"[^>]*>(.*?)<\/script>/gs)].map((m) =>
      JSON.parse(m[1] ?? "null"),
    );
    const business = blocks.flat().find((block) => block?.["@type"] === "LocalBusiness");
    expect(business.openingHoursSpecification).toHaveLength(2);
    const special = business.specialOpeningHoursSpecification as { validFrom: string; opens: string }[];
    expect(special.length).toBeGreaterThanOrEqual(8);
    expect(special.every((s) => s.opens === "00:00")).toBe(true);
  });
});
