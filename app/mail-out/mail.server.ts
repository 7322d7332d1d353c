import { asc, eq } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import { acknowledgementCopy } from "#app/content/acknowledgement.ts";
import type { Config } from "#app/lib/env.server.ts";
import { formatFullDateTime } from "#app/lib/london-time.ts";
import { escapeHtml, headerText, mailDomain, websiteNotice } from "#app/lib/mail-text.ts";
import { acknowledgementId } from "#app/mail-out/thread.server.ts";
import { formatBytes } from "#app/quote/attachments.ts";
import type { PartsLine } from "#app/quote/parts.ts";
import { possibleSpamFlag, spamReasonText } from "#app/quote/spam.server.ts";
import {
  categoryLabel,
  fieldText,
  labelledFields,
  longFields,
  type RequestField,
  urgencyLabel,
} from "#app/request/fields.ts";
import type { OutboxMessage } from "#db/outbox-payloads.ts";
import { attachments, quoteLines, quotes } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** A request as its notification shows it: every field, when it came, and why it may be spam. */
export type QuoteRecord = Pick<typeof quotes.$inferSelect, "reference" | "createdAt" | RequestField> &
  Partial<Pick<typeof quotes.$inferSelect, "spamReasons">>;

/** The columns a QuoteRecord is read from, for a query's select. */
export const quoteRecordColumns = {
  reference: quotes.reference,
  customerName: quotes.customerName,
  email: quotes.email,
  company: quotes.company,
  phone: quotes.phone,
  category: quotes.category,
  requirements: quotes.requirements,
  urgency: quotes.urgency,
  createdAt: quotes.createdAt,
  spamReasons: quotes.spamReasons,
} satisfies Record<keyof QuoteRecord, unknown>;

// Deliberately narrower than RFC 5322: anything unusual is left out of Reply-To (it is in the body).
const plainAddress = /^[^\s@<>()[\]\\,;:"]+@[^\s@<>()[\]\\,;:"]+$/;

const subjectPrefix: Record<string, string> = { emergency: "[EMERGENCY] ", urgent: "[Urgent] " };

/** A file of the request as the notification names it. */
export type AttachmentSummary = { fileName: string; contentType: string; size: number; storageKey: string };
export type QuoteExtrasRecord = { lines?: PartsLine[]; attachments?: AttachmentSummary[] };

/** Files are attached to the e-mail only up to this much in all; the rest are a link away in the desk. */
export const mailAttachmentBudgetBytes = 10 * 1024 * 1024;

/** Which of the request's files travel with its notification: in order, while they fit the budget. */
export function attachedFiles(files: AttachmentSummary[]) {
  let total = 0;
  return files.filter((file) => {
    if (total + file.size > mailAttachmentBudgetBytes) return false;
    total += file.size;
    return true;
  });
}

/** The files that travel with a notification, named for a mail header (no line break, no direction control). */
export function mailAttachments(files: AttachmentSummary[], read: (storageKey: string) => Promise<Buffer>) {
  return Promise.all(
    attachedFiles(files).map(async (file) => ({
      filename: headerText(file.fileName),
      contentType: file.contentType,
      content: await read(file.storageKey),
    })),
  );
}

const kindOf = (contentType: string) => (contentType === "application/pdf" ? "PDF" : "photo");

const partColumnWidth = 40;
/** Where the part column starts: after "  ", the line's number (3) and its quantity (7), each followed by a space. */
const partColumnStart = 14;

/** Pads by characters a reader sees, not UTF-16 units, so a line with an emoji or a "µ" keeps its column. */
function padColumn(text: string, width: number) {
  return text + " ".repeat(Math.max(0, width - Array.from(text).length));
}

/** Text cut into pieces of at most `width` characters, at spaces where it has them. */
function wrapColumn(text: string, width: number) {
  const pieces: string[] = [];
  let rest = Array.from(text.trim());
  while (rest.length > width) {
    const space = rest.lastIndexOf(" ", width);
    const cut = space > 0 ? space : width;
    pieces.push(rest.slice(0, cut).join("").trimEnd());
    rest = rest.slice(cut);
    while (rest[0] === " ") rest = rest.slice(1);
  }
  pieces.push(rest.join(""));
  return pieces;
}

