import { expect, type Page, type Request, type TestInfo, test } from "@playwright/test";
import { decodeMailto, expectNoAxeViolations, hydrated, isPhone, routes, site } from "#e2e/support.ts";

test.describe("every route", () => {
  for (const route of routes) {
    test(`${route.path} answers 200 with its heading in the server HTML`, { tag: "@api" }, async ({ request }) => {
      const response = await request.get(route.path, { maxRedirects: 0 });
      expect(response.status()).toBe(200);
      const html = await response.text();
      expect(html).toMatch(new RegExp(`<h1[^>]*>${route.heading.replace("&", "&amp;").replace(".", "\\.")}`));
    });
  }

  for (const path of ["/nope", "/products/widgets"]) {
    test(`${path} answers 404 with the spec's texts`, async ({ page }) => {
      const response = await page.goto(path);
      expect(response?.status()).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "404 Page Not Found" })).toBeVisible();
      await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
      await expect(page).toHaveTitle("404 Page Not Found");
      await expectNoAxeViolations(page);
    });
  }
});

test("headers: security, caching and no trailing-slash redirect", { tag: "@api" }, async ({ request }) => {
  // Prerendered pages: the same bytes for everyone, scripts allowed by hash (server/pages.test.ts checks each).
  const home = await request.get("/");
  const headers = home.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src 'self' 'strict-dynamic' 'sha256-/);
  expect(headers["content-security-policy"]).not.toMatch(/script-src[^;]*(unsafe-inline|nonce-)/);
  for (const directive of ["frame-ancestors 'none'", "object-src 'none'", "base-uri 'none'"]) {
    expect(headers["content-security-policy"]).toContain(directive);
  }
  expect(headers["strict-transport-security"]).toMatch(/max-age=31536000/);
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  expect(headers["x-powered-by"]).toBeUndefined();
  expect(headers["cache-control"]).toBe("no-cache");
  expect(headers.etag).toBeTruthy();
  const html = await home.text();
  expect(html).not.toContain("nonce=");

  const asset = html.match(/\/assets\/[\w.-]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const assetResponse = await request.get(asset as string);
  expect(assetResponse.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");

  const products = await request.get("/products", { maxRedirects: 0 });
  expect(products.status()).toBe(200);
  const second = await request.get("/");
  expect(second.headers()["content-security-policy"]).toBe(headers["content-security-policy"]);

  // Server-rendered responses carry a fresh nonce on every response.
  const missing = await request.get("/no-such-page");
  const policy = missing.headers()["content-security-policy"];
  const nonce = policy?.match(/'nonce-([^']+)'/)?.[1];
  expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
  expect(await missing.text()).toContain(`nonce="${nonce}"`);
  expect((await request.get("/no-such-page")).headers()["content-security-policy"]).not.toBe(policy);
});

test("health check and body limit", { tag: "@api" }, async ({ request }) => {
  expect(await (await request.get("/healthz")).json()).toMatchObject({ status: "ok" });
  const big = await request.post("/", { data: "x".repeat(200_000), headers: { "content-type": "text/plain" } });
  expect(big.status()).toBe(413);
});

test.describe("header", () => {
  test("navigation order and targets", { tag: "@phone" }, async ({ page }, testInfo) => {
    await page.goto("/products");
    await hydrated(page);
    if (isPhone(testInfo)) await page.getByRole("button", { name: "Open menu" }).click();
    const nav = page.getByRole("navigation", { name: "Main" });
    const links = nav.getByRole("link");
    await expect(links).toHaveText(["Home", "About", "Products", "Services", "Contact"]);
    const hrefs = await links.evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    expect(hrefs).toEqual(["/#home", "/#about", "/products", "/services", "/contact"]);
    await expect(nav.getByRole("link", { name: "Products" })).toHaveAttribute("aria-current", "page");
  });

  test(
    "top bar shows phone, e-mail and hours from md up, and is hidden on phones",
    { tag: "@phone" },
    async ({ page }, testInfo) => {
      await page.goto("/services");
      const bar = page.getByTestId("top-bar");
      if (isPhone(testInfo)) {
        await expect(bar).toBeHidden();
        return;
      }
      await expect(bar.getByRole("link", { name: `Call us on ${site.phoneDisplay}` })).toHaveAttribute(
        "href",
        `tel:${site.phoneTel}`,
      );
      await expect(bar.getByRole("link", { name: `E-mail us at ${site.email}` })).toHaveAttribute(
        "href",
        `mailto:${site.email}`,
      );
      await expect(bar).toContainText("Mon-Fri 8:30-17:00, Sat 9:00-13:00");
    },
  );

  test(
    "Request an Account opens a prefilled e-mail; Request Quote goes to /#quote",
    { tag: "@phone" },
    async ({ page }, testInfo) => {
      await page.goto("/services");
      await hydrated(page);
      let scope = page.getByRole("banner");
      if (isPhone(testInfo)) {
        await page.getByRole("button", { name: "Open menu" }).click();
        scope = page.getByRole("dialog");
      }
      const account = await scope.getByRole("link", { name: "Request an Account" }).getAttribute("href");
      const mail = decodeMailto(account as string);
      expect(mail.to).toBe(site.email);
      expect(mail.subject).toBe("Account application");
      expect(mail.body).toMatch(/business account/);
      expect(mail.body).toMatch(/setup information/);
      await scope.getByRole("link", { name: "Request Quote" }).click();
      await expect(page).toHaveURL("/#quote");
      await expect(page.locator("#quote")).toBeInViewport();
    },
  );

  test(
    "Home and About glide to their sections on the home page and from other pages",
    { tag: "@phone" },
    async ({ page }, testInfo) => {
      const choose = (name: string) => chooseInMenu(page, testInfo, name);
      await page.goto("/contact");
      await hydrated(page);
      await choose("About");
      await expect(page).toHaveURL("/#about");
      await expect(page.locator("#about")).toBeInViewport();
      await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      await choose("About");
      await expect(page.locator("#about")).toBeInViewport();
      await choose("Home");
      await expect(page).toHaveURL("/#home");
      await expect.poll(() => page.evaluate(() => window.scrollY)).toBeLessThan(200);
    },
  );
});

/** A link of the main navigation: in the header on a wide screen, in the menu on a phone. */
async function chooseInMenu(page: Page, testInfo: TestInfo, name: string) {
  if (isPhone(testInfo)) {
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
  } else {
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name }).click();
  }
}

