import fs from "node:fs";
import { type Browser, expect, type Page, test } from "@playwright/test";
import { type DeskServer, linkFromOutbox, setupLinkFromLog, startDeskServer } from "#e2e/desk-server.ts";
import { checkPage as checkPageAt, hydrated } from "#e2e/support.ts";
import { buyerMail } from "#test/buyer-mail.ts";
import { rawMail } from "#test/hostile-mail.ts";
import { parseMail } from "#test/smtp.ts";

const adminPassword = "the counter opens at half eight";
const staffPassword = "bearings seals and belts";
const newPassword = "a brand new long passphrase";

/**
 * Every desk page, at 1280 and 390 px: these whole-day flows run once (in the desktop project), so each page
 * they reach is also checked at a phone's width.
 */
const checkPage = (page: Page) => checkPageAt(page, { alsoAtPhoneWidth: true });

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
  const timeline = page.getByRole("list", { name: "Conversation, oldest first" });
  await expect(timeline).toContainText("Alex Admin changed the status from New to Quoted");
  await expect(timeline).toContainText("Alex Admin added a note");
  await expect(timeline).toContainText("Sent prices for SKF and FAG; chasing on Friday");
  const replyLink = page.getByRole("link", { name: "Write it in your mail program instead" });
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
  // Each action is answered beside its control, and the answer takes the focus; an empty note says why it
  // was refused, and the change after it is not refused as stale.
  const answer = (place: string) => page.locator(`#answer-${place}-note`);
  await page.getByRole("button", { name: "Record a phone call" }).click();
  await expect(answer("phone")).toHaveText("Phone call recorded as the first reply.");
  await expect(answer("phone")).toBeFocused();
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(answer("note")).toHaveText("Write a note first");
  await expect(answer("note")).toBeFocused();
  await expect(answer("phone")).toHaveCount(0);
  await expect(page.getByLabel("Internal note")).toHaveAttribute("aria-invalid", "true");
  await page.getByLabel("Status").selectOption("spam");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(answer("status")).toHaveText("Status changed to Spam.");
  await expect(answer("status")).toBeFocused();
  await page.getByRole("button", { name: "Not spam" }).click();
  await expect(answer("spam")).toHaveText("Moved to New. Its notification was sent before, so it is not sent again.");
  await expect(answer("spam")).toBeFocused();
  await expect(page.getByRole("heading", { name: /spam/i })).toHaveCount(0);
  await expect(page.getByText("Alex Admin phoned the customer (the first reply,")).toBeVisible();
  await checkPage(page);

  // Without scripts the page that answers opens at the answer.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const plainPage = await plain.newPage();
  await plainPage.goto(`${server.url}/desk/quotes/${reference}`);
  await plainPage.getByLabel("Internal note").fill("Called back at 3");
  await plainPage.getByRole("button", { name: "Add note" }).click();
  await expect(plainPage).toHaveURL(/#answer-note$/);
  await expect(plainPage.locator("#answer-note-note")).toHaveText("Note added.");
  await expect(plainPage.locator("#answer-note-note")).toBeInViewport();
  await plain.close();

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
  await page.getByRole("button", { name: "Remove Sam Staff", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Remove Sam Staff?" })).toBeVisible();
  await checkPage(page);
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByTestId("confirm-change")).toHaveCount(0);
  await expect(accounts).toContainText("Sam Staff");
  await page.getByRole("button", { name: "Remove Sam Staff", exact: true }).click();
  await page.getByRole("button", { name: "Yes, remove Sam Staff" }).click();
  await expect(page.getByText("Removed. Their sessions have ended.")).toBeVisible();
  await expect(accounts).not.toContainText("Sam Staff");
  await sam.close();
});

/** Sends a request as a buyer would, from the public form, with one parts line; returns its reference. */
async function sendRequest(browser: Browser, fields: { name: string; email: string; part?: string }) {
  const buyer = await browser.newPage();
  await buyer.goto(`${server.url}/#quote`);
  await hydrated(buyer);
  const form = buyer.locator("#quote");
  await expect(form.locator('input[name="formToken"]')).not.toHaveValue("prerendered-form");
  await form.getByLabel("Name", { exact: true }).fill(fields.name);
  await form.getByLabel("E-mail").fill(fields.email);
  await form.getByLabel("Phone").fill("+44 1952 123456");
  await form.getByLabel("Requirements").fill("Parts for the bottling line, see the list");
  if (fields.part) {
    await form
      .getByLabel(/^Part number or description/)
      .first()
      .fill(fields.part);
    await form.getByLabel(/^Qty/).first().fill("4");
  }
  await buyer.waitForTimeout(3500);
  await form.getByRole("button", { name: "Submit Quote Request" }).click();
  const reference = (await buyer.getByTestId("quote-reference").textContent()) ?? "";
  expect(reference).toMatch(/^Q-\d{6}-[0-9A-Z]{5}$/);
  await buyer.close();
  return reference;
}

