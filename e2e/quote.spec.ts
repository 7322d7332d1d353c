import { expect, type Page, test } from "@playwright/test";
import { quoteCategories, urgencies } from "#app/content/quote-request.ts";
import { expectNoAxeViolations, hydrated, installClock, pauseClock } from "#e2e/support.ts";

const valid = {
  Name: "Sam Fitter",
  "E-mail": "sam@plant.example",
  Requirements: "2 x 6205-2RS C3 deep groove ball bearings",
};

async function fill(page: Page, values: Record<string, string>) {
  const form = page.locator("#quote");
  for (const [label, value] of Object.entries(values)) await form.getByLabel(label, { exact: false }).fill(value);
}

const submit = (page: Page) => page.locator("#quote").getByRole("button", { name: "Submit Quote Request" }).click();
const toast = (page: Page) => page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");

test.describe("with JavaScript", () => {
  test.beforeEach(async ({ page }) => {
    await page.goto("/#quote");
    await hydrated(page);
    // The form's script loads as it nears the viewport; once running it gives the form its own token.
    await expect(page.locator('#quote input[name="formToken"]')).not.toHaveValue("prerendered-form");
  });

  test("fields, options and defaults", async ({ page }) => {
    const form = page.locator("#quote");
    await expect(form.getByLabel("Name")).toHaveAttribute("required", "");
    await expect(form.getByLabel("E-mail")).toHaveAttribute("type", "email");
    await expect(form.getByLabel("Requirements")).toHaveJSProperty("tagName", "TEXTAREA");
    const category = form.getByLabel("Product category");
    const categoryOptions = await category
      .locator("option")
      .evaluateAll((els) => els.map((el) => [(el as HTMLOptionElement).value, el.textContent]));
    expect(categoryOptions).toEqual([["", "Select a category"], ...quoteCategories.map((c) => [c.value, c.label])]);
    const urgency = form.getByLabel("Urgency");
    await expect(urgency).toHaveValue("standard");
    const urgencyOptions = await urgency
      .locator("option")
      .evaluateAll((els) => els.map((el) => [(el as HTMLOptionElement).value, el.textContent]));
    expect(urgencyOptions).toEqual(urgencies.map((u) => [u.value, u.label]));
    expect(urgencyOptions.map(([, label]) => label)).toEqual([
      "Standard (5-7 days)",
      "Urgent (2-3 days)",
      "Emergency (Same day)",
    ]);
  });

  test("messages under name, e-mail and requirements; focus moves to the first problem", async ({ page }) => {
    await submit(page);
    const form = page.locator("#quote");
    for (const [label, message] of [
      ["Name", "Enter your name"],
      ["E-mail", "Enter an e-mail address like name@company.co.uk"],
      ["Requirements", "Tell us what you need"],
    ] as const) {
      const field = form.getByLabel(label, { exact: true });
      await expect(field).toHaveAttribute("aria-invalid", "true");
      await expect(field).toHaveAccessibleDescription(new RegExp(message));
    }
    await expect(form.getByLabel("Name")).toBeFocused();
    await expectNoAxeViolations(page);
    await form.getByLabel("E-mail").fill("not-an-address");
    await form.getByLabel("E-mail").blur();
    await expect(form.getByLabel("E-mail")).toHaveAccessibleDescription(/name@company\.co\.uk/);
  });

  test("what is typed comes back after a look at another page; a send returns every box to its default", async ({
    page,
  }) => {
    const form = page.locator("#quote");
    const part = form.getByLabel(/^Part number or description/).first();
    const lookElsewhereAndBack = async () => {
      await page.getByRole("contentinfo").getByRole("link", { name: "Sealing Solutions" }).click();
      await expect(page).toHaveURL(/\/products\/sealing-solutions$/);
      await page.goBack();
      await expect(page.locator('#quote input[name="formToken"]')).not.toHaveValue("prerendered-form");
    };
    await fill(page, valid);
    const category = form.getByLabel("Product category");
    await category.selectOption(quoteCategories[0]?.value ?? "");
    await form.getByLabel("Urgency").selectOption("urgent");
    await part.fill("6205-2RS");
    await lookElsewhereAndBack();
    for (const [label, value] of Object.entries(valid)) await expect(form.getByLabel(label)).toHaveValue(value);
    await expect(category).toHaveValue(quoteCategories[0]?.value ?? "");
    await expect(form.getByLabel("Urgency")).toHaveValue("urgent");
    await expect(part).toHaveValue("6205-2RS");
    await submit(page);
    await expect(page.getByTestId("quote-reference")).toHaveText(/^Q-\d{6}-[0-9A-Z]{5}$/);
    await expect(category).toHaveValue("");
    expect(await category.evaluate((select: HTMLSelectElement) => select.selectedOptions[0]?.textContent)).toBe(
      "Select a category",
    );
    await lookElsewhereAndBack();
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(part).toHaveValue("");
  });

  test("a parts line on a phone gives Brand the room and Qty a small box", { tag: "@phone" }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const form = page.locator("#quote");
    const width = async (label: RegExp) => (await form.getByLabel(label).first().boundingBox())?.width ?? 0;
    const [qty, brand] = [await width(/^Qty/), await width(/^Brand/)];
    expect(qty).toBeLessThan(100);
    expect(brand).toBeGreaterThan(qty * 2);
  });

  test("submits: Submitting..., then reset, notice and reference; empty optional fields not sent", {
    tag: "@phone",
  }, async ({ page }) => {
    await fill(page, { ...valid, Company: "Acme Foods" });
    await page.locator("#quote").getByLabel("Urgency").selectOption("urgent");
    let body = "";
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      async (route) => {
        if (route.request().method() !== "POST") return route.continue();
        body = route.request().postData() ?? "";
        await held;
        await route.continue();
      },
    );
    await submit(page);
    const button = page.locator("#quote").getByRole("button", { name: "Submitting..." });
    await expect(button).toBeDisabled();
    await expect(page.locator("#quote").getByLabel("Name")).toBeDisabled();
    await expect(page.locator("#quote").getByLabel("Urgency")).toBeDisabled();
    release();
    await expect(toast(page)).toContainText("Quote Request Submitted");
    await expect(toast(page)).toContainText("We'll respond within 24 hours with your customized quote.");
    await expect(page.getByTestId("quote-reference")).toHaveText(/^Q-\d{6}-[0-9A-Z]{5}$/);
    const form = page.locator("#quote");
    await expect(form.getByLabel("Name")).toHaveValue("");
    await expect(form.getByLabel("Company")).toHaveValue("");
    await expect(form.getByLabel("Urgency")).toHaveValue("standard");
    await expect(form.getByRole("button", { name: "Submit Quote Request" })).toBeEnabled();
    const sent = new URLSearchParams(body);
    expect(sent.get("company")).toBe("Acme Foods");
    expect(sent.get("urgency")).toBe("urgent");
    expect(sent.has("phone")).toBe(false);
    expect(sent.has("category")).toBe(false);
    await expectNoAxeViolations(page);
  });

  for (const failure of ["network error", "server error"] as const) {
    test(`a ${failure} keeps the contents and shows the failure notice`, async ({ page }) => {
      await page.route(
        (url) => url.pathname.endsWith(".data"),
        (route) =>
          route.request().method() !== "POST"
            ? route.continue()
            : failure === "network error"
              ? route.abort("connectionreset")
              : route.fulfill({ status: 500, body: "Internal Server Error" }),
      );
      await fill(page, valid);
      await submit(page);
      await expect(toast(page)).toContainText("Submission Failed");
      await expect(toast(page)).toContainText("Failed to submit quote request. Please try again.");
      const form = page.locator("#quote");
      await expect(form.getByLabel("Name")).toHaveValue(valid.Name);
      await expect(form.getByLabel("Requirements")).toHaveValue(valid.Requirements);
      await expect(form.getByRole("button", { name: "Submit Quote Request" })).toBeEnabled();
    });
  }

  test("one notice at a time; it closes after 5000 ms; F8 focuses the notifications", async ({ page }) => {
    await installClock(page);
    await page.reload();
    await hydrated(page);
    await expect(page.locator('#quote input[name="formToken"]')).not.toHaveValue("prerendered-form");
    await page.route(
      (url) => url.pathname.endsWith(".data"),
      (route) => (route.request().method() === "POST" ? route.abort("failed") : route.continue()),
    );
    await pauseClock(page);
    await fill(page, valid);
    await submit(page);
    await expect(toast(page)).toHaveCount(1);
    // At the foot of the screen (inside its 1rem margin), not of the section the form is in.
    const gap = await toast(page).evaluate((first) => window.innerHeight - first.getBoundingClientRect().bottom);
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThanOrEqual(16);
    await toast(page).evaluate((first) => first.setAttribute("data-first", ""));
    // The second notice replaces the first, and its 5000 ms start now.
    await submit(page);
    await expect(page.locator("[data-first]")).toHaveCount(0);
    await expect(toast(page)).toHaveCount(1);
    await page.keyboard.press("F8");
    const region = page.getByRole("region", { name: "Notifications (F8)" });
    await expect.poll(() => region.evaluate((el) => el.contains(document.activeElement))).toBe(true);
    await page.locator("#quote").getByLabel("Name").focus();
    await page.clock.runFor(4999);
    await expect(toast(page)).toHaveCount(1);
    await page.clock.runFor(1);
    await expect(toast(page)).toHaveCount(0);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a valid request is stored and acknowledged with its reference", { tag: "@phone" }, async ({ page }) => {
    await page.goto("/");
    await fill(page, valid);
    await page.locator("#quote").getByLabel("Urgency").selectOption("emergency");
    await submit(page);
    await expect(page.locator("#quote").getByRole("status")).toContainText("Quote Request Submitted");
    await expect(page.getByTestId("quote-reference")).toHaveText(/^Q-\d{6}-[0-9A-Z]{5}$/);
    // The answer opens at its outcome, not at the top of the page far above it.
    await expect(page.locator("#quote").getByRole("status")).toBeInViewport();
    await expect(page.getByTestId("quote-reference")).toBeInViewport();
  });

  test("errors come back with the values kept", async ({ page }) => {
    await page.goto("/");
    const form = page.locator("#quote");
    await form.getByLabel("Name").fill("Sam Fitter");
    await form.getByLabel("E-mail").fill("sam@plant.example");
    await form.getByLabel("Requirements").fill("   ");
    // The browser's own checks pass (whitespace), so the server answers with its message.
    await submit(page);
    await expect(form.getByLabel("Requirements")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Tell us what you need", { exact: true })).toBeVisible();
    await expect(form.getByLabel("Name")).toHaveValue("Sam Fitter");
    await expect(form.getByLabel("E-mail")).toHaveValue("sam@plant.example");
    // The first problem has the focus and is on the first screen.
    await expect(form.getByLabel("Requirements")).toBeFocused();
    await expect(form.getByLabel("Requirements")).toBeInViewport();
  });
});