test.describe("a section glided to", () => {
  /**
   * Records whether the page's last scroll has ended (a scrollend after its last scroll event): the glide's
   * end, after which the page holds the section.
   */
  const watchScrolls = (page: Page) =>
    page.addInitScript(() => {
      const scrolling = { settled: true };
      Object.assign(window, { scrolling });
      window.addEventListener("scroll", () => {
        scrolling.settled = false;
      });
      window.addEventListener("scrollend", () => {
        scrolling.settled = true;
      });
    });
  const scrollSettled = (page: Page) =>
    page.evaluate(() => (window as unknown as { scrolling: { settled: boolean } }).scrolling.settled);
  /** How far the section's top is from where a glide puts it, in px. */
  const offTarget = (page: Page) =>
    page
      .locator("#about")
      .evaluate((el) =>
        Math.round(el.getBoundingClientRect().top - (Number.parseFloat(getComputedStyle(el).scrollMarginTop) || 0)),
      );
  /** The page above the section grows, as a section laid out only as it comes near does; then two frames pass. */
  const growAbove = (page: Page) =>
    page.evaluate(async () => {
      const spacer = document.createElement("div");
      spacer.style.height = "400px";
      document.getElementById("about")?.before(spacer);
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    });

  test("is held while the page above it grows, and let go once the visitor scrolls away by the scrollbar", async ({
    page,
  }, testInfo) => {
    await watchScrolls(page);
    await page.goto("/");
    await hydrated(page);
    await chooseInMenu(page, testInfo, "About");
    // The router's own jump to the hash comes first and ends a scroll too: the page's glide has begun once it
    // moves focus to the section, and has ended once the section is in place and the scroll has settled.
    await expect(page.locator("#about")).toBeFocused();
    await expect
      .poll(async () => ({ offTarget: await offTarget(page), settled: await scrollSettled(page) }))
      .toEqual({ offTarget: 0, settled: true });
    await growAbove(page);
    expect(await offTarget(page), "held in place").toBe(0);
    // A dragged scrollbar moves the page with no wheel, touch, pointer or key event.
    await page.evaluate(() => window.scrollTo(0, 0));
    await growAbove(page);
    expect(await page.evaluate(() => window.scrollY), "left where the visitor scrolled").toBe(0);
  });
});

