import { cleanText } from "#app/lib/text.ts";
import { type HtmlRules, type ParseOptions, type ParseRules, parseMail } from "#app/mail-in/parse.server.ts";
import { checkSender } from "#app/mail-in/sender-check.server.ts";
import { cleanFileName } from "#app/quote/attachments.ts";
import type { SenderCheck } from "#db/schema.ts";

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
  /** Whether the receiving mail server vouched for the sender (sender-check.server.ts). */
  senderCheck: SenderCheck;
  attachments: { fileName: string; bytes: Uint8Array }[];
  /** Attachments beyond the 20 read: never kept, only counted. */
  moreAttachments: number;
  /** The bytes as received. */
  raw: Uint8Array;
};

/**
 * The largest e-mail read: what is kept of one is at most 25 MB of files (the form's limits), about 34 MB
 * once base64-encoded, so 50 MB leaves room for a quoted thread and files that are refused by name.
 */
export const maxMailBytes = 50 * 1024 * 1024;
const maxTextChars = 100_000;

// Message-IDs are printable ASCII (RFC 5322); anything else in one is not an ID the desk can match.
const messageIds = (value: string | undefined) =>
  [...(value ?? "").matchAll(/<([\x21-\x3b\x3d\x3f-\x7e]{1,300})>/g)].map((m) => m[1] ?? "");

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
 * the sender the mail was read); an image leaves "[image removed]" in its place, so a logo or a photo of
 * a part is not silently missing from what the buyer wrote. A link is kept only when it leaves the desk for the web or a mail program,
 * and then in a new tab without a way back to the desk (target=_blank, rel=noopener noreferrer); a relative
 * or protocol-relative one, which would open on the desk's own origin or pass for it, becomes its text.
 */
const htmlRules: HtmlRules = {
  allowedTags: [
    ...["p", "br", "div", "span", "b", "strong", "i", "em", "u", "s", "small", "sub", "sup"],
    ...["blockquote", "pre", "code", "ul", "ol", "li", "dl", "dt", "dd", "hr", "a"],
    ...["h1", "h2", "h3", "h4", "h5", "h6", "table", "thead", "tbody", "tfoot", "tr", "th", "td", "caption"],
  ],
  allowedAttributes: { a: ["href", "target", "rel"], td: ["colspan", "rowspan"], th: ["colspan", "rowspan"] },
  allowedSchemes: ["http", "https", "mailto"],
  nonTextTags: ["style", "script", "textarea", "option", "noscript", "title", "head", "template"],
  linkPattern: "^(https?://|mailto:)",
  imageMarker: "[image removed]",
};

/** Texts the database refuses (NUL, lone surrogates) or that pass for something else, out of one line. */
const cleanLine = (value: string | undefined, max: number) =>
  cleanText(value ?? "")
    .replace(/[\t\n\r\u202A-\u202E\u2066-\u2069]/g, " ")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, max);

const headersRead = [
  "auto-submitted",
  "precedence",
  "x-autoreply",
  "x-autorespond",
  "x-auto-response-suppress",
  "authentication-results",
];
const parseRules: ParseRules = {
  headers: headersRead,
  headerChars: 8192,
  textChars: maxTextChars,
  htmlChars: 4 * maxTextChars,
  attachments: 20,
  html: htmlRules,
};

export type ReadOptions = {
  /** Only Authentication-Results added by this server count (IMAP_AUTHSERV_ID). */
  authservId?: string;
  parse?: Omit<ParseOptions, "rules">;
  /** `raw` is handed to the parser, not copied, and is unusable afterwards (the mail's `raw` is the same bytes). */
  handOver?: boolean;
};

/**
 * Reads raw MIME (parsed in a worker) and cleans every text taken from it of what the database refuses
 * (NUL, lone surrogates); throws MailParseError only when it cannot be parsed at all.
 */
export async function readMail(raw: Uint8Array, options: ReadOptions = {}): Promise<IncomingMail> {
  const parsing = options.handOver ? raw : new Uint8Array(raw);
  const { parsed: email, raw: bytes } = await parseMail(parsing, { ...options.parse, rules: parseRules });
  const first = new Map<string, string>();
  for (const { key, value } of email.headers) if (!first.has(key)) first.set(key, value);
  const [ownId] = messageIds(email.messageId);
  const text = email.text?.trim() ? cleanText(email.text) : undefined;
  const fromAddress = cleanLine(email.fromAddress ?? email.senderAddress, 320).toLowerCase();
  const attachments = email.attachments.map((a, i) => ({
    fileName: cleanFileName(a.filename ?? `attachment-${i + 1}`),
    bytes: new Uint8Array(a.content),
  }));
  return {
    messageId: ownId ? `<${ownId}>` : `<${email.sha256}@no-message-id>`,
    answers: [...messageIds(email.inReplyTo), ...messageIds(email.references)],
    subject: cleanLine(email.subject, 500) || "(no subject)",
    fromAddress,
    text: text ?? "",
    html: !text && email.html ? cleanText(email.html) : undefined,
    automatic: isAutomatic((name) => first.get(name)),
    senderCheck: checkSender(email.headers, fromAddress, options.authservId),
    attachments,
    moreAttachments: email.moreAttachments,
    raw: options.handOver ? bytes : raw,
  };
}
