import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import PostalMime from "postal-mime";
import { createFirstAdmin, type DeskServer, postRequest, startDeskServer } from "#e2e/desk-server.ts";
import { checkPage, hydrated } from "#e2e/support.ts";
import { buyerMail } from "#test/buyer-mail.ts";
import { type ImapServer, startDovecot } from "#test/dovecot.ts";

let server: DeskServer;
let mailbox: ImapServer;
test.describe.configure({ timeout: 300_000 });
test.beforeEach(async () => {
  mailbox = await startDovecot();
  server = await startDeskServer({ IMAP_URL: mailbox.url });
});
test.afterEach(async () => {
  await server?.stop();
  await mailbox?.stop();
});

const parts = [
  ["6205-2RS", "4", "SKF", "6.45"],
  ["SPA1250 wedge belt", "2", "Gates", "11.20"],
  ["45x62x8 oil seal", "10", "", "0.99"],
  ["Nitrile gloves size 9", "5", "", "7.50"],
  ["UCP206 pillow block", "1", "NSK", "23.00"],
  ["M10 nyloc nut", "100", "", "0.06"],
];

test("a request with a 6-line parts list becomes a sent quotation: prices, preview, PDF by e-mail, Won", async ({
  page,
}) => {
  await createFirstAdmin(page, server);

  const fields: Record<string, string> = {
    customerName: "Robin Buyer",
    email: "robin@plant.example",
    company: "Severn Foods Ltd",
    requirements: "Parts for the bottling line",
    urgency: "urgent",
  };
  parts.forEach(([part, quantity, brand], i) => {
    fields[`lines[${i}].part`] = part ?? "";
    fields[`lines[${i}].quantity`] = quantity ?? "";
    if (brand) fields[`lines[${i}].brand`] = brand;
  });
  const reference = await postRequest(page, server, fields);

  // A plain reply first, started from a saved reply, with the buyer's name filled in.
  await page.goto(`${server.url}/desk/quotes/${reference}`);
  await page.getByLabel("Start from a saved reply").selectOption({ label: "More details needed" });
  await page.getByRole("button", { name: "Use it" }).click();
  await expect(page.getByLabel("Message")).toHaveValue(/^Dear Robin Buyer,/);
  await checkPage(page);
  // Enter in the Subject sends nothing, and what is typed stays through the page's other actions.
  await hydrated(page);
  const emails = page.getByRole("region", { name: "Conversation" });
  const repliesShown = async () => (await emails.innerText()).split(`Your quote request ${reference}`).length - 1;
  const shownBefore = await repliesShown();
  const typed = "Dear Robin Buyer,\n\nWhich make is the UCP206 for?\n\nKind regards,";
  await page.getByLabel("Message").fill(typed);
  await page.getByLabel("Subject", { exact: true }).press("Enter");
  await page.getByLabel("Internal note").fill("Asked which make the pillow block is.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Note added.");
  expect(await repliesShown()).toBe(shownBefore);
  await expect(page.getByLabel("Message")).toHaveValue(typed);
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Reply on its way to the buyer.");
  await expect(emails).toContainText("Which make is the UCP206 for?");
  // The box is left for a new reply: the saved reply it started from is not offered to send again.
  await expect(page.getByLabel("Message")).toHaveValue("");
  expect(new URL(page.url()).searchParams.has("reply")).toBe(false);
  await expect
    .poll(() => fs.readdirSync(path.join(server.dataDir, "outbox")).filter((f) => f.startsWith(`${reference}-reply-`)))
    .toHaveLength(1);
  await page.getByRole("link", { name: "Saved replies" }).first().click();
  await expect(page.getByRole("heading", { name: "Saved replies", level: 1 })).toBeVisible();
  await checkPage(page);

  await page.goto(`${server.url}/desk/quotes/${reference}`);
  await page.getByRole("link", { name: "Prepare a quotation" }).click();
  await expect(page.getByRole("heading", { name: `Quotation for ${reference}`, level: 1 })).toBeVisible();
  // The lines start from the buyer's parts list.
  await expect(page.getByRole("group", { name: /^Line \d+$/ })).toHaveCount(6);
  await checkPage(page);
  for (const [i, [, , , price]] of parts.entries()) {
    const line = page.getByRole("group", { name: `Line ${i + 1}`, exact: true });
    await line.getByLabel("Unit price").fill(price ?? "");
    if (i === 1) {
      await line.getByLabel("Availability").selectOption("days");
      await line.getByLabel("Working days").fill("3");
    }
    if (i === 4) {
      await line.getByText("More").click();
      await line.getByLabel("Alternative offered (optional)").fill("FAG equivalent");
    }
  }
  await page.getByLabel("Delivery charge (£, ex VAT)").fill("9.50");
  // A bad price is named, and nothing typed is lost.
  await page.getByRole("group", { name: "Line 6" }).getByLabel("Unit price").fill("-1");
  await page.getByRole("button", { name: "Send…" }).click();
  await expect(page.getByRole("status")).toContainText("one box needs attention");
  const sixth = page.getByRole("group", { name: "Line 6" }).getByLabel("Unit price");
  await expect(sixth).toHaveAttribute("aria-invalid", "true");
  await expect(
    page.getByRole("group", { name: "Line 6" }).getByText("Enter a price in pounds, like 12.50"),
  ).toBeVisible();
  await checkPage(page);
  // A second tab opened now (as a colleague would) is behind once this one saves.
  const other = await page.context().newPage();
  await other.goto(page.url());
  await sixth.fill("0.06");
  await page.getByRole("button", { name: "Save draft" }).first().click();
  await expect(page.getByRole("status")).toHaveText("Draft saved.");
  await other.getByLabel("Delivery charge (£, ex VAT)").fill("12.00");
  await other.getByRole("button", { name: "Save draft" }).first().click();
  await expect(other.getByRole("status")).toContainText("Alex Admin saved this quotation");
  await expect(other.getByRole("status")).toContainText("Nothing was saved: what you typed is below.");
  await expect(other.getByLabel("Delivery charge (£, ex VAT)")).toHaveValue("12.00");
  await other.close();
  const totals = page.getByRole("region", { name: "Totals as saved" });
  await expect(totals).toContainText("£134.10");
  await expect(totals).toContainText("£26.82");
  await expect(totals).toContainText("£160.92");

  // The preview is the PDF the buyer will get.
  const previewResponse = page.context().waitForEvent("response", (r) => r.url().includes("/quotation-pdf/draft"));
  await page.getByRole("button", { name: "Preview the PDF" }).click();
  const response = await previewResponse;
  expect(response.status()).toBe(200);
  expect((await response.allHeaders())["content-type"]).toBe("application/pdf");

  await page.getByRole("button", { name: "Send…" }).click();
  await expect(page.getByRole("heading", { name: "Send this quotation to robin@plant.example?" })).toBeVisible();
  await expect(page.getByTestId("confirm-send")).toContainText("Total £160.92 including VAT");
  await checkPage(page);
  await page.getByRole("button", { name: "Yes, send it" }).click();
  await expect(page.getByRole("heading", { name: reference, level: 1 })).toBeVisible();
  await expect(page.getByRole("status").first()).toHaveText(`Quotation ${reference}/1 is on its way to the buyer.`);
  await hydrated(page);
  const quotations = page.getByRole("region", { name: "Quotations" });
  await expect(quotations).toContainText(`${reference}/1`);
  await expect(quotations).toContainText("£160.92 including VAT");
  await expect(page.getByText("Quoted", { exact: true }).first()).toBeVisible();
  await checkPage(page);

  // The e-mail the buyer gets: the PDF holds every line, the totals and the validity date.
  const file = path.join(server.dataDir, "outbox", `${reference}-quotation-1.eml`);
  await expect.poll(() => fs.existsSync(file), { timeout: 30_000 }).toBe(true);
  const mail = await PostalMime.parse(fs.readFileSync(file, "utf8"));
  expect(mail.to?.[0]?.address).toBe("robin@plant.example");
  expect(mail.subject).toBe(`Quotation ${reference}/1 for your request ${reference}`);
  const pdf = mail.attachments.find((a) => a.mimeType === "application/pdf");
  const pdfFile = path.join(server.dataDir, "quotation.pdf");
  fs.writeFileSync(pdfFile, new Uint8Array(pdf?.content as ArrayBuffer));
  const text = execFileSync("pdftotext", ["-layout", pdfFile, "-"], { encoding: "utf8" });
  // Each line as the draft split it: part numbers beside their descriptions.
  for (const item of ["6205-2RS", "SPA1250", "wedge belt", "45x62x8", "oil seal", "Nitrile gloves size 9", "UCP206"])
    expect(text).toContain(item);
  for (const item of ["pillow block", "M10", "nyloc nut"]) expect(text).toContain(item);
  for (const figure of ["£134.10", "£26.82", "£160.92", "3 working days", "FAG equivalent", "Valid until"])
    expect(text).toContain(figure);
  await page.reload();
  await expect(quotations).toContainText("E-mailed");

  // The buyer answers the quotation: it arrives in the sales mailbox and joins the request.
  await mailbox.append(
    await buyerMail({
      from: "Robin Buyer <robin@plant.example>",
      subject: `Re: ${mail.subject}`,
      inReplyTo: mail.messageId,
      references: mail.messageId,
      text: `Thanks, go ahead with all six lines. PO 4471 to follow.\n\nOn Tue, 24 Nov 2026, Sales wrote:\n> Please find our quotation attached.`,
    }),
  );
  const conversation = page.getByRole("region", { name: "Conversation" });
  await expect(async () => {
    await page.reload();
    await expect(conversation).toContainText("go ahead with all six lines", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(conversation).toContainText("E-mail from robin@plant.example");
  await expect(conversation.getByText("Earlier messages it quotes")).toBeVisible();
  await expect(page.getByText("Customer replied").first()).toBeVisible();
  await checkPage(page);
  await page.goto(`${server.url}/desk`);
  await expect(page.getByRole("listitem").filter({ hasText: reference })).toContainText("Customer replied");
  await page.goto(`${server.url}/desk/quotes/${reference}`);

  await page.getByLabel("Status").selectOption("won");
  // Won asks for the order's value (a phone order or an e-mailed one is not a £0 win).
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByText("Enter the order's value in pounds (net, ex VAT), like 1,250.00").first()).toBeVisible();
  await page.getByLabel("Order value (£, net), if won").fill("134.10");
  await page.getByRole("button", { name: "Change status" }).click();
  // The buyer's e-mail is still unanswered: Won asks before it closes the request over it.
  await expect(page.getByRole("status").first()).toContainText("is still unanswered");
  await page.getByLabel("Close it with the e-mail unanswered").check();
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Status changed to Won.");
  await expect(page.getByText("Customer replied")).toHaveCount(0);
  await expect(page.getByRole("list", { name: "Conversation, oldest first" })).toContainText("to Won (£134.10 net)");

  // The month's figures: the quotation sent, its value, the value won and the win rate.
  await page.goto(`${server.url}/desk`);
  const figure = (label: string) =>
    page
      .locator("dt")
      .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`) })
      .locator("xpath=following-sibling::dd[1]");
  await expect(figure("Quotations sent")).toHaveText("1");
  await expect(figure("Value quoted (net)")).toHaveText("£134.10");
  await expect(figure("Value won (net)")).toHaveText("£134.10");
  await expect(figure("Win rate")).toHaveText("100% of 1");
  await expect(figure("Win rate by value")).toHaveText("100%");
  await checkPage(page);
});