test.describe("mobile menu", { tag: "@phone" }, () => {
  // Decided before a page is made: a skipped test costs the desktop project no browser context.
  test.skip(({ isMobile }) => !isMobile, "phone layout only");

  test("slides in from the right, traps focus and closes on Escape", async ({ page }) => {
    await page.goto("/products");
    await hydrated(page);
    const trigger = page.getByRole("button", { name: "Open menu" });
    await trigger.click();
    const panel = page.getByRole("dialog", { name: "Menu" });
    await expect(panel).toBeVisible();
    // Once it has slid in, the panel is flush with the right edge and leaves part of the page visible.
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return box ? [Math.round(box.x + box.width), box.x > 0] : null;
      })
      .toEqual([390, true]);
    await expectNoAxeViolations(page);
    for (let i = 0; i < 15; i++) await page.keyboard.press("Tab");
    expect(await panel.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await expect(trigger).toBeFocused();
  });

  test("a tap opens it before, while and after the page's script starts, on a slow phone", async ({ page }) => {
    test.setTimeout(240_000);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    const menu = page.getByRole("dialog", { name: "Menu" });
    // Taps spread over the page's first 2.5 s: before its script, while it starts and after.
    for (const delay of [0, 100, 200, 300, 450, 600, 750, 900, 1100, 1300, 1600, 2000, 2500]) {
      await page.goto("/products", { waitUntil: "commit" });
      await page.waitForTimeout(delay);
      await page.getByRole("button", { name: "Open menu" }).click();
      await expect(menu, `a tap ${delay} ms into the page`).toBeVisible();
      // The panel is still there once the script has started.
      await hydrated(page);
      await page.waitForTimeout(300);
      await expect(menu, `a tap ${delay} ms into the page, after start-up`).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
    }
  });

  test("closes when an item is chosen", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("dialog").getByRole("link", { name: "Services" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page).toHaveURL("/services");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Services & Added Value");
  });
});

test.describe("mobile menu without JavaScript", { tag: "@phone" }, () => {
  test.use({ javaScriptEnabled: false });
  // Decided before a page is made: a skipped test costs the desktop project no browser context.
  test.skip(({ isMobile }) => !isMobile, "phone layout only");

  test("the button opens the same panel, which closes and leads on", async ({ page }) => {
    await page.goto("/products");
    await page.getByRole("button", { name: "Open menu" }).click();
    const panel = page.getByRole("dialog", { name: "Menu" });
    await expect(panel).toBeVisible();
    expect(await panel.boundingBox()).toMatchObject({ y: 0, height: 844 });
    // The panel slides in: its right edge is read once it has arrived.
    await expect
      .poll(async () => {
        const box = await panel.boundingBox();
        return Math.round((box?.x ?? 0) + (box?.width ?? 0));
      })
      .toBe(390);
    await panel.getByRole("button", { name: "Close menu" }).click();
    await expect(panel).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await page.keyboard.press("Escape");
    await expect(panel).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await panel.getByRole("link", { name: "Services" }).click();
    await expect(page).toHaveURL("/services");
    await expect(page.getByRole("dialog")).toBeHidden();
  });
});