/** The parts list as plain text columns and the attachments as lines, for the e-mail and the forward. */
export function extrasText(reference: string, extras: QuoteExtrasRecord, siteUrl?: string) {
  const lines = extras.lines ?? [];
  const files = extras.attachments ?? [];
  const out: string[] = [];
  if (lines.length > 0) {
    const partWidth = Math.min(partColumnWidth, Math.max(4, ...lines.map((line) => Array.from(line.part).length)));
    out.push(`Parts list (${lines.length} ${lines.length === 1 ? "line" : "lines"}):`);
    out.push(`  #   Qty     ${padColumn("Part", partWidth)}  Brand`);
    lines.forEach((line, i) => {
      const number = String(i + 1).padEnd(3);
      // A long description goes on under its own column, so the brands of every line stay in one column.
      const [first = "", ...more] = wrapColumn(line.part, partWidth);
      out.push(
        `  ${number} ${String(line.quantity).padEnd(7)} ${padColumn(first, partWidth)}  ${line.brand ?? ""}`.trimEnd(),
      );
      for (const rest of more) out.push(`${" ".repeat(partColumnStart)}${rest}`);
    });
    out.push("");
  }
  if (files.length > 0) {
    const attached = new Set(attachedFiles(files));
    out.push(`Attachments (${files.length}):`);
    for (const file of files) {
      const note = attached.has(file) ? "attached" : "too large to attach: open it in the desk";
      out.push(`  - ${file.fileName} (${kindOf(file.contentType)}, ${formatBytes(file.size)}) — ${note}`);
    }
    if (siteUrl) out.push(`  In the desk: ${siteUrl}/desk/quotes/${reference}`);
    out.push("");
  }
  return out;
}

function extrasHtml(reference: string, extras: QuoteExtrasRecord, siteUrl?: string) {
  const lines = extras.lines ?? [];
  const files = extras.attachments ?? [];
  let html = "";
  if (lines.length > 0) {
    const rows = lines
      .map(
        (line, i) =>
          `<tr><td align="right">${i + 1}</td><td align="right">${line.quantity}</td><td>${escapeHtml(line.part)}</td><td>${escapeHtml(line.brand ?? "")}</td></tr>`,
      )
      .join("\n");
    html += `<h3>Parts list</h3>
<table cellpadding="4" border="1" style="border-collapse: collapse">
<thead><tr><th>#</th><th>Qty</th><th align="left">Part number or description</th><th align="left">Brand</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>
`;
  }
  if (files.length > 0) {
    const attached = new Set(attachedFiles(files));
    const deskUrl = siteUrl ? `${siteUrl}/desk/quotes/${encodeURIComponent(reference)}` : undefined;
    const items = files
      .map((file) => {
        const name = deskUrl
          ? `<a href="${escapeHtml(deskUrl)}">${escapeHtml(file.fileName)}</a>`
          : escapeHtml(file.fileName);
        const note = attached.has(file) ? "attached" : "too large to attach: open it in the desk";
        return `<li>${name} (${kindOf(file.contentType)}, ${formatBytes(file.size)}) — ${note}</li>`;
      })
      .join("\n");
    html += `<h3>Attachments</h3>
<ul>
${items}
</ul>
`;
  }
  return html;
}

/**
 * The notification to the sales inbox: every field labelled, and the link to answer it in the desk, where the
 * team sees the answer (a reply from a mail program still reaches the customer, but the desk never knows).
 */
