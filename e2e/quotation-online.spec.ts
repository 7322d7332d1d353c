import fs from "node:fs";
import path from "node:path";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { desc } from "drizzle-orm";
import PostalMime from "postal-mime";
import { onlineQuotationText } from "#app/content/online-quotation.ts";
import { sweepQuotations } from "#app/request/expiry.server.ts";
import { openDatabase } from "#db/client.server.ts";
import { outbox } from "#db/schema.ts";
import type { Db } from "#db/types.ts";
import { createFirstAdmin, type DeskServer, postRequest, startDeskServer } from "#e2e/desk-server.ts";
import { findOverflow, layoutWidths } from "#e2e/layout-check.ts";
import { checkPage, expectNoAxeViolations, hydrated } from "#e2e/support.ts";

// The buyer's side of a quotation: the page its e-mail links to, accepting it with a PO or declining it,
// and the desk seeing it opened, accepted and confirmed as Won by a person.

let server: DeskServer;
test.describe.configure({ timeout: 300_000 });
test.beforeEach(async () => {
  server = await startDeskServer();
});
test.afterEach(async () => {
  await server?.stop();
});

/** The desk, signed in as its first admin, in a browser context of its own (the buyer has none). */
async function openDesk(browser: Browser) {
  const desk = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await createFirstAdmin(desk, server);
  return desk;
}

/**
 * A request with one line, taken on by Alex and quoted at £6.45 each (£25.80 net) for the buyer's enquiry
 * ENQ-5521, valid until `validUntil` when given; returns its reference.
 */
async function quotedRequest(desk: Page, validUntil?: string) {
  const fields = {
    customerName: "Robin Buyer",
    email: "robin@plant.example",
    company: "Severn Foods Ltd",
    requirements: "Bearings for the bottling line",
    "lines[0].part": "6205-2RS",
    "lines[0].quantity": "4",
    "lines[0].brand": "SKF",
  };
  const reference = await postRequest(desk, server, fields);
  await desk.goto(`${server.url}/desk/quotes/${reference}`);
  await desk.getByRole("button", { name: "Take it" }).click();
  await expect(desk.getByRole("status").first()).toHaveText("It is yours now.");
  await desk.getByRole("link", { name: "Prepare a quotation" }).click();
  await desk.getByLabel("Line 1 Unit price", { exact: true }).fill("6.45");
  await desk.getByLabel("Buyer's reference").fill("ENQ-5521");
  await desk.getByLabel("Delivery terms").fill("Next working day by carrier, free over £150 ex VAT.");
  if (validUntil) await desk.getByLabel("Valid until").fill(validUntil);
  await desk.getByRole("button", { name: "Send…" }).click();
  await desk.getByRole("button", { name: "Yes, send it" }).click();
  await expect(desk.getByRole("status").first()).toHaveText(`Quotation ${reference}/1 is on its way to the buyer.`);
  return reference;
}