test.describe("footer", () => {
  test("links to products, services, about and all eight categories", async ({ page }) => {
    await page.goto("/contact");
    const footer = page.getByRole("contentinfo");
    const hrefs = await footer.getByRole("link").evaluateAll((els) => els.map((el) => el.getAttribute("href")));
    for (const href of [
      "/products",
      "/services",
      "/#about",
      "/products/bearings",
      "/products/sealing-solutions",
      "/products/power-transmission",
      "/products/fluid-power",
      "/products/drives-pumps",
      "/products/tools-maintenance",
      "/products/industrial-electrical",
      "/products/ppe-safety",
    ]) {
      expect(hrefs).toContain(href);
    }
    await expect(footer).toContainText(site.tradeCounter.locality);
    await expect(footer).toContainText(`Company No. ${site.companyNumber}`);
    await expect(footer).toContainText(`VAT No. ${site.vatNumber}`);
    await expect(footer).toContainText(`© ${new Date().getFullYear()} ${site.name}`);
    await expect(footer).toContainText("Mon-Fri 8:30-17:00");
    await expect(footer).toContainText("Sat 9:00-13:00");
  });

  test("its buttons take the visitor to the home quote and contact sections", async ({ page }) => {
    await page.goto("/services");
    await hydrated(page);
    const footer = page.getByRole("contentinfo");
    await footer.getByRole("link", { name: "Request Quote" }).click();
    await expect(page).toHaveURL("/#quote");
    await expect(page.locator("#quote")).toBeInViewport();
    await page.getByRole("contentinfo").getByRole("link", { name: "Contact Details" }).click();
    await expect(page).toHaveURL("/#contact");
    await expect(page.locator("#contact")).toBeInViewport();
  });
});