export function composeQuoteEmail(
  quote: QuoteRecord,
  config: Pick<Config, "site" | "quoteNotifyTo" | "siteUrl">,
  extras: QuoteExtrasRecord = {},
) {
  const domain = mailDomain(config.site.email);
  const name = headerText(quote.customerName);
  const email = headerText(quote.email);
  const fields: [string, string][] = [
    ["Reference", quote.reference],
    ...labelledFields.map((field): [string, string] => [field.label, fieldText(field, quote, "Not given")]),
    ["Received", formatFullDateTime(quote.createdAt)],
  ];
  const reasons = (quote.spamReasons ?? []).map((reason) => spamReasonText[reason] ?? reason);
  const warning = reasons.length
    ? `This may be spam, but it could be a real customer: ${reasons.join("; ")}. Please check before deleting it.`
    : undefined;
  const link = `${config.siteUrl}/desk/quotes/${quote.reference}`;
  const text = [
    `A quote request arrived through the website. Answer it in the desk: ${link}`,
    ...(warning ? ["", warning] : []),
    "",
    ...fields.map(([label, value]) => `${`${label}:`.padEnd(11)}${value}`),
    "",
    ...longFields.flatMap((field) => [`${field.label}:`, quote[field.name], ""]),
    ...extrasText(quote.reference, extras, config.siteUrl),
  ].join("\n");
  const rows = fields
    .map(([label, value]) => `<tr><th align="left" valign="top">${label}</th><td>${escapeHtml(value)}</td></tr>`)
    .join("\n");
  const html = `<!doctype html>
<html><body>
<p>A quote request arrived through the website. <a href="${escapeHtml(link)}">Answer it in the desk</a>.</p>
${warning ? `<p><strong>${escapeHtml(warning)}</strong></p>\n` : ""}<table cellpadding="4">
${rows}
</table>
${longFields.map((field) => `<h3>${field.label}</h3>\n<p style="white-space: pre-wrap">${escapeHtml(quote[field.name])}</p>\n`).join("")}${extrasHtml(quote.reference, extras, config.siteUrl)}</body></html>
`;
  const message: SendMailOptions = {
    ...websiteNotice(config.site),
    to: config.quoteNotifyTo,
    subject: headerText(
      `${reasons.length ? `${possibleSpamFlag} ` : ""}${subjectPrefix[quote.urgency] ?? ""}Quote request ${quote.reference} — ${name} (${categoryLabel(quote.category ?? undefined)})`,
    ),
    // One message per quote: a redelivery after a crash carries the same id, so mail clients fold it.
    messageId: `<${quote.reference}@${domain}>`,
    priority: quote.urgency === "emergency" ? "high" : "normal",
    text,
    html,
  };
  if (plainAddress.test(email)) message.replyTo = { name, address: email };
  return message;
}

/**
 * The buyer's acknowledgement: from and replying to the sales address, so a reply adds to the request.
 * Its Message-ID is the reference's own, so the buyer's answer names the request.
 */
export function composeAcknowledgement(
  quote: QuoteRecord,
  config: Pick<Config, "site">,
  extras: QuoteExtrasRecord = {},
): SendMailOptions {
  const copy = acknowledgementCopy(config.site, {
    reference: quote.reference,
    customerName: headerText(quote.customerName),
    urgency: quote.urgency,
    urgencyLabel: urgencyLabel(quote.urgency),
    partsLines: extras.lines?.length ?? 0,
    files: extras.attachments?.length ?? 0,
  });
  const sales = { name: headerText(config.site.name), address: config.site.email };
  return {
    from: sales,
    replyTo: sales,
    to: headerText(quote.email),
    subject: headerText(copy.subject),
    messageId: acknowledgementId(quote.reference, config.site.email),
    // RFC 3834: an out-of-office robot must not answer an automatic message, so two robots cannot loop.
    headers: { "Auto-Submitted": "auto-replied" },
    text: [copy.greeting, "", ...copy.paragraphs.flatMap((p) => [p, ""]), ...copy.signOff].join("\n"),
    html: `<!doctype html>
<html><body>
<p>${escapeHtml(copy.greeting)}</p>
${copy.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join("\n")}
<p>${copy.signOff.map(escapeHtml).join("<br>")}</p>
</body></html>
`,
  };
}

/** A finished e-mail to staff (invitation, password reset, digest), from the same sender as notifications. */
export function composeStaffEmail(message: OutboxMessage, config: Pick<Config, "site">): SendMailOptions {
  return {
    ...websiteNotice(config.site),
    to: message.to,
    subject: headerText(message.subject),
    text: message.text,
    ...(message.html ? { html: message.html } : {}),
  };
}

/** The parts list and the records of the files of a request, in the buyer's order. */
export async function loadQuoteExtras(db: Db, quoteId: number): Promise<QuoteExtrasRecord> {
  const lines = await db
    .select({ part: quoteLines.part, quantity: quoteLines.quantity, brand: quoteLines.brand })
    .from(quoteLines)
    .where(eq(quoteLines.quoteId, quoteId))
    .orderBy(asc(quoteLines.position));
  const files = await db
    .select({
      fileName: attachments.fileName,
      contentType: attachments.contentType,
      size: attachments.size,
      storageKey: attachments.storageKey,
    })
    .from(attachments)
    .where(eq(attachments.quoteId, quoteId))
    .orderBy(asc(attachments.id));
  return {
    lines: lines.map((line) =>
      line.brand ? { ...line, brand: line.brand } : { part: line.part, quantity: line.quantity },
    ),
    attachments: files,
  };
}