test("a request sent before the page's scripts start opens at its outcome", async ({ page }) => {
  // The scripts are held back while the buyer fills the form, as on a slow phone connection.
  await page.route(/\.js(\?|$)/, (route) => route.abort());
  await page.goto("/");
  await fill(page, valid);
  await page.unroute(/\.js(\?|$)/);
  await submit(page);
  await expect(page.getByTestId("quote-reference")).toHaveText(/^Q-\d{6}-[0-9A-Z]{5}$/);
  await hydrated(page);
  await expect(page.locator("#quote").getByRole("status")).toBeInViewport();
});

test("the form's script waits until the visitor nears the form", async ({ page }) => {
  const loaded: string[] = [];
  page.on("request", (request) => {
    if (/\/assets\/quote-form-[\w-]+\.js$/.test(request.url())) loaded.push(request.url());
  });
  await page.goto("/");
  await hydrated(page);
  expect(loaded).toEqual([]);
  await page.locator("#quote").scrollIntoViewIfNeeded();
  await expect.poll(() => loaded.length).toBe(1);
  await expect(page.locator('#quote input[name="formToken"]')).not.toHaveValue("prerendered-form");
});

test("the form comes alive with a token the server signed, fetched uncached", async ({ page }) => {
  const tokenRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/form-token") tokenRequests.push(request.url());
  });
  await page.goto("/#quote");
  await hydrated(page);
  await expect(page.locator('#quote input[name="formToken"]')).toHaveValue(/^[0-9a-z]+\.[\w-]{16}\.[\w-]{22}$/);
  expect(tokenRequests).toHaveLength(1);
});