test("skip link is the first focusable element and moves focus to the content", async ({ page }) => {
  await page.goto("/products");
  await hydrated(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(page.locator("main")).toBeFocused();
});

test("catalogue pages open at the top after navigation", async ({ page }) => {
  await page.goto("/products");
  await hydrated(page);
  await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
  await page.getByRole("contentinfo").getByRole("link", { name: "Fluid Power" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fluid Power" })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});

test("links in the pages' static parts move within the app, and leave new tabs to the browser", async ({ page }) => {
  await page.goto("/products");
  await hydrated(page);
  // A value kept in the page survives a move within the app, and is gone after a full load.
  await page.evaluate(() => Object.assign(window, { sameDocument: true }));
  const stillHere = () => page.evaluate(() => "sameDocument" in window);
  await page.getByRole("link", { name: "View Full Range" }).first().click();
  await expect(page.getByRole("heading", { level: 1, name: "Bearings" })).toBeVisible();
  expect(await stillHere()).toBe(true);
  await page.getByRole("link", { name: "Back to Products" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Our Product Range" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Services" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Services & Added Value" })).toBeVisible();
  expect(await stillHere()).toBe(true);
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Our Product Range" })).toBeVisible();
  // A click with Control (or a middle click) is the browser's: a new tab, this page untouched.
  const opened = page.context().waitForEvent("page");
  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: "Contact", exact: true })
    .click({ modifiers: ["Control"] });
  const tab = await opened;
  await tab.waitForLoadState();
  expect(new URL(tab.url()).pathname).toBe("/contact");
  await tab.close();
  await expect(page).toHaveURL("/products");
  expect(await stillHere()).toBe(true);
});

type ScrollProbe = { scrollAtLoad: number };

test("a page reloaded or returned to opens where the visitor left it, before its script runs", async ({ page }) => {
  await page.addInitScript(() => {
    addEventListener("load", () => {
      (window as unknown as ScrollProbe).scrollAtLoad = window.scrollY;
    });
  });
  const probe = () =>
    page.evaluate(() => ({ scrollAtLoad: (window as unknown as ScrollProbe).scrollAtLoad, y: window.scrollY }));
  await page.goto("/products");
  await hydrated(page);
  await page.getByRole("contentinfo").scrollIntoViewIfNeeded();
  const left = (await probe()).y;
  expect(left).toBeGreaterThan(500);

  await page.reload();
  await hydrated(page);
  // Put back by the inline script, before the load event and the deferred boot.
  expect(await probe()).toMatchObject({ scrollAtLoad: left, y: left });

  await page.getByRole("contentinfo").getByRole("link", { name: "Fluid Power" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Fluid Power" })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Our Product Range" })).toBeVisible();
  await expect.poll(async () => (await probe()).y).toBe(left);
});

test("every page starts with at most four scripts, and hydrates without an error", async ({ page }) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  for (const { path } of routes) {
    const scripts = new Set<string>();
    const count = (request: Request) => {
      if (request.resourceType() === "script") scripts.add(new URL(request.url()).pathname);
    };
    page.on("request", count);
    await page.goto(path);
    await hydrated(page);
    // The opening state is worked out only in the browser, once the page has hydrated.
    await expect(page.getByTestId("open-now").first()).toHaveText(/Open now|Closes in|Closed/);
    page.off("request", count);
    expect([...scripts], path).not.toHaveLength(0);
    expect([...scripts].length, `${path}: ${[...scripts].join(", ")}`).toBeLessThanOrEqual(4);
    expect(errors, path).toEqual([]);
  }
});

// Tagged @quiet: `npm test` runs it alone, after every other test, since a second browser on the same cores would
// be measured too; its project (playwright.config.ts) measures it on a phone, in the browser as a buyer's runs pages.
test("after the page has loaded, no task blocks a 4× slower CPU for more than 100 ms @quiet", async ({ page }) => {
  test.setTimeout(300_000);
  const cdp = await page.context().newCDPSession(page);
  // Playwright turns on the Runtime domain but not the Debugger; in that state V8 reads a script's source again
  // while it runs, ~100 ms on the shared chunk that neither a buyer's browser nor Lighthouse (which has both
  // on) ever pays. With the Debugger on, what is measured is the page's own work.
  await cdp.send("Debugger.enable");
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.addInitScript(() => {
    const tasks: { start: number; duration: number }[] = [];
    Object.assign(window, { longTasks: tasks });
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: true });
  });
  /** The long tasks (≥ 50 ms) after the load event of one visit to `path`, in ms. */
  const visit = async (path: string) => {
    await page.goto(path);
    await hydrated(page);
    await page.waitForTimeout(1500);
    return page.evaluate(() => {
      const [navigation] = performance.getEntriesByType("navigation") as PerformanceNavigationTiming[];
      const tasks = (window as unknown as { longTasks: { start: number; duration: number }[] }).longTasks;
      return tasks
        .filter((task) => task.start >= (navigation?.loadEventEnd ?? 0))
        .map((task) => Math.round(task.duration));
    });
  };
  // The page's own work, measured as a buyer who comes back lives through it. The first visit of a page in this
  // browser is not counted: its tasks are the browser's (a new process, scripts compiled without a code cache,
  // measured cold by `npm run bench:lighthouse`). Then the median of three visits, as Lighthouse takes: one stall
  // of the machine running the tests is not the page's. Two visits that agree decide that median, so the third
  // is made only when they do not (a third of this test's minutes).
  const slowPages: string[] = [];
  for (const { path } of routes) {
    await visit(path);
    const visits: number[][] = [];
    const over = () => visits.filter((tasks) => Math.max(0, ...tasks) > 100).length;
    while (over() < 2 && visits.length - over() < 2) visits.push(await visit(path));
    // The figures, printed when the test passes too: how close to the limit each page came.
    console.log(`${path}: longest task after load ${visits.map((tasks) => Math.max(0, ...tasks)).join(", ")} ms`);
    if (over() >= 2)
      slowPages.push(`${path}: long tasks ${visits.map((tasks) => `[${tasks.join(", ")}]`).join(" ")} ms`);
  }
  expect(slowPages).toEqual([]);
});
