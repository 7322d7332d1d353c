import fs from "node:fs";
import { expect, type Page, test } from "@playwright/test";
import { type DeskServer, linkFromOutbox, setupLinkFromLog, startDeskServer } from "#e2e/desk-server.ts";
import { expectNoAxeViolations, hydrated } from "#e2e/support.ts";

const adminPassword = "the counter opens at half eight";
const staffPassword = "bearings seals and belts";
const newPassword = "a brand new long passphrase";

/** Every desk page: axe finds nothing and nothing scrolls sideways. */
async function checkPage(page: Page) {
  await expectNoAxeViolations(page);
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
}

let server: DeskServer;

// Each test starts a server of its own with an empty database (its first run), and works through a whole day.
test.describe.configure({ timeout: 300_000 });

test.beforeEach(async () => {
  server = await startDeskServer();
});
test.afterEach(async () => {
  await server?.stop();
});

test("a day on the desk: first run, a request worked to a reply, export, invitation, password reset, sign-out", async ({
  browser,
  page,
}) => {
  // First run: the link from the server's log creates the admin.
  await page.goto(setupLinkFromLog(server));
  await expect(page.getByRole("heading", { name: "Set up the quote desk" })).toBeVisible();
  await expect(page.getByRole("banner")).toContainText("Quote desk");
  await checkPage(page);
  await page.getByLabel("Your name").fill("Alex Admin");
  await page.getByLabel("E-mail").fill("alex@desk.example");
  await page.getByLabel("Password", { exact: true }).fill(adminPassword);
  await page.getByLabel("Password again").fill(adminPassword);
  await page.getByRole("button", { name: "Create the admin account" }).click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();

  // Sign out and in again through the sign-in page.
  await page.getByRole("button", { name: /Sign out/ }).click();
  await expect(page.getByRole("heading", { name: "Sign in to the quote desk" })).toBeVisible();
  await checkPage(page);
  await page.getByLabel("E-mail").fill("alex@desk.example");
  await page.getByLabel("Password").fill("not the password");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("alert")).toContainText("do not match a desk account");
  await page.getByLabel("Password").fill(adminPassword);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await checkPage(page);

  // A buyer sends a request from the public form.
  const buyer = await browser.newPage();
  await buyer.goto(`${server.url}/#quote`);
  await hydrated(buyer);
  const form = buyer.locator("#quote");
  await expect(form.locator('input[name="formToken"]')).not.toHaveValue("prerendered-form");
  await form.getByLabel("Name", { exact: true }).fill("Robin Buyer");
  await form.getByLabel("E-mail").fill("robin@plant.example");
  await form.getByLabel("Company").fill("Severn Foods Ltd");
  await form.getByLabel("Requirements").fill("4 x 6205-2RS bearings for the bottling line");
  await form.getByLabel("Urgency").selectOption("emergency");
  // A person takes more than a few seconds; a faster form is held as likely spam.
  await buyer.waitForTimeout(3500);
  await form.getByRole("button", { name: "Submit Quote Request" }).click();
  await expect(buyer.getByText(/Q-\d{6}-[0-9A-Z]{5}/).first()).toBeVisible();
  const reference =
    (
      (await buyer
        .getByText(/Q-\d{6}-[0-9A-Z]{5}/)
        .first()
        .textContent()) ?? ""
    ).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0] ?? "";
  expect(reference).not.toBe("");
  await buyer.close();

  // It appears in the inbox, first (an open emergency), and opens.
  await page.reload();
  const list = page.getByRole("list", { name: "Requests" });
  await expect(list.getByRole("listitem").first()).toContainText(reference);
  await expect(list.getByRole("listitem").first()).toContainText("Robin Buyer");
  await expect(list.getByRole("listitem").first()).toContainText("Emergency");
  await page.getByRole("link", { name: reference }).click();
  await expect(page.getByRole("heading", { name: reference, level: 1 })).toBeVisible();
  await expect(page.getByText("4 x 6205-2RS bearings for the bottling line")).toBeVisible();
  await checkPage(page);

  // Status, then a note; the timeline shows both, with who did them.
  await page.getByLabel("Status").selectOption("quoted");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Status changed to Quoted." })).toBeVisible();
  await page.getByLabel("Internal note").fill("Sent prices for SKF and FAG; chasing on Friday");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Note added." })).toBeVisible();
  const timeline = page.getByRole("list", { name: "What happened" });
  await expect(timeline).toContainText("Alex Admin changed the status from New to Quoted");
  await expect(timeline).toContainText("Alex Admin added a note");
  await expect(timeline).toContainText("Sent prices for SKF and FAG; chasing on Friday");
  const replyLink = page.getByRole("link", { name: "Reply by e-mail" });
  expect(decodeURIComponent((await replyLink.getAttribute("href")) ?? "")).toContain(
    `subject=Your quote request ${reference}`,
  );
  await checkPage(page);

  // Export of the current filter contains it.
  await page.getByRole("link", { name: /Back to the inbox/ }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = fs.readFileSync((await (await downloading).path()) ?? "", "utf8");
  expect(csv).toContain(reference);
  expect(csv).toContain("Robin Buyer");

  await page.getByRole("link", { name: /^Spam/ }).first().click();
  await expect(page.getByRole("heading", { name: "Spam folder" })).toBeVisible();
  await checkPage(page);

  // Invitation: the link is shown once and e-mailed through the outbox.
  await page.getByRole("link", { name: "People" }).click();
  await expect(page.getByRole("heading", { name: "People", level: 1 })).toBeVisible();
  await checkPage(page);
  await page.getByLabel("E-mail").fill("sam@desk.example");
  await page.getByLabel("Role").selectOption("staff");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation e-mailed to sam@desk.example.")).toBeVisible();
  await expect(page.getByLabel("Invitation link")).toHaveValue(/\/desk\/welcome\?token=/);
  await checkPage(page);
  const invitation = await linkFromOutbox(server, "desk-invitation", "sam@desk.example");

  const sam = await browser.newContext();
  const samPage = await sam.newPage();
  await samPage.goto(invitation);
  await expect(samPage.getByRole("heading", { name: "Join the quote desk" })).toBeVisible();
  await checkPage(samPage);
  await samPage.getByLabel("Your name").fill("Sam Staff");
  await samPage.getByLabel("Password", { exact: true }).fill(staffPassword);
  await samPage.getByLabel("Password again").fill(staffPassword);
  await samPage.getByRole("button", { name: "Create my account" }).click();
  await expect(samPage.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await expect(samPage.getByRole("link", { name: "People" })).toHaveCount(0);
  await sam.close();

  // Password reset by e-mail link.
  const forgetful = await browser.newContext();
  const resetPage = await forgetful.newPage();
  await resetPage.goto(`${server.url}/desk/sign-in`);
  await resetPage.getByRole("link", { name: "Forgotten your password?" }).click();
  await expect(resetPage.getByRole("heading", { name: "Forgotten your password?" })).toBeVisible();
  await checkPage(resetPage);
  await resetPage.getByLabel("E-mail").fill("sam@desk.example");
  await resetPage.getByRole("button", { name: "Send the link" }).click();
  await expect(resetPage.getByRole("status")).toContainText("If that address has a desk account");
  const reset = await linkFromOutbox(server, "desk-reset", "sam@desk.example");
  await resetPage.goto(reset);
  await expect(resetPage.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await checkPage(resetPage);
  await resetPage.getByLabel("New password", { exact: true }).fill(newPassword);
  await resetPage.getByLabel("New password again").fill(newPassword);
  await resetPage.getByRole("button", { name: "Set the new password" }).click();
  await expect(resetPage.getByText("Your new password is set.")).toBeVisible();
  await resetPage.getByLabel("E-mail").fill("sam@desk.example");
  await resetPage.getByLabel("Password").fill(newPassword);
  await resetPage.getByRole("button", { name: "Sign in" }).click();
  await expect(resetPage.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();
  await forgetful.close();

  // Sign out: the desk asks for sign-in again.
  await page.getByRole("button", { name: /Sign out/ }).click();
  await expect(page.getByText("You have signed out.")).toBeVisible();
  await page.goto(`${server.url}/desk`);
  await expect(page).toHaveURL(/\/desk\/sign-in\?next=%2Fdesk$/);
  await expect(page.getByRole("heading", { name: "Sign in to the quote desk" })).toBeVisible();
});

test("what a day of use found: messages that follow the last action, contact links, Not spam, People", async ({
  browser,
  page,
}) => {
  await page.goto(setupLinkFromLog(server));
  await page.getByLabel("Your name").fill("Alex Admin");
  await page.getByLabel("E-mail").fill("alex@desk.example");
  await page.getByLabel("Password", { exact: true }).fill(adminPassword);
  await page.getByLabel("Password again").fill(adminPassword);
  await page.getByRole("button", { name: "Create the admin account" }).click();
  await expect(page.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();

  const buyer = await browser.newPage();
  await buyer.goto(`${server.url}/#quote`);
  await hydrated(buyer);
  const form = buyer.locator("#quote");
  await expect(form.locator('input[name="formToken"]')).not.toHaveValue("prerendered-form");
  await form.getByLabel("Name", { exact: true }).fill("Robin Buyer");
  await form.getByLabel("E-mail").fill("robin@plant.example");
  await form.getByLabel("Phone").fill("01632 960123");
  await form.getByLabel("Requirements").fill("2 x SPA1250 belts");
  await buyer.waitForTimeout(3500);
  await form.getByRole("button", { name: "Submit Quote Request" }).click();
  const reference = (await buyer.getByTestId("quote-reference").textContent()) ?? "";
  await buyer.close();

  await page.goto(`${server.url}/desk/quotes/${reference}`);
  await hydrated(page);
  // The buyer's phone and e-mail are a tap away.
  await expect(page.getByRole("link", { name: "01632 960123" })).toHaveAttribute("href", "tel:01632960123");
  await expect(page.getByRole("link", { name: "robin@plant.example" })).toHaveAttribute(
    "href",
    "mailto:robin@plant.example",
  );
  const outcome = page.getByRole("status").first();
  await page.getByRole("button", { name: "Record a reply (phone or other)" }).click();
  await expect(outcome).toHaveText("First reply recorded.");
  // Each later action shows its own outcome; an empty note says why it was refused.
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(outcome).toHaveText("Write a note first");
  await expect(page.getByLabel("Internal note")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Status").selectOption("spam");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(outcome).toHaveText("Status changed to Spam.");
  await page.getByRole("button", { name: "Not spam" }).click();
  await expect(outcome).toHaveText("Moved to New. Its notification was sent before, so it is not sent again.");
  await expect(page.getByRole("heading", { name: /spam/i })).toHaveCount(0);
  await checkPage(page);

  // People: an invitation, then every other action works without a reload; removal asks first.
  await page.goto(`${server.url}/desk/people`);
  await hydrated(page);
  await page.getByLabel("E-mail").fill("sam@desk.example");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation e-mailed to sam@desk.example.")).toBeVisible();
  await expect(page.getByLabel("Role")).toHaveValue("staff");
  await page.getByLabel("E-mail").fill("kim@desk.example");
  await page.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation e-mailed to kim@desk.example.")).toBeVisible();
  await page.getByRole("button", { name: "Withdraw the invitation for kim@desk.example" }).click();
  await expect(page.getByText("Invitation withdrawn.")).toBeVisible();

  const invitation = await linkFromOutbox(server, "desk-invitation", "sam@desk.example");
  const sam = await browser.newContext();
  const samPage = await sam.newPage();
  await samPage.goto(invitation);
  await samPage.getByLabel("Your name").fill("Sam Staff");
  await samPage.getByLabel("Password", { exact: true }).fill(staffPassword);
  await samPage.getByLabel("Password again").fill(staffPassword);
  await samPage.getByRole("button", { name: "Create my account" }).click();
  await expect(samPage.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();

  await page.goto(`${server.url}/desk/people`);
  const accounts = page.getByRole("list", { name: "Desk accounts" });
  await expect(accounts).toContainText("Sam Staff");
  await expect(accounts).toContainText("signed in on 1 device");
  await page.getByRole("button", { name: "Remove Sam Staff" }).click();
  await expect(page.getByRole("heading", { name: "Remove Sam Staff?" })).toBeVisible();
  await checkPage(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(accounts).toContainText("Sam Staff");
  await page.getByRole("button", { name: "Remove Sam Staff" }).click();
  await page.getByRole("button", { name: "Yes, remove Sam Staff" }).click();
  await expect(page.getByText("Removed. Their sessions have ended.")).toBeVisible();
  await expect(accounts).not.toContainText("Sam Staff");
  await sam.close();
});
