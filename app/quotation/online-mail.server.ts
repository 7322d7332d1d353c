import { eq } from "drizzle-orm";
import type { SendMailOptions } from "nodemailer";
import { declineReasonLabels, onlineAnswerMail } from "#app/content/online-quotation.ts";
import type { Config } from "#app/lib/env.server.ts";
import { formatDateTime } from "#app/lib/london-time.ts";
import { escapeHtml, headerText, websiteNotice } from "#app/lib/mail-text.ts";
import { plainLineEnds } from "#app/lib/text.ts";
import { formatPence } from "#app/quotation/money.ts";
import { quotationResponses } from "#db/quotation-online-schema.ts";
import { quotations, quotes, staffUser } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

// The e-mails a quotation answered online sends: the buyer's confirmation, in the quotation's thread,
// and the notice to the request's owner (or to sales when nobody has it).

/** The stored answer with its revision, request and owner, as the outbox sends it. */
export async function loadAnswer(db: Db, responseId: number) {
  const [row] = await db
    .select({ response: quotationResponses, quotation: quotations, quote: quotes, ownerEmail: staffUser.email })
    .from(quotationResponses)
    .innerJoin(quotations, eq(quotationResponses.quotationId, quotations.id))
    .innerJoin(quotes, eq(quotationResponses.quoteId, quotes.id))
    .leftJoin(staffUser, eq(quotes.ownerId, staffUser.id))
    .where(eq(quotationResponses.id, responseId));
  if (!row) throw new Error("The answer of this e-mail no longer exists");
  return { ...row, revision: `${row.quote.reference}/${row.quotation.revision}` };
}

type Answer = Awaited<ReturnType<typeof loadAnswer>>;

const html = (text: string) => `<!doctype html>
<html><body>
<div style="white-space: pre-wrap">${escapeHtml(text)}</div>
</body></html>
`;

/**
 * To the buyer, from and replying to sales, answering the quotation's own e-mail so it joins that thread; the
 * words end with their sign-off, then the signature (`signedBy`, when a person signs, then the company).
 */
function toBuyer(found: Answer, site: Config["site"], mail: { subject: string; words: string; signedBy?: string }) {
  const { quotation, quote } = found;
  const sales = { name: headerText(site.name), address: site.email };
  const body = [mail.words, ...(mail.signedBy ? [mail.signedBy] : []), site.name, site.phoneDisplay, site.email].join(
    "\n",
  );
  return {
    from: sales,
    replyTo: sales,
    to: headerText(quote.email),
    subject: headerText(`${mail.subject} (${quote.reference})`),
    ...(quotation.messageId ? { inReplyTo: quotation.messageId, references: [quotation.messageId] } : {}),
    text: body,
    html: html(body),
  } satisfies SendMailOptions;
}

/** The buyer's acceptance, acknowledged at once: a person confirms the order later. */
export function composeAcceptanceConfirmation(found: Answer, config: Pick<Config, "site">) {
  const { response, quote } = found;
  return toBuyer(found, config.site, {
    subject: onlineAnswerMail.confirmationSubject(found.revision),
    words: onlineAnswerMail.confirmationBody({
      name: response.buyerName ?? quote.customerName,
      revision: found.revision,
      po: response.poNumber,
    }),
  });
}

/** The order the buyer accepted online, confirmed by a person: signed by them, at the value and PO the request keeps. */
export function composeOrderConfirmation(found: Answer, byName: string, config: Pick<Config, "site">) {
  const { response, quotation, quote } = found;
  const po = quote.poNumber ?? response.poNumber;
  const valuePence = quote.wonValuePence ?? quotation.netPence;
  return toBuyer(found, config.site, {
    subject: onlineAnswerMail.orderSubject(found.revision, po),
    words: onlineAnswerMail.orderBody({
      name: response.buyerName ?? quote.customerName,
      revision: found.revision,
      po,
      value: valuePence === null ? "the quoted prices" : formatPence(valuePence),
      deliveryTerms: quotation.content?.deliveryTerms,
      // Typed in a browser's text box, with CRLF.
      deliveryAddress: plainLineEnds(response.deliveryAddress ?? quotation.content?.deliveryAddress ?? ""),
    }),
    signedBy: byName,
  });
}

/** What the buyer said, for the team. */
function answerLines(found: Answer) {
  const { response, quote, quotation } = found;
  const common = [`Request: ${quote.reference} (${quote.customerName}${quote.company ? `, ${quote.company}` : ""})`];
  if (response.answer === "declined") {
    const reason = declineReasonLabels[response.declineReason as keyof typeof declineReasonLabels];
    return [
      `The buyer declined quotation ${found.revision} online.`,
      "",
      ...common,
      `Reason: ${reason ?? response.declineReason}${response.declineText ? ` — ${response.declineText}` : ""}`,
    ];
  }
  return [
    `The buyer accepted quotation ${found.revision} online. Confirm the order (Won) or query it on the desk.`,
    "",
    ...common,
    `Accepted by: ${response.buyerName}`,
    `PO: ${response.poNumber ?? "to follow"}`,
    `Net value: ${quotation.netPence === null ? "—" : formatPence(quotation.netPence)}`,
    `Delivery address: ${response.deliveryAddress ?? "as usual"}`,
    `Notes: ${response.notes ?? "none"}`,
    `When: ${formatDateTime(response.createdAt)}`,
  ];
}

/** To the owner, or to sales when nobody has the request. */
export function composeAnswerNotice(found: Answer, config: Pick<Config, "site" | "siteUrl" | "quoteNotifyTo">) {
  const { response, quote } = found;
  const text = [
    ...answerLines(found),
    "",
    `On the desk: ${new URL(`/desk/quotes/${quote.reference}`, config.siteUrl).href}`,
  ].join("\n");
  const subject =
    response.answer === "accepted"
      ? onlineAnswerMail.acceptedSubject(found.revision, response.poNumber)
      : onlineAnswerMail.declinedSubject(found.revision);
  return {
    ...websiteNotice(config.site),
    to: found.ownerEmail ?? config.quoteNotifyTo,
    subject: headerText(subject),
    text,
    html: html(text),
  } satisfies SendMailOptions;
}
