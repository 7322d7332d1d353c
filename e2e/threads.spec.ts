import fs from "node:fs";
import { type Browser, expect, test } from "@playwright/test";
import { createFirstAdmin, type DeskServer, startDeskServer } from "#e2e/desk-server.ts";
import { checkPage, hydrated } from "#e2e/support.ts";
import { buyerMail } from "#test/buyer-mail.ts";
import { parseMail } from "#test/smtp.ts";

let server: DeskServer;
test.describe.configure({ timeout: 300_000 });
test.beforeEach(async () => {
  server = await startDeskServer();
});
test.afterEach(async () => {
  await server?.stop();
});

async function sendRequest(browser: Browser) {
  const buyer = await browser.newPage();
  await buyer.goto(`${server.url}/#quote`);
  await hydrated(buyer);
  const form = buyer.locator("#quote");
  await expect(form.locator('input[name="formToken"]')).not.toHaveValue("prerendered-form");
  await form.getByLabel("Name", { exact: true }).fill("Robin Buyer");
  await form.getByLabel("E-mail").fill("robin@plant.example");
  await form.getByLabel("Requirements").fill("Bearings for the bottling line");
  await buyer.waitForTimeout(3500);
  await form.getByRole("button", { name: "Submit Quote Request" }).click();
  const reference = (await buyer.getByTestId("quote-reference").textContent()) ?? "";
  expect(reference).toMatch(/^Q-\d{6}-[0-9A-Z]{5}$/);
  await buyer.close();
  return reference;
}

const outlookReply = (reference: string) =>
  buyerMail({
    from: "Robin Buyer <robin@plant.example>",
    subject: `RE: Quote request ${reference}`,
    messageId: "<robin-outlook@plant.example>",
    text: [
      "Could you add two oil seals?",
      "",
      "From: Wrekin MRO Supply <sales@wrekin-mro.example>",
      "Sent: 25 November 2026 10:14",
      "To: Robin Buyer <robin@plant.example>",
      "Subject: Quote request",
      "",
      "Thank you for your request.",
    ].join("\r\n"),
  });

const htmlReply = (reference: string) =>
  buyerMail({
    from: "Robin Buyer <robin@plant.example>",
    subject: `RE: Quote request ${reference}`,
    messageId: "<robin-table@plant.example>",
    html: `<p>The seals we need:</p><table><tr><th>Part</th><th>Qty</th></tr><tr><td>45x62x8</td><td>2</td></tr></table><p>Robin<br><img src="https://plant.example/logo.png" alt="Plant"></p>`,
  });

test("a buyer's Outlook answers read well, and the reply joins their thread with a colleague copied", async ({
  browser,
  page,
}) => {
  await createFirstAdmin(page, server);
  const reference = await sendRequest(browser);
  const conversation = page.getByRole("list", { name: "Conversation, oldest first" });
  const drop = async (name: string, bytes: Buffer, until: string) => {
    fs.writeFileSync(`${server.dataDir}/inbox/${name}`, bytes);
    await expect(async () => {
      await page.goto(`${server.url}/desk/quotes/${reference}`);
      await expect(conversation).toContainText(until, { timeout: 1000 });
    }).toPass({ timeout: 30_000 });
  };
  await drop("outlook.eml", await outlookReply(reference), "Could you add two oil seals?");
  await drop("table.eml", await htmlReply(reference), "The seals we need");

  // Outlook's quoted block is folded away; the HTML table's cells keep their spacing; the logo is named.
  const outlook = conversation.getByRole("article").filter({ hasText: "two oil seals" });
  await expect(outlook.getByText("Earlier messages it quotes")).toBeVisible();
  await expect(outlook.getByText("Sent: 25 November 2026 10:14")).toBeHidden();
  const table = conversation.getByRole("article").filter({ hasText: "The seals we need" });
  await expect(table).toContainText("[image removed]");
  const padding = await table
    .getByRole("cell", { name: "45x62x8" })
    .evaluate((cell) => Number.parseFloat(getComputedStyle(cell).paddingLeft));
  expect(padding).toBeGreaterThanOrEqual(4);

  // A blank reply answers the buyer's subject; a Cc that is not an address is refused in words.
  await expect(page.getByLabel("Subject")).toHaveValue(`Re: Quote request ${reference}`);
  await page.getByLabel("Message").fill("Yes, two 45x62x8 seals added.");
  await page.getByLabel("Cc (optional)").fill("sam@plant.example, sam at plant");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.locator("#reply-cc-error")).toContainText("“sam at plant” is not an e-mail address");
  await expect(page.getByLabel("Cc (optional)")).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByLabel("Message")).toHaveValue("Yes, two 45x62x8 seals added.");
  await checkPage(page, { alsoAtPhoneWidth: true });
  for (const width of [320, 1024, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByLabel("Cc (optional)").fill("sam@plant.example");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(page.getByRole("status").first()).toContainText("Reply on its way to the buyer.");
  await expect(conversation).toContainText("Cc: sam@plant.example");

  // The e-mail answers the buyer's latest, after the acknowledgement, copied to Sam.
  const outbox = `${server.dataDir}/outbox`;
  let file: string | undefined;
  await expect(async () => {
    file = fs.readdirSync(outbox).find((name) => name.startsWith(`${reference}-reply-`));
    expect(file).toBeDefined();
  }).toPass({ timeout: 30_000 });
  const mail = await parseMail(fs.readFileSync(`${outbox}/${file}`, "utf8"));
  const ack = mail.header("references")?.split(" ")[0] ?? "";
  expect(ack).toMatch(new RegExp(`^<${reference}\\.acknowledgement@`));
  expect(mail.header("in-reply-to")).toBe("<robin-table@plant.example>");
  expect(mail.header("references")).toBe(`${ack} <robin-outlook@plant.example> <robin-table@plant.example>`);
  expect(mail.header("cc")).toBe("sam@plant.example");
  expect(mail.header("subject")).toBe(`Re: Quote request ${reference}`);
});
