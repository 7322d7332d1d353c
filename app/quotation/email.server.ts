import type { SendMailOptions } from "nodemailer";
import type { Site } from "#app/content/site.ts";
import { escapeHtml, headerText } from "#app/quote/mail.server.ts";
import type { quotations, quotes } from "#db/schema.ts";

/**
 * A sent revision's e-mail: from and replying to the sales address, with our stored Message-ID so the
 * buyer's answer names it, the reference in the subject, and the PDF attached.
 */
export function composeQuotationEmail(
  quotation: typeof quotations.$inferSelect,
  quote: Pick<typeof quotes.$inferSelect, "reference" | "customerName" | "email">,
  site: Site,
  pdf: Buffer,
): SendMailOptions {
  const content = quotation.content;
  if (!content || quotation.revision === null || !quotation.messageId)
    throw new Error("Only a sent quotation has an e-mail");
  const label = `${quote.reference}/${quotation.revision}`;
  const subject = content.subject.includes(quote.reference)
    ? content.subject
    : `${content.subject} (${quote.reference})`;
  const signature = [quotation.sentByName ?? "", site.name, site.phoneDisplay, site.email].filter(Boolean);
  const sales = { name: headerText(site.name), address: site.email };
  return {
    from: sales,
    replyTo: sales,
    to: headerText(quote.email),
    subject: headerText(subject),
    messageId: quotation.messageId,
    text: [content.message, "", ...signature].join("\n"),
    html: `<!doctype html>
<html><body>
<div style="white-space: pre-wrap">${escapeHtml(content.message)}</div>
<p>${signature.map(escapeHtml).join("<br>")}</p>
</body></html>
`,
    attachments: [
      { filename: `Quotation ${label.replace("/", "-")}.pdf`, contentType: "application/pdf", content: pdf },
    ],
  };
}
