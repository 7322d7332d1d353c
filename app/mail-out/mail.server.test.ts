import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readConfig } from "#app/lib/env.server.ts";
import { escapeHtml, headerText } from "#app/lib/mail-text.ts";
import {
  composeAcknowledgement,
  composeQuoteEmail,
  mailAttachments,
  type QuoteExtrasRecord,
  type QuoteRecord,
} from "#app/mail-out/mail.server.ts";
import { createMailer } from "#app/mail-out/mailer.server.ts";
import { composeSalesEmail } from "#app/quotation/email.server.ts";
import { cleanFileName } from "#app/quote/attachments.ts";
import { parseMail } from "#test/smtp.ts";
import { suiteSmtpSink } from "#test/smtp-suite.ts";

const config = readConfig({ NODE_ENV: "test" });

const record = (overrides: Partial<QuoteRecord> = {}): QuoteRecord => ({
  reference: "Q-261122-7F3K9",
  customerName: "Dana Fitter",
  email: "dana@works.example",
  company: null,
  phone: null,
  category: null,
  requirements: "V-belts, SPZ 1250",
  urgency: "standard",
  createdAt: new Date("2026-11-22T10:15:00Z"),
  ...overrides,
});

/** Header lines as sent, after unfolding: what a mail server would act on. */
const headerLines = (raw: string) =>
  raw
    .slice(0, raw.indexOf("\r\n\r\n"))
    .replace(/\r\n[ \t]+/g, " ")
    .split("\r\n");

describe("headerText", () => {
  it("removes line breaks and control characters", () => {
    expect(headerText("Eve\r\nBcc: x@evil.example")).toBe("Eve Bcc: x@evil.example");
    expect(headerText("a\u2028b\u0000c\td")).toBe("a b c d");
  });
});

describe("direction controls", () => {
  // Each of them, as an attacker would place it: before a reversed extension or company name.
  const controls = ["\u202A", "\u202B", "\u202C", "\u202D", "\u202E", "\u2066", "\u2067", "\u2068", "\u2069"];
  const marks = ["\u200E", "\u200F", "\u061C"];
  const bidi = /[\u202A-\u202E\u2066-\u2069\u200E\u200F\u061C]/;
  const sneaky = (text: string) => [...controls, ...marks].map((control) => `${control}${text}`).join(" ");

  it("are kept out of stored file names", () => {
    expect(cleanFileName(`invoice\u202Efdp.exe`)).not.toMatch(bidi);
    expect(cleanFileName(sneaky("piz.pdf"))).not.toMatch(bidi);
  });

  it("are kept out of every header we write: subjects, display names, attachment names", async () => {
    const quote = record({ customerName: sneaky("dtl sdooF nreveS"), reference: "Q-261122-7F3K9" });
    const notification = composeQuoteEmail(quote, config);
    const acknowledgement = composeAcknowledgement(quote, config);
    const reply = composeSalesEmail({
      buyer: quote,
      subject: sneaky("Your parts"),
      body: "Thank you",
      messageId: "<r1@wrekin-mro.example>",
      senderName: sneaky("Sam"),
      site: config.site,
    });
    const files = await mailAttachments(
      [{ fileName: sneaky("piz.exe.pdf"), contentType: "application/pdf", size: 10, storageKey: "k" }],
      async () => Buffer.from("%PDF-1.4"),
    );
    const headers = [
      notification.subject,
      JSON.stringify(notification.replyTo),
      JSON.stringify(notification.from),
      acknowledgement.subject,
      reply.subject,
      JSON.stringify(reply.from),
      ...files.map((file) => file.filename),
    ];
    expect(String(notification.subject)).toContain("dtl sdooF nreveS");
    expect(files.map((file) => file.filename)).toEqual([expect.stringContaining("piz.exe.pdf")]);
    for (const header of headers) expect(String(header)).not.toMatch(bidi);
  });
});

describe("escapeHtml", () => {
  it("escapes markup and quotes", () => {
    expect(escapeHtml(`<img src=x onerror="a('b')"> & co`)).toBe(
      "&lt;img src=x onerror=&quot;a(&#39;b&#39;)&quot;&gt; &amp; co",
    );
  });
});

