import { createHash } from "node:crypto";
import PostalMime from "postal-mime";
import sanitizeHtml from "sanitize-html";
import { cleanText } from "#app/quote/schema.ts";

/** An e-mail from the sales mailbox, read and made safe to keep and show. */
export type IncomingMail = {
  /** The sender's Message-ID, or one made from the bytes when it has none (so it is still read once). */
  messageId: string;
  /** Every Message-ID named by In-Reply-To and References. */
  answers: string[];
  subject: string;
  fromAddress: string;
  text: string;
  /** Only when the e-mail had no text part: its HTML, sanitised. */
  html: string | undefined;
  automatic: boolean;
  attachments: { fileName: string; bytes: Uint8Array }[];
};

/** Far above what a buyer sends (attachments are kept up to the form's limits); a guard for memory. */
export const maxMailBytes = 100 * 1024 * 1024;
const maxTextChars = 100_000;

const messageIds = (value: string | undefined) =>
  [...(value ?? "").matchAll(/<([^<>\s]{1,300})>/g)].map((m) => m[1] ?? "");

/**
 * Auto-replies, out-of-office answers and bulk mail (RFC 3834 and the headers mail programs use instead):
 * kept with the request, but they must neither reopen it nor be answered, so two robots cannot loop.
 */
function isAutomatic(header: (name: string) => string | undefined) {
  const autoSubmitted = header("auto-submitted");
  if (autoSubmitted && autoSubmitted.trim().toLowerCase() !== "no") return true;
  if (/^\s*(bulk|auto_reply|junk|list)\b/i.test(header("precedence") ?? "")) return true;
  return ["x-autoreply", "x-autorespond", "x-auto-response-suppress"].some((name) => {
    const value = header(name);
    return value !== undefined && (name !== "x-auto-response-suppress" || /\b(all|oof|autoreply)\b/i.test(value));
  });
}

/**
 * Only structure and emphasis survive: no scripts, styles, forms, frames or images (a remote image tells
 * the sender the mail was read), and links that can only leave the desk for the web or a mail program.
 */
export function sanitiseMailHtml(html: string) {
  return sanitizeHtml(html, {
    allowedTags: [
      "p",
      "br",
      "div",
      "span",
      "b",
      "strong",
      "i",
      "em",
      "u",
      "s",
      "small",
      "sub",
      "sup",
      "blockquote",
      "pre",
      "code",
      "ul",
      "ol",
      "li",
      "dl",
      "dt",
      "dd",
      "h1",
      "h2",
      "h3",
      "h4",
      "h5",
      "h6",
      "hr",
      "table",
      "thead",
      "tbody",
      "tfoot",
      "tr",
      "th",
      "td",
      "caption",
      "a",
    ],
    allowedAttributes: { a: ["href"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
    allowedSchemes: ["http", "https", "mailto"],
    disallowedTagsMode: "discard",
    nonTextTags: ["style", "script", "textarea", "option", "noscript", "title", "head", "template"],
    transformTags: {
      a: sanitizeHtml.simpleTransform("a", { rel: "noopener noreferrer nofollow", target: "_blank" }),
    },
  });
}

const clean = (text: string, max: number) => cleanText(text).slice(0, max);

/** Reads raw MIME; throws only when it cannot be parsed at all. */
export async function readMail(raw: Uint8Array): Promise<IncomingMail> {
  const email = await PostalMime.parse(raw, { maxNestingDepth: 50, maxHeadersSize: 1024 * 1024 });
  const headers = new Map<string, string>();
  for (const { key, value } of email.headers) if (!headers.has(key)) headers.set(key, value);
  const header = (name: string) => headers.get(name);
  const [ownId] = messageIds(email.messageId);
  const text = email.text?.trim() ? email.text : undefined;
  return {
    messageId: ownId ? `<${ownId}>` : `<${createHash("sha256").update(raw).digest("hex")}@no-message-id>`,
    answers: [...messageIds(email.inReplyTo), ...messageIds(email.references)],
    subject: clean(email.subject ?? "", 500).trim() || "(no subject)",
    fromAddress: clean(email.from?.address ?? email.sender?.address ?? "", 320)
      .trim()
      .toLowerCase(),
    text: clean(text ?? "", maxTextChars),
    html: !text && email.html ? sanitiseMailHtml(clean(email.html, 4 * maxTextChars)) : undefined,
    automatic: isAutomatic(header),
    attachments: email.attachments
      .filter((a) => typeof a.content !== "string")
      .map((a, i) => ({
        fileName: a.filename ?? `attachment-${i + 1}`,
        bytes: new Uint8Array(a.content as ArrayBuffer | Uint8Array),
      })),
  };
}
