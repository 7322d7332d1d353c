import { expect as baseExpect, type Locator, type Page, test } from "@playwright/test";
import { createFirstAdmin, type DeskServer, postRequest, startDeskServer } from "#e2e/desk-server.ts";
import { checkPage, hydrated } from "#e2e/support.ts";

// The quotation editor as a sales rep uses it: ten lines, filled by keyboard alone. The test sets its own
// widths (1280 px, then 320 to 1920 px), so it runs once, in the desktop project.
// Every save reloads the page from the production server; on a busy machine that takes more than 5 s.
const expect = baseExpect.configure({ timeout: 30_000 });
let server: DeskServer;
test.describe.configure({ timeout: 600_000 });
test.beforeEach(async ({ page }) => {
  server = await startDeskServer();
  await createFirstAdmin(page, server);
});
test.afterEach(async () => {
  await server?.stop();
});

/** The buyer's parts list, each typed into the one box of the quote form, and the price the rep gives it. */
const buyerLines = [
  ["6205-2RS SKF x10", "6.45"],
  ["Nitrile gloves size 9 x 20 boxes", "7.50"],
  ["SPA1250 wedge belt", "11.20"],
  ["45x62x8 oil seal", "9,60"],
  ["UCP206 pillow block", "23.00"],
  ["M10x30 bolt", "0.18"],
  ["Gates 8M-1200-30 timing belt x 3", "54.90"],
  ["Loctite 243 threadlocker 50ml x 6", "POA"],
  ["Bearing 6310 C3 FAG x 2", "60000"],
  ["10 off M12 nyloc nuts", "0.06"],
] as const;

async function requestWithTenLines(page: Page) {
  const fields: Record<string, string> = {
    customerName: "Robin Buyer",
    email: "robin@plant.example",
    company: "Severn Foods Ltd",
    requirements: "Spares for the bottling line; please give lead times.",
    urgency: "urgent",
  };
  buyerLines.forEach(([part], i) => {
    fields[`lines[${i}].part`] = part;
    fields[`lines[${i}].quantity`] = "1";
  });
  const reference = await postRequest(page, server, fields);
  return reference;
}

const box = (page: Page, line: number, column: string) => page.getByLabel(`Line ${line} ${column}`, { exact: true });

/** Presses Tab until `target` has the focus, as a keyboard user would, at most `limit` times. */
async function tabTo(page: Page, target: Locator, limit = 120) {
  for (let i = 0; i < limit; i++) {
    if (await target.evaluate((element) => element === document.activeElement)) return;
    await page.keyboard.press("Tab");
  }
  await expect(target).toBeFocused();
}

/** The answer sits right under the button that asked for it (within 40 px) and has the focus. */
async function expectAnswerBeside(page: Page, button: Locator, text: string | RegExp) {
  const answer = page.locator("#editor-answer");
  await expect(answer).toBeFocused();
  await expect(answer).toContainText(text);
  const [below, above] = [await answer.boundingBox(), await button.boundingBox()];
  const gap = (below?.y ?? 0) - ((above?.y ?? 0) + (above?.height ?? 0));
  expect(gap).toBeGreaterThanOrEqual(0);
  expect(gap).toBeLessThanOrEqual(40);
}

/** Tab along one row from its part number: part, description, brand, qty, unit price, availability, More. */
async function fillRow(page: Page, line: number, price: string) {
  await expect(box(page, line, "Part")).toBeFocused();
  for (const column of ["Description", "Brand", "Qty", "Unit price"]) {
    await page.keyboard.press("Tab");
    await expect(box(page, line, column)).toBeFocused();
  }
  await page.keyboard.type(price);
  await page.keyboard.press("Tab");
  await expect(box(page, line, "Availability")).toBeFocused();
  if (line === 3) {
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Tab");
    await expect(box(page, line, "Working days")).toBeFocused();
    await page.keyboard.type("3");
  }
  await page.keyboard.press("Tab");
  await expect(page.getByRole("group", { name: `Line ${line}`, exact: true }).getByText("More")).toBeFocused();
  await page.keyboard.press("Tab");
}