/** A month figure on the desk's inbox, read by its exact label. */
const figure = (desk: Page, label: string) =>
  desk
    .locator("dt")
    .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`) })
    .locator("xpath=following-sibling::dd[1]");

/** Revision 2 at £6.20 each (£24.80 net), then a chaser from the request's page; returns the chaser's link. */
async function secondRevisionAndChaser(desk: Page, reference: string) {
  await desk.goto(`${server.url}/desk/quotes/${reference}`);
  await desk.getByRole("link", { name: "Prepare a new revision" }).click();
  await desk.getByLabel("Line 1 Unit price", { exact: true }).fill("6.20");
  await desk.getByRole("button", { name: "Send…" }).click();
  await desk.getByRole("button", { name: "Yes, send it" }).click();
  await expect(desk.getByRole("status").first()).toHaveText(`Quotation ${reference}/2 is on its way to the buyer.`);
  // The buyer's office is told which quotation to file: this one replaces /1.
  const second = await email(`${reference}-quotation-2`);
  expect(second.subject).toBe(`Revised quotation ${reference}/2 for your request ${reference}`);
  expect(second.text).toContain(`It replaces our quotation ${reference}/1.`);
  await desk.getByRole("button", { name: "Send a chaser…" }).click();
  const confirm = desk.getByTestId("confirm-chaser");
  await expect(confirm).toContainText(
    `our quotation ${reference}/2 for your request ${reference}: £29.76 including VAT`,
  );
  await expect(confirm).toContainText(`[a new link to ${reference}/2 online]`);
  await checkPage(desk, { alsoAtPhoneWidth: true });
  await desk.getByRole("button", { name: "Yes, send the chaser" }).click();
  await expect(desk.getByRole("status").first()).toContainText(`Chaser about ${reference}/2 on its way to the buyer.`);
  await expect(desk.getByTestId("confirm-chaser")).toHaveCount(0);
  const dir = path.join(server.dataDir, "outbox");
  const chaserFile = async () => fs.readdirSync(dir).find((f) => f.startsWith(`${reference}-chaser-`));
  await expect.poll(chaserFile, { timeout: 30_000 }).toBeTruthy();
  const mail = await PostalMime.parse(fs.readFileSync(path.join(dir, (await chaserFile()) ?? ""), "utf8"));
  expect(mail.inReplyTo).toBe((await email(`${reference}-quotation-2`)).messageId);
  const link = mail.text?.match(/accept it online here: (\S+)/)?.[1] ?? "";
  expect(link).toMatch(/\/q\/[A-Za-z0-9_-]{43}$/);
  return `${server.url}${new URL(link).pathname}`;
}

/** The latest message queued in the outbox (the staff e-mails' files are named by it). */
async function newestOutboxId(db: Db) {
  const [row] = await db.select({ id: outbox.id }).from(outbox).orderBy(desc(outbox.id)).limit(1);
  return row?.id;
}

const outboxFile = (name: string) => path.join(server.dataDir, "outbox", `${name}.eml`);

async function email(name: string) {
  await expect.poll(() => fs.existsSync(outboxFile(name)), { timeout: 30_000 }).toBe(true);
  return PostalMime.parse(fs.readFileSync(outboxFile(name), "utf8"));
}

/** The page's opening line while the quotation can be answered, and only then. */
const invitation = "accept it with your order number or tell us it is not for you";

/** The link in the quotation's e-mail (above its sign-off), pointed at this test's server. */
async function onlineLink(reference: string) {
  const mail = await email(`${reference}-quotation-1`);
  const link = mail.text?.match(/View and accept this quotation online: (\S+)\n\nKind regards,\n/)?.[1] ?? "";
  expect(link, mail.text).toMatch(/\/q\/[A-Za-z0-9_-]{43}$/);
  return `${server.url}${new URL(link).pathname}`;
}

test("a buyer opens the quotation, accepts it with PO 4500012345, and a rep confirms the order as Won", async ({
  page,
  browser,
}) => {
  const desk = await openDesk(browser);
  const reference = await quotedRequest(desk);
  const link = await onlineLink(reference);
  await expect(desk.getByText("Not opened online yet")).toBeVisible();

  // The buyer's page asks nothing of any other site.
  const requested: string[] = [];
  page.on("request", (request) => requested.push(request.url()));
  const response = await page.goto(link);
  expect(response?.headers()["x-robots-tag"]).toBe("noindex, nofollow");
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
  await expect(page.getByRole("heading", { name: `Your quotation ${reference}/1`, level: 1 })).toBeVisible();
  await expect(page.locator("main")).toContainText(invitation);
  // What the PDF states, the terms the buyer accepts among it.
  await expect(page.getByRole("definition").filter({ hasText: "ENQ-5521" })).toBeVisible();
  await expect(page.locator("main")).toContainText(
    "Delivery terms: Next working day by carrier, free over £150 ex VAT.",
  );
  const lines = page.getByRole("list", { name: "Lines" });
  await expect(lines).toContainText("6205-2RS");
  await expect(lines).toContainText("4 × £6.45 · From stock");
  await expect(page.getByRole("definition").filter({ hasText: "£30.96" })).toBeVisible();
  await checkPage(page);
  for (const width of layoutWidths) {
    await page.setViewportSize({ width, height: 900 });
    expect(await page.evaluate(() => document.documentElement.scrollWidth), `at ${width}px`).toBeLessThanOrEqual(width);
    expect(await findOverflow(page), `overflowing text at ${width}px`).toEqual([]);
    if (width === 320 || width === 1920) await expectNoAxeViolations(page);
  }
  await page.setViewportSize(test.info().project.use.viewport ?? { width: 1280, height: 800 });
  const pdf = await page.request.get(`${link}/pdf`);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect(pdf.headers()["content-disposition"]).toBe(`attachment; filename="Quotation ${reference}-1.pdf"`);

  // Opened: the desk shows it, in London time.
  await desk.reload();
  await expect(desk.getByText(/^Opened online: first .+, last .+$/)).toBeVisible();

  // A second revision and a chaser before the buyer answers: the first link now points to the newer one.
  await hydrated(page);
  await page.getByLabel("Your name").fill("Robin Buyer");
  await page.getByLabel("Purchase order (PO) number").fill("4500012340");
  await page.getByLabel(/^I accept this quotation/).check();
  const latestLink = await secondRevisionAndChaser(desk, reference);
  // Accepted in the tab left open on /1: refused, and the page says why at once, where the focus goes.
  await page.bringToFront();
  await page.getByRole("button", { name: "Accept the quotation" }).click();
  const newer = page.locator("main").getByRole("status");
  await expect(newer).toHaveText(new RegExp(`^A newer revision, ${reference}/2, was sent to you by e-mail.`));
  await expect(newer).toBeFocused();
  await expect(page.locator("main")).not.toContainText(invitation);
  await page.goto(latestLink);
  await expect(page.getByRole("heading", { name: `Your quotation ${reference}/2`, level: 1 })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: "£29.76" })).toBeVisible();

  // Without scripts, an answer refused for what was typed opens at the form's first problem, its message in
  // view, with every other problem named too.
  const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 700 } });
  const plainPage = await plain.newPage();
  await plainPage.goto(latestLink);
  await plainPage.getByLabel("Your name").fill("Robin Buyer");
  await plainPage.getByRole("button", { name: "Accept the quotation" }).click();
  await expect(plainPage.getByText("Enter your PO number, or tick “PO to follow”")).toBeInViewport();
  await expect(plainPage.getByText("Tick the box to accept the quotation's terms")).toBeVisible();
  await plain.close();

  await hydrated(page);
  await page.getByLabel("Your name").fill("Robin Buyer");
  await page.getByLabel("Purchase order (PO) number").fill("4500012345");
  await page.getByRole("button", { name: "Accept the quotation" }).click();
  await expect(page.getByText("Tick the box to accept the quotation's terms")).toBeVisible();
  await page.getByLabel(/^I accept this quotation/).check();
  // Sent with Enter from the PO box (a phone's Go key): the thanks, and no page posted after the form goes.
  const pagesLoaded: string[] = [];
  page.on("request", (request) => {
    if (request.isNavigationRequest()) pagesLoaded.push(`${request.method()} ${request.url()}`);
  });
  await page.getByLabel("Purchase order (PO) number").press("Enter");
  const thanks = page.locator("main").getByRole("status");
  await expect(thanks).toContainText("you accepted this quotation with PO 4500012345");
  await expect(thanks).toBeFocused();
  expect(pagesLoaded).toEqual([]);
  await expect(page.getByRole("button", { name: "Accept the quotation" })).toHaveCount(0);
  await expect(page.locator("main")).not.toContainText(invitation);
  await checkPage(page);
  // The same form posted again (a second tab, the back button): the answer stands, nothing more is sent;
  // one with another PO number is told it was not recorded.
  const postAgain = (poNumber: string) =>
    page.request.post(latestLink, {
      form: { intent: "accept", buyerName: "Robin Buyer", poNumber, terms: "on" },
      headers: { origin: server.url },
    });
  for (const [poNumber, sameAsRecorded] of [
    ["4500012345", true],
    ["999", false],
  ] as const) {
    const again = await postAgain(poNumber);
    expect(again.status()).toBe(200);
    const html = await again.text();
    expect(html).toContain("with PO 4500012345");
    expect(html.includes(onlineQuotationText.notRecorded), poNumber).toBe(!sameAsRecorded);
  }

  const notice = await email(`${reference}-acceptance-notice`);
  expect(notice.to?.[0]?.address).toBe("alex@desk.example");
  expect(notice.subject).toBe(`Accepted online: ${reference}/2 (PO 4500012345)`);
  const confirmation = await email(`${reference}-acceptance`);
  expect(confirmation.to?.[0]?.address).toBe("robin@plant.example");
  expect(confirmation.inReplyTo).toBe((await email(`${reference}-quotation-2`)).messageId);
  expect(fs.readdirSync(path.join(server.dataDir, "outbox")).filter((f) => f.includes("-acceptance"))).toHaveLength(2);

  await desk.reload();
  await expect(desk.getByRole("heading", { name: "Accepted (PO 4500012345)" })).toBeVisible();
  // Every e-mail the request sent, named for what it is.
  const sent = desk.getByRole("region", { name: "Notification" });
  for (const name of ["Quotation to the buyer", "Chaser to the buyer", "Confirmation of the buyer's acceptance"])
    await expect(sent).toContainText(name);
  await expect(desk.getByText("Accepted", { exact: true }).first()).toBeVisible();
  await checkPage(desk, { alsoAtPhoneWidth: true });
  // On a phone the answer to the acceptance is far down the page: its top says so and leads there.
  await desk.setViewportSize({ width: 390, height: 844 });
  await desk.evaluate(() => window.scrollTo(0, 0));
  await expect(desk.getByText(`The buyer accepted ${reference}/2 online (PO 4500012345).`)).toBeInViewport();
  await desk.getByRole("link", { name: "Confirm the order or query it" }).click();
  await expect(desk.getByRole("button", { name: "Confirm order (Won)" })).toBeInViewport();
  await desk.setViewportSize({ width: 1280, height: 800 });
  const value = desk.getByLabel("Order value (£, net)", { exact: true });
  await expect(value).toHaveValue("24.80");
  await expect(desk.getByLabel("PO number (if given)")).toHaveValue("4500012345");
  await value.fill("24.00");
  // Ticked as it starts: the buyer is told, in the quotation's thread, at the value confirmed.
  await expect(desk.getByLabel("E-mail the buyer that their order is confirmed")).toBeChecked();
  await desk.getByRole("button", { name: "Confirm order (Won)" }).click();
  await expect(desk.getByRole("status").first()).toHaveText(
    "Order confirmed: the request is Won, and the buyer's confirmation is on its way.",
  );
  await expect(desk.getByRole("list", { name: "Conversation, oldest first" })).toContainText(
    "to Won (£24.00 net, PO 4500012345)",
  );
  const order = await email(`${reference}-order-confirmation`);
  expect(order.to?.[0]?.address).toBe("robin@plant.example");
  expect(order.subject).toBe(`Order confirmed: your PO 4500012345, quotation ${reference}/2 (${reference})`);
  expect(order.inReplyTo).toBe((await email(`${reference}-quotation-2`)).messageId);
  expect(order.text).toContain("with your order number 4500012345, for £24.00 plus VAT.");
  await expect(desk.getByRole("region", { name: "Notification" })).toContainText("Order confirmation to the buyer");
  // The buyer's page says so too.
  await page.reload();
  await expect(page.locator("main").getByRole("status")).toHaveText(
    "Thank you: your order against this quotation (PO 4500012345) is confirmed. Reply to our e-mail or call us if you need anything.",
  );

  // The month's figures: the order's value won, and the request quoted once at its latest revision's net.
  await desk.goto(`${server.url}/desk`);
  await expect(figure(desk, "Value won (net)")).toHaveText("£24.00");
  await expect(figure(desk, "Quotations sent")).toHaveText("1");
  await expect(figure(desk, "Value quoted (net)")).toHaveText("£24.80");
  await expect(figure(desk, "Win rate")).toHaveText("100% of 1");
  // The CSV: one row for the request, with the PO, the order's value and revision 2's net.
  const csv = await (await desk.request.get(`${server.url}/desk/export?q=${reference}`)).text();
  const [header = "", ...rows] = csv.trim().split(/\r?\n/);
  const columns = header.split(",");
  const row = rows.filter((line) => line.includes(reference));
  expect(row).toHaveLength(1);
  const cells = row[0]?.split(",") ?? [];
  const cell = (name: string) => cells[columns.indexOf(name)];
  expect([cell("Quotation"), cell("Revision"), cell("Net value")]).toEqual([`${reference}/2`, "2", "24.80"]);
  expect([cell("PO"), cell("Order value")]).toEqual(["4500012345", "24.00"]);
  expect(csv.match(/4500012345/g)).toHaveLength(1);

  // Months later the buyer orders again: Quote again opens a new request with revision 2's lines to price.
  await desk.goto(`${server.url}/desk/quotes/${reference}`);
  await desk.getByRole("button", { name: "Quote again" }).click();
  await expect(desk.getByLabel("Line 1 Unit price", { exact: true })).toHaveValue("6.20");
  const repeat = new URL(desk.url()).pathname.match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0] ?? "";
  expect(repeat).not.toBe(reference);
  await desk.goto(`${server.url}/desk/quotes/${repeat}`);
  await expect(desk.getByRole("list", { name: "Repeat orders" })).toHaveText(`Repeat of ${reference}`);
  await checkPage(desk, { alsoAtPhoneWidth: true });
  await desk.getByRole("list", { name: "Repeat orders" }).getByRole("link", { name: reference }).click();
  await expect(desk.getByRole("list", { name: "Repeat orders" })).toHaveText(`Quoted again as ${repeat}`);
  // On the narrowest phone every box of the work panel stays inside it: a select as wide as its longest option
  // (the reasons a quotation is lost) once reached past the panel's edge.
  await desk.setViewportSize({ width: 320, height: 844 });
  const work = desk.getByRole("region", { name: "Work on it" });
  const contentEdge = await work.evaluate((panel) => {
    const style = getComputedStyle(panel);
    return panel.getBoundingClientRect().right - Number.parseFloat(style.paddingRight);
  });
  for (const control of await work.locator("select, input:not([type=hidden]), textarea").all()) {
    const box = await control.boundingBox();
    if (!box) continue;
    const name = (await control.getAttribute("name")) ?? "";
    expect(box.x + box.width, `${name}'s right edge`).toBeLessThanOrEqual(contentEdge + 1);
  }
  await desk.setViewportSize({ width: 1280, height: 800 });

  // A wrong token shows nothing of any quotation.
  const token = link.split("/q/")[1] ?? "";
  const wrong = await page.request.get(`${server.url}/q/${token.slice(0, -2)}xy`);
  expect(wrong.status()).toBe(404);
  const body = await wrong.text();
  for (const secret of [reference, "Robin", "Severn", "6205-2RS", "£30.96"]) expect(body).not.toContain(secret);
  expect(requested.filter((url) => !url.startsWith(`${server.url}/`))).toEqual([]);
});

