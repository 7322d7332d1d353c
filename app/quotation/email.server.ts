import type { SendMailOptions } from "nodemailer";
import { onlineLinkLine } from "#app/content/online-quotation.ts";
import type { Site } from "#app/content/site.ts";
import { addBeforeSignOff, endsWithSignOff, escapeHtml, headerText } from "#app/lib/mail-text.ts";
import type { quotations, quotes } from "#db/schema.ts";

type Buyer = Pick<typeof quotes.$inferSelect, "reference" | "customerName" | "email">;

/** Where an e-mail sits in the buyer's conversation (worked out by mail out's thread module). */
export type Thread = { inReplyTo: string; references: string[] };
/** How an e-mail of ours joins the conversation: who else it is copied to, and what it answers. */
export type Conversation = { cc: string[]; thread: Thread | undefined };

/**
 * An e-mail from sales to the buyer (a reply or a quotation): from and replying to the sales address,
 * with our stored Message-ID so the buyer's answer names it, the reference in the subject, and In-Reply-To
 * and References so it stays in the buyer's thread.
 */
export function composeSalesEmail(
  input: {
    buyer: Buyer;
    subject: string;
    body: string;
    messageId: string;
    senderName: string | null;
    site: Site;
    attachments?: SendMailOptions["attachments"];
  },
  { cc, thread }: Conversation = { cc: [], thread: undefined },
): SendMailOptions {
  const { buyer, site } = input;
  const subject = input.subject.includes(buyer.reference) ? input.subject : `${input.subject} (${buyer.reference})`;
  const signature = [input.senderName ?? "", site.name, site.phoneDisplay, site.email].filter(Boolean);
  const sales = { name: headerText(site.name), address: site.email };
  // "Kind regards," and the name under it are one block, as a person would type them.
  const text = [input.body, ...(endsWithSignOff(input.body) ? [] : [""]), ...signature].join("\n");
  return {
    from: sales,
    replyTo: sales,
    to: headerText(buyer.email),
    ...(cc.length > 0 ? { cc: cc.map(headerText) } : {}),
    subject: headerText(subject),
    messageId: input.messageId,
    ...(thread ? { inReplyTo: thread.inReplyTo, references: thread.references } : {}),
    text,
    // The same lines: a paragraph of its own would part the signature from the sign-off again in HTML readers.
    html: `<!doctype html>
<html><body>
<div style="white-space: pre-wrap">${escapeHtml(text)}</div>
</body></html>
`,
    ...(input.attachments ? { attachments: input.attachments } : {}),
  };
}

/** A sent revision's e-mail, with its PDF attached and the link to its page online. */
export function composeQuotationEmail(
  quotation: typeof quotations.$inferSelect,
  buyer: Buyer,
  site: Site,
  pdf: Buffer,
  onlineLink: string,
  conversation?: Conversation,
): SendMailOptions {
  const content = quotation.content;
  if (!content || quotation.revision === null || !quotation.messageId)
    throw new Error("Only a sent quotation has an e-mail");
  return composeSalesEmail(
    {
      buyer,
      subject: content.subject,
      body: addBeforeSignOff(content.message, onlineLinkLine(onlineLink)),
      messageId: quotation.messageId,
      senderName: quotation.sentByName,
      site,
      attachments: [
        {
          filename: `Quotation ${buyer.reference}-${quotation.revision}.pdf`,
          contentType: "application/pdf",
          content: pdf,
        },
      ],
    },
    conversation,
  );
}