test("a 10-line request is priced in the grid by keyboard alone, saved, and sent after confirming an unusual figure", async ({
  page,
}) => {
  const reference = await requestWithTenLines(page);
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(`${server.url}/desk/quotes/${reference}/quotation`);
  await hydrated(page);
  // The buyer's lines are split into part, brand, description and quantity, never repeating one another.
  await expect(page.getByRole("group", { name: /^Line \d+$/ })).toHaveCount(10);
  await expect(box(page, 1, "Part")).toHaveValue("6205-2RS");
  await expect(box(page, 1, "Brand")).toHaveValue("SKF");
  await expect(box(page, 1, "Qty")).toHaveValue("10");
  await expect(box(page, 1, "Description")).toHaveValue("");
  await expect(box(page, 2, "Description")).toHaveValue("Nitrile gloves size 9 (boxes)");
  await expect(box(page, 2, "Qty")).toHaveValue("20");
  await expect(box(page, 6, "Part")).toHaveValue("M10x30");
  // The buyer's request is beside the lines, and the page is about two screens high, not seven.
  await expect(page.getByRole("complementary", { name: "The buyer's request" })).toContainText("10 off M12 nyloc nuts");
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  console.log(`The 10-line quotation page is ${height} px high at 1280 × 800.`);
  expect(height).toBeLessThanOrEqual(2000);
  await checkPage(page, { alsoAtPhoneWidth: true });
  for (const width of [320, 390, 1024, 1920]) {
    await page.setViewportSize({ width, height: 800 });
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // A colleague opens the same quotation before this one is saved.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await hydrated(other);

  // Enter in a box does nothing: no post, and the keyboard carries on along the row.
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  await box(page, 1, "Part").focus();
  for (const [i, [, price]] of buyerLines.entries()) await fillRow(page, i + 1, price);
  await box(page, 1, "Unit price").focus();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await expect(box(page, 1, "Availability")).toBeFocused();
  await expect(box(page, 1, "Unit price")).toHaveValue("6.45");
  expect(posts).toEqual([]);
  await expect(page.locator("#editor-answer")).toHaveCount(0);

  // Save: the answer is under the button and has the focus; "9,60" is named on its box, with a link to it.
  const save = page.getByRole("button", { name: "Save draft" });
  await tabTo(page, save);
  await page.keyboard.press("Enter");
  await expectAnswerBeside(page, save, "Draft saved. But one box needs attention.");
  await expect(page.locator("#editor-answer")).toContainText("Line 4 unit price: Use a point for pence, like 9.60");
  await expect(box(page, 4, "Unit price")).toHaveAttribute("aria-invalid", "true");
  await expect(box(page, 4, "Unit price")).toHaveAccessibleDescription(/Use a point for pence, like 9\.60/);
  await expect(box(page, 4, "Unit price")).toHaveValue("9,60");
  await hydrated(page);
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Line 4 unit price" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(box(page, 4, "Unit price")).toBeFocused();
  await page.keyboard.press("ControlOrMeta+A");
  await page.keyboard.type("9.60");
  await tabTo(page, save);
  await page.keyboard.press("Enter");
  await expectAnswerBeside(page, save, "Draft saved.");
  await expect(page.locator("#editor-answer")).toHaveText("Draft saved.");
  await expect(page.getByRole("group", { name: "Line 1", exact: true }).locator("[data-line-total]")).toHaveText(
    "£64.50",
  );
  await expect(page.getByRole("region", { name: "Totals as saved" })).toContainText(
    "One line is POA and not included.",
  );

  // The colleague's save is refused next to their Save button, naming who saved first.
  await box(other, 5, "Description").focus();
  await other.keyboard.press("ControlOrMeta+End");
  await other.keyboard.type(", cast iron");
  const otherSave = other.getByRole("button", { name: "Save draft" });
  await tabTo(other, otherSave);
  await other.keyboard.press("Enter");
  await expectAnswerBeside(other, otherSave, "Alex Admin saved this quotation");
  await expect(box(other, 5, "Description")).toHaveValue("pillow block, cast iron");
  await other.close();

  // Send asks, next to the button, listing what is unusual; "Send anyway" sends it.
  await hydrated(page);
  const send = page.getByRole("button", { name: "Send…" });
  await page.keyboard.press("Shift+Tab");
  await expect(send).toBeFocused();
  await page.keyboard.press("Enter");
  await expectAnswerBeside(page, send, "Send this quotation to robin@plant.example?");
  const question = page.getByTestId("confirm-send");
  await expect(question).toContainText("Line 9 (6310 C3) comes to £120,000.00.");
  await expect(question).toContainText("including VAT.");
  await checkPage(page);
  // The Cc box comes before the button that sends.
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Cc (optional)")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Send anyway" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: reference, level: 1 })).toBeVisible();
  await expect(page.getByRole("status").first()).toHaveText(`Quotation ${reference}/1 is on its way to the buyer.`);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Enter in a box only saves the draft, the answer is scrolled to, and Send asks before it sends", async ({
    page,
  }) => {
    const reference = await requestWithTenLines(page);
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${server.url}/desk/quotes/${reference}/quotation`);
    await box(page, 9, "Unit price").fill("60000");
    await box(page, 10, "Qty").focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/quotation#editor-answer$/);
    await expect(page.locator("#editor-answer")).toHaveText("Draft saved.");
    await expect(page.locator("#editor-answer")).toBeInViewport();
    await expect(page.getByRole("group", { name: /^Line \d+$/ })).toHaveCount(10);
    await expect(page.getByTestId("confirm-send")).toHaveCount(0);
    await expect(box(page, 9, "Unit price")).toHaveValue("60000");
    // The lead time box shows for "Working days" by CSS alone.
    await expect(box(page, 3, "Working days")).toBeHidden();
    await box(page, 3, "Availability").selectOption("days");
    await expect(box(page, 3, "Working days")).toBeVisible();
    await box(page, 3, "Working days").fill("3");
    for (const [i, [, price]] of buyerLines.entries())
      if (i !== 8) await box(page, i + 1, "Unit price").fill(price === "9,60" ? "9.60" : price);
    await page.getByRole("button", { name: "Send…" }).click();
    await expect(page).toHaveURL(/#editor-answer$/);
    await expect(page.getByTestId("confirm-send")).toContainText("Line 9 (6310 C3) comes to £120,000.00.");
    await expect(page.getByTestId("confirm-send")).toBeInViewport();
    await page.getByRole("button", { name: "Send anyway" }).click();
    await expect(page.getByRole("heading", { name: reference, level: 1 })).toBeVisible();
    await expect(page.getByText(`Quotation ${reference}/1 is on its way to the buyer.`)).toBeVisible();
  });
});