test("a buyer declines the quotation with a reason, and the desk records it", async ({ page, browser }) => {
  const desk = await openDesk(browser);
  const reference = await quotedRequest(desk);
  const link = await onlineLink(reference);
  // Posted as a plain form (no script yet, or none): the answer names what is missing.
  const plain = await page.request.post(link, {
    form: { intent: "decline", reason: "other", reasonText: "" },
    headers: { origin: server.url },
  });
  expect(plain.status()).toBe(422);
  expect(await plain.text()).toContain("Tell us the reason");
  await page.goto(link);
  // From here the form's own check in the browser, once the page's script runs. (Its novalidate is no sign of
  // that: Conform renders it on the server too.)
  await hydrated(page);
  await page.getByLabel("Reason").selectOption({ label: "Other (please say)" });
  await page.getByRole("button", { name: "Decline the quotation" }).click();
  await expect(page.getByText("Tell us the reason")).toBeVisible();
  await page.getByLabel("In your words").fill("The line was shut down");
  await page.getByRole("button", { name: "Decline the quotation" }).click();
  await expect(page.locator("main").getByRole("status")).toContainText("You declined this quotation.");
  await checkPage(page);

  const notice = await email(`${reference}-decline-notice`);
  expect(notice.subject).toBe(`Declined online: ${reference}/1`);
  await desk.reload();
  await expect(desk.getByText("Lost", { exact: true }).first()).toBeVisible();
  await expect(desk.getByRole("region", { name: "Online quotation" })).toContainText(
    "Other (please say) — “The line was shut down”",
  );
  await expect(desk.getByRole("list", { name: "Conversation, oldest first" })).toContainText(
    `declined quotation ${reference}/1 online (Other: “The line was shut down”)`,
  );
  await desk.goto(`${server.url}/desk`);
  await expect(figure(desk, "Lost")).toHaveText("1");
  await expect(desk.getByRole("region", { name: /^Figures for / })).toContainText("Lost for: Other 1.");
});