describe("quote e-mail over SMTP", () => {
  const sink = suiteSmtpSink();
  const send = async (quote: QuoteRecord, extras: QuoteExtrasRecord = {}) => {
    const mailer = createMailer({ smtpUrl: sink().url, dataDir: os.tmpdir() });
    try {
      await mailer.send(composeQuoteEmail(quote, config, extras), quote.reference);
    } finally {
      mailer.close();
    }
    const mail = sink().messages.at(-1);
    if (!mail) throw new Error("nothing received");
    return mail;
  };

  it("cannot be made to add a header through the customer's name", async () => {
    const mail = await send(record({ customerName: "Eve\r\nBcc: x@evil.example\r\nX-Injected: yes" }));
    const lines = headerLines(mail.raw);
    expect(lines.filter((l) => /^(bcc|x-injected):/i.test(l))).toEqual([]);
    expect(mail.headers.has("bcc")).toBe(false);
    expect(mail.envelope.to).toEqual(["sales@wrekin-mro.example"]);
    expect(mail.header("subject")).toBe(
      "Quote request Q-261122-7F3K9 — Eve Bcc: x@evil.example X-Injected: yes (Not specified)",
    );
    expect(mail.header("reply-to")).toContain("<dana@works.example>");
  });

  it("leaves out a Reply-To it cannot trust instead of passing the text on", async () => {
    const mail = await send(record({ email: "eve@works.example\r\nBcc: y@evil.example" }));
    expect(mail.headers.has("reply-to")).toBe(false);
    expect(mail.headers.has("bcc")).toBe(false);
    expect(mail.envelope.to).toEqual(["sales@wrekin-mro.example"]);
    expect(mail.text).toContain("eve@works.example");
  });

  it("encodes names with address syntax and non-ASCII text", async () => {
    const mail = await send(record({ customerName: 'Smith, "Jo" <boss@evil.example> Ærø' }));
    expect(mail.envelope.to).toEqual(["sales@wrekin-mro.example"]);
    const replyTo = mail.header("reply-to") ?? "";
    expect(replyTo.endsWith("<dana@works.example>")).toBe(true);
    expect(mail.header("subject")).toContain('Smith, "Jo" <boss@evil.example> Ærø');
    expect(mail.html).toContain("Smith, &quot;Jo&quot; &lt;boss@evil.example&gt; Ærø");
    expect(mail.text).toContain('Smith, "Jo" <boss@evil.example> Ærø');
  });

  it("lists every field with its label", async () => {
    const mail = await send(
      record({ company: "Acme", phone: "+44 1632 960000", category: "ppe", urgency: "emergency" }),
    );
    expect(mail.header("subject")).toBe("[EMERGENCY] Quote request Q-261122-7F3K9 — Dana Fitter (PPE & Safety)");
    expect(mail.text).toContain("Company:   Acme");
    expect(mail.text).toContain("Phone:     +44 1632 960000");
    expect(mail.text).toContain("Category:  PPE & Safety");
    expect(mail.text).toContain("Urgency:   Emergency (Same day)");
    expect(mail.text).toContain("Received:  Sunday, 22 November 2026 at 10:15:00 GMT");
    expect(mail.text).toContain("Requirements:\nV-belts, SPZ 1250");
    expect(mail.html).toContain('<th align="left" valign="top">Category</th><td>PPE &amp; Safety</td>');
    expect(mail.header("message-id")).toBe("<Q-261122-7F3K9@wrekin-mro.example>");
    expect(mail.text).not.toContain("spam");
  });

  it("keeps the parts list's columns when a description is longer than its column", async () => {
    const long = "Deep groove ball bearing, sealed both sides, C3 clearance, for the conveyor head drum";
    const mail = await send(record(), {
      lines: [
        { part: "6205-2RS", quantity: 4, brand: "SKF" },
        { part: long, quantity: 2, brand: "FAG" },
        { part: "Ø20 µm filter 🔧", quantity: 1, brand: "Parker" },
      ],
    });
    const table = mail.text.slice(mail.text.indexOf("Parts list (3 lines):")).split("\n").slice(1, 8);
    const header = table[0] ?? "";
    const brandColumn = header.indexOf("Brand");
    const columnOf = (brand: string) => {
      const row = table.find((line) => line.endsWith(` ${brand}`)) ?? "";
      return Array.from(row).length - brand.length;
    };
    expect([columnOf("SKF"), columnOf("FAG"), columnOf("Parker")]).toEqual([brandColumn, brandColumn, brandColumn]);
    // Every word of the long description is there, in order, under the part column.
    const partColumn = header.indexOf("Part");
    const partText = table
      .slice(1)
      .map((line) => Array.from(line).slice(partColumn, brandColumn).join("").trim())
      .join(" ");
    expect(partText).toContain(long);
    expect(table.every((line) => Array.from(line).length <= brandColumn + "Parker".length)).toBe(true);
  });

  it("links to the request in the desk instead of asking sales to answer by replying to it", async () => {
    const mail = await send(record());
    expect(mail.text).toContain("Answer it in the desk: http://localhost:3000/desk/quotes/Q-261122-7F3K9");
    expect(mail.html).toContain('<a href="http://localhost:3000/desk/quotes/Q-261122-7F3K9">Answer it in the desk</a>');
    expect(`${mail.text}${mail.html}`).not.toMatch(/reply to this e-mail/i);
  });

  it("flags possible spam in the subject and says why, so sales still sees the request", async () => {
    const mail = await send(record({ urgency: "emergency", spamReasons: ["fast-fill", "no-form-time"] }));
    expect(mail.header("subject")).toBe(
      "[Possible spam] [EMERGENCY] Quote request Q-261122-7F3K9 — Dana Fitter (Not specified)",
    );
    expect(mail.text).toContain("This may be spam, but it could be a real customer: sent within 3 seconds");
    expect(mail.html).toContain("<strong>This may be spam");
  });
});

describe("quote e-mail without SMTP", () => {
  it("writes the message atomically as an .eml file readable only by the owner", async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-mail-"));
    try {
      const mailer = createMailer({ smtpUrl: undefined, dataDir });
      await mailer.send(composeQuoteEmail(record(), config), "Q-261122-7F3K9");
      await expect(mailer.send(composeQuoteEmail(record(), config), "../escape")).rejects.toThrow(/Not a message name/);
      mailer.close();
      const file = path.join(dataDir, "outbox", "Q-261122-7F3K9.eml");
      expect(fs.readdirSync(path.dirname(file))).toEqual(["Q-261122-7F3K9.eml"]);
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const mail = await parseMail(fs.readFileSync(file, "utf8"));
      expect(mail.header("subject")).toBe("Quote request Q-261122-7F3K9 — Dana Fitter (Not specified)");
      expect(mail.text).toContain("Company:   Not given");
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