const outboxFile = (name: string) => `${server.dataDir}/outbox/${name}.eml`;

test("a team of two on the desk: acknowledgement, search by part, ownership, a stale change refused, CSV, merge", async ({
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
  await page.goto(`${server.url}/desk/people`);
  await page.getByLabel("E-mail").fill("sam@desk.example");
  await page.getByRole("button", { name: "Send invitation" }).click();
  const sam = await browser.newContext();
  const samPage = await sam.newPage();
  await samPage.goto(await linkFromOutbox(server, "desk-invitation", "sam@desk.example"));
  await samPage.getByLabel("Your name").fill("Sam Staff");
  await samPage.getByLabel("Password", { exact: true }).fill(staffPassword);
  await samPage.getByLabel("Password again").fill(staffPassword);
  await samPage.getByRole("button", { name: "Create my account" }).click();
  await expect(samPage.getByRole("heading", { name: "Inbox", level: 1 })).toBeVisible();

  // Four requests from one buyer in a day: the first three are acknowledged, the fourth is not.
  const references: string[] = [];
  references.push(await sendRequest(browser, { name: "Robin Buyer", email: "robin@plant.example", part: "6205-2RS" }));
  for (let i = 0; i < 3; i++)
    references.push(await sendRequest(browser, { name: "Robin Buyer", email: "robin@plant.example" }));
  const [first = "", second = "", , fourth = ""] = references;
  await expect
    .poll(() => fs.existsSync(outboxFile(`${references[2]}-acknowledgement`)), { timeout: 30_000 })
    .toBe(true);
  const acknowledgement = await parseMail(fs.readFileSync(outboxFile(`${first}-acknowledgement`), "utf8"));
  expect(acknowledgement.header("to")).toBe("robin@plant.example");
  expect(acknowledgement.header("subject")).toBe(`We have your quote request ${first} — Wrekin MRO Supply`);
  expect(acknowledgement.text).toContain("We received 1 parts line, no files.");
  await expect.poll(() => fs.existsSync(outboxFile(fourth)), { timeout: 30_000 }).toBe(true);
  // What is sent for a request is decided as it is stored: the fourth's page lists the e-mail to sales alone.
  await page.goto(`${server.url}/desk/quotes/${fourth}`);
  const notifications = page.getByRole("region", { name: "Notification" });
  await expect(notifications).toContainText("E-mail to the sales inbox");
  await expect(notifications.getByRole("listitem")).toHaveCount(1);

  // Found by a part number as a buyer might have typed it, and by the phone number.
  await page.goto(`${server.url}/desk`);
  await page.getByLabel("Search").fill("6205 2RS");
  await page.getByRole("button", { name: "Filter" }).click();
  const list = page.getByRole("list", { name: "Requests" });
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText(first);
  await page.getByLabel("Search").fill("01952 123456");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(4);

  // Alex takes the first request; it is in Alex's Mine, not in Sam's.
  await page.goto(`${server.url}/desk/quotes/${first}`);
  await hydrated(page);
  await page.getByRole("button", { name: "Take it" }).click();
  await expect(page.getByRole("status").first()).toHaveText("It is yours now.");
  await expect(page.getByText("Owner: Alex Admin (you)")).toBeVisible();
  await page.goto(`${server.url}/desk?owner=mine`);
  await expect(page.getByRole("link", { name: "Mine" })).toHaveAttribute("aria-current", "page");
  await expect(list.getByRole("listitem")).toHaveCount(1);
  await expect(list).toContainText("Owner: Alex Admin");
  await samPage.goto(`${server.url}/desk?owner=mine`);
  await expect(samPage.getByText("No requests match.")).toBeVisible();

  // Both open the second request; Alex changes its status, then Sam's page, now stale, tries to.
  await page.goto(`${server.url}/desk/quotes/${second}`);
  await samPage.goto(`${server.url}/desk/quotes/${second}`);
  await hydrated(page);
  await hydrated(samPage);
  await page.getByLabel("Status").selectOption("quoted");
  await page.getByRole("button", { name: "Change status" }).click();
  await expect(page.getByRole("status").first()).toHaveText("Status changed to Quoted.");
  await samPage.getByLabel("Internal note").fill("Customer wants FAG only");
  await samPage.getByLabel("Status").selectOption("lost");
  await samPage.getByLabel("Reason, if lost").selectOption("price");
  await samPage.getByRole("button", { name: "Change status" }).click();
  await expect(samPage.getByRole("status").first()).toContainText(
    "Alex Admin changed the status from New to Quoted (Today",
  );
  await expect(samPage.getByRole("status").first()).toContainText("Nothing was changed");
  // Sam's page now shows Alex's change, and the note Sam was typing is still there.
  await expect(samPage.getByLabel("Status")).toHaveValue("quoted");
  await expect(samPage.getByLabel("Internal note")).toHaveValue("Customer wants FAG only");
  await samPage.getByRole("button", { name: "Add note" }).click();
  await expect(samPage.getByRole("status").first()).toHaveText("Note added.");
  // Nothing of Sam's stale change was written.
  await page.reload();
  await expect(page.getByLabel("Status")).toHaveValue("quoted");
  await expect(page.getByRole("list", { name: "Conversation, oldest first" })).not.toContainText("to Lost");

  // Alex gives it to Sam, who is told by e-mail.
  await page.getByLabel("Assign to").selectOption({ label: "Sam Staff" });
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await expect(page.getByRole("status").first()).toHaveText("Assigned; they have been sent an e-mail.");
  await expect
    .poll(() => fs.readdirSync(`${server.dataDir}/outbox`).filter((f) => f.includes("-assignment-")).length, {
      timeout: 30_000,
    })
    .toBe(1);
  // Taking it back from Sam asks first, beside the button, and Sam is told.
  await page.getByRole("button", { name: "Take it" }).click();
  const question = page.getByRole("region", { name: "Sam Staff owns this request. Take it from them?" });
  await expect(question).toBeFocused();
  await checkPage(page);
  await question.getByRole("button", { name: "Yes, take it" }).click();
  await expect(page.locator("#answer-owner-note")).toHaveText("It is yours now; they have been sent an e-mail.");
  await expect
    .poll(() => fs.readdirSync(`${server.dataDir}/outbox`).filter((f) => f.includes("-assignment-")).length, {
      timeout: 30_000,
    })
    .toBe(2);

  // The first request lists the buyer's others; the second is merged into it after a confirmation.
  await page.goto(`${server.url}/desk/quotes/${first}`);
  await hydrated(page);
  const history = page.getByRole("region", { name: "Same buyer or company" });
  await expect(history.getByRole("link")).toHaveCount(3);
  await page.getByLabel("Merge another request into this one").fill(second);
  await page.getByRole("button", { name: "Merge…" }).click();
  await expect(page.getByRole("heading", { name: `Merge ${second} (Robin Buyer) into ${first}?` })).toBeVisible();
  await checkPage(page);
  await page.getByRole("button", { name: `Yes, merge ${second}` }).click();
  await expect(page.getByRole("status").first()).toHaveText(`${second} is merged into this request.`);
  await expect(history.getByRole("listitem").filter({ hasText: second })).toContainText("merged into this request");
  await checkPage(page);
  await page.goto(`${server.url}/desk/quotes/${second}`);
  await expect(page.getByRole("heading", { name: `Merged into ${first}` })).toBeVisible();
  await checkPage(page);

  // The CSV: the owner, the parts lines and times spreadsheets read as dates.
  await page.goto(`${server.url}/desk`);
  await checkPage(page);
  const downloading = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = fs.readFileSync((await (await downloading).path()) ?? "", "utf8");
  const rows = csv.trim().split("\r\n");
  expect(rows[0]).toContain("Parts lines,Owner,Notes,First reply");
  expect(rows).toHaveLength(4);
  const row = rows.find((r) => r.startsWith(first)) ?? "";
  expect(row).toMatch(new RegExp(`^${first},\\d{4}-\\d\\d-\\d\\d \\d\\d:\\d\\d,`));
  expect(row).toContain("4 × 6205-2RS,Alex Admin,");
  await sam.close();
});

test("mail the desk could not join: counted in the navigation, joined to a request or dismissed; an unverified answer marked", async ({
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
  const reference = await sendRequest(browser, { name: "Robin Buyer", email: "robin@plant.example" });

  // Without a mailbox, e-mails dropped into DATA_DIR/inbox are read every 2 s.
  const drop = (name: string, bytes: Buffer) => fs.writeFileSync(`${server.dataDir}/inbox/${name}`, bytes);
  drop("lunch.eml", await buyerMail({ from: "Pat <pat@elsewhere.example>", subject: "Lunch on Friday?", text: "Hi" }));
  drop("offer.eml", await buyerMail({ from: "news@offers.example", subject: "Half price gloves", text: "Buy now" }));
  drop(
    "spoofed.eml",
    rawMail(
      [
        "Authentication-Results: mx.wrekin.example; spf=fail smtp.mailfrom=robin@plant.example; dmarc=fail header.from=plant.example",
        "From: Robin Buyer <robin@plant.example>",
        `Subject: Re: ${reference}`,
        "Message-ID: <spoofed@plant.example>",
      ],
      "Please cancel the order and refund to the new account.",
    ),
  );
  // The spoofed answer shows on the request, marked, and neither reopens it nor marks it "Customer replied".
  await page.goto(`${server.url}/desk/quotes/${reference}`);
  const conversation = page.getByRole("list", { name: "Conversation, oldest first" });
  await expect(async () => {
    await page.reload();
    await expect(conversation).toContainText("Please cancel the order", { timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  const spoofed = conversation.getByRole("article").filter({ hasText: "Please cancel the order" });
  await expect(spoofed).toContainText("Sender not verified");
  await expect(page.getByText("Customer replied", { exact: true })).toHaveCount(0);
  await checkPage(page);

  const nav = page.getByRole("navigation", { name: "Desk" });
  await expect(nav.getByRole("link", { name: "Mail not joined (2)" })).toBeVisible();
  await nav.getByRole("link", { name: "Mail not joined (2)" }).click();
  await expect(page.getByRole("heading", { name: "Mail not joined", level: 1 })).toBeVisible();
  const list = page.getByRole("list", { name: "Mail not joined" });
  const lunch = list.getByRole("listitem").filter({ hasText: "Lunch on Friday?" });
  await expect(lunch).toContainText("pat@elsewhere.example");
  await expect(lunch).toContainText("It names no request");
  await checkPage(page);
  for (const width of [320, 1024, 1920]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(overflow, `sideways scroll at ${width} px`).toBeLessThanOrEqual(0);
  }
  await page.setViewportSize({ width: 1280, height: 800 });

  // By keyboard: open "Join to request…", give a wrong reference, then the right one.
  await hydrated(page);
  await lunch.getByText("Join to request…").focus();
  await page.keyboard.press("Enter");
  await lunch.getByLabel("Request reference").fill("Q-1");
  await lunch.getByRole("button", { name: "Join it to this request" }).click();
  await expect(lunch.getByText("Enter a reference like Q-261122-7F3K9.")).toBeVisible();
  await expect(lunch.getByLabel("Request reference")).toHaveAttribute("aria-invalid", "true");
  await checkPage(page);
  await lunch.getByLabel("Request reference").fill(reference.toLowerCase());
  await lunch.getByRole("button", { name: "Join it to this request" }).click();
  await expect(page.getByRole("status")).toContainText(`E-mail joined to ${reference}.`);
  await expect(nav.getByRole("link", { name: "Mail not joined (1)" })).toBeVisible();

  await list
    .getByRole("listitem")
    .filter({ hasText: "Half price gloves" })
    .getByRole("button", { name: /^Dismiss/ })
    .click();
  await expect(page.getByRole("status")).toContainText("E-mail dismissed.");
  await expect(page.getByText("Every e-mail the desk has read so far has joined its request.")).toBeVisible();
  await expect(nav.getByRole("link", { name: "Mail not joined", exact: true })).toBeVisible();
  await checkPage(page);

  // The request shows the e-mail joined by hand, and who joined it.
  await page.goto(`${server.url}/desk/quotes/${reference}`);
  await expect(conversation).toContainText("Lunch on Friday?");
  await expect(conversation).toContainText("Alex Admin joined an e-mail to this request by hand");
});