// Only the desk's side: it runs at 1280 px and checks its pages at 390 px itself.
test("a quotation nearing the end of its validity is listed to chase, then Expired, then re-issued with new dates", {
  tag: "@desk",
}, async ({ browser }) => {
  const desk = await openDesk(browser);
  const today = new Date().toISOString().slice(0, 10);
  const validUntil = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
  const reference = await quotedRequest(desk, validUntil);
  // The server's hourly sweep, run here on its database with the clock given: today, then the day after the validity.
  const shared = await openDatabase({ dataDir: server.dataDir, share: true });
  const sweep = (now: Date) =>
    sweepQuotations(shared.db, {
      now,
      noticeDays: 5,
      notifyTo: "sales@wrekin-mro.example",
      siteUrl: server.url,
    });
  try {
    // Today it ends within the notice's five working days: listed to chase from today, its owner told.
    expect(await sweep(new Date())).toEqual({ warned: 1, expired: 0 });
    const notice = await email(`expiry-notice-${await newestOutboxId(shared.db)}`);
    expect(notice.subject).toMatch(new RegExp(`^Quotation ${reference}/1 ends on `));
    await desk.goto(`${server.url}/desk?status=chase`);
    await expect(desk.getByRole("list", { name: "Requests" })).toContainText(reference);
    await expect(desk.getByRole("link", { name: `Send a chaser… about ${reference}` })).toHaveAttribute(
      "href",
      `/desk/quotes/${reference}?chaser=#answer-chase`,
    );
    await checkPage(desk);
    // A day to chase from, not a time of night.
    await desk.goto(`${server.url}/desk/quotes/${reference}`);
    const londonToday = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" });
    await expect(desk.getByText(`Chase the buyer from ${londonToday.format(new Date())}.`)).toBeVisible();
    const dayAfter = new Date(Date.parse(`${validUntil}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    expect(await sweep(new Date(`${dayAfter}T12:00:00Z`))).toEqual({ warned: 0, expired: 1 });
  } finally {
    await shared.close();
  }
  await desk.goto(`${server.url}/desk/quotes/${reference}`);
  await expect(desk.getByText("Expired", { exact: true }).first()).toBeVisible();
  await expect(desk.getByRole("list", { name: "Conversation, oldest first" })).toContainText(
    `ended quotation ${reference}/1 unanswered at the end of its validity (${validUntil}): the request is Expired`,
  );
  await checkPage(desk, { alsoAtPhoneWidth: true });
  await desk.getByRole("button", { name: "Re-issue with new dates" }).click();
  await expect(desk.getByRole("status").first()).toHaveText(
    `Re-issued as ${reference}/2: it is on its way to the buyer.`,
  );
  await expect(desk.getByText("Quoted", { exact: true }).first()).toBeVisible();
  await expect(desk.getByRole("region", { name: "Quotations" })).toContainText(`${reference}/2`);
  const reissued = await email(`${reference}-quotation-2`);
  const thirtyDays = new Date(Date.parse(`${today}T12:00:00Z`) + 30 * 86_400_000);
  const newDate = new Intl.DateTimeFormat("en-GB", { dateStyle: "long", timeZone: "Europe/London" }).format(thirtyDays);
  expect(reissued.text).toContain(`valid until ${newDate}. It replaces our quotation ${reference}/1.`);
  expect(reissued.subject).toBe(`Revised quotation ${reference}/2 for your request ${reference}`);
});
