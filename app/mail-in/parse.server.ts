import { createRequire } from "node:module";
import { Worker } from "node:worker_threads";

/**
 * An e-mail as the parser hands it back: every text cut to what the desk keeps and the HTML already
 * cleaned, so nothing large crosses back to the server's thread but the attachments' bytes (moved, not
 * copied).
 */
export type ParsedMail = {
  /** Only the headers asked for, in the order they came (the topmost first). */
  headers: { key: string; value: string }[];
  messageId?: string;
  inReplyTo?: string;
  references?: string;
  subject?: string;
  fromAddress?: string;
  senderAddress?: string;
  text?: string;
  /** Only when there is no text: the HTML as the rules below leave it. */
  html?: string;
  attachments: { filename: string | null; content: ArrayBuffer }[];
  /** Attachments beyond those handed back: named on the message, never kept. */
  moreAttachments: number;
  /** Of the bytes as received, hex: the e-mail's identity when it has no Message-ID. */
  sha256: string;
};

/** Why an e-mail could not be parsed, in words that carry nothing of the e-mail. */
export class MailParseError extends Error {
  override name = "MailParseError";
  readonly kind: "not MIME" | "nested too deep" | "headers too large" | "too slow" | "too big to parse";
  constructor(kind: MailParseError["kind"]) {
    super(kind);
    this.kind = kind;
  }
}

/** What sanitize-html keeps of an HTML e-mail (see read.server.ts); links are handled by `linkPattern`. */
export type HtmlRules = {
  allowedTags: string[];
  allowedAttributes: Record<string, string[]>;
  allowedSchemes: string[];
  nonTextTags: string[];
  /** A link whose href does not match becomes its text; one that does opens in a new tab, without opener. */
  linkPattern: string;
  /** What an image becomes: text, so the reader sees that something was there. */
  imageMarker: string;
};

export type ParseRules = {
  /** Header names (lower case) handed back. */
  headers: string[];
  /** Characters kept of a header value, of the text and of the HTML (before it is cleaned). */
  headerChars: number;
  textChars: number;
  htmlChars: number;
  /** Attachments handed back; the rest are only counted. */
  attachments: number;
  html: HtmlRules;
};

// postal-mime decodes a large e-mail for seconds on end, and sanitize-html takes a noticeable time over a
// long HTML body; in a worker of their own neither can stop every page, a stuck parse is ended with the
// worker, and its memory goes with it.
const workerSource = `
const { parentPort, workerData } = require("node:worker_threads");
// Lowest priority for this thread alone (Linux keeps a nice value per thread): on a busy machine the
// server's own thread and its database are served first, and the parse takes what is left.
try {
  require("node:os").setPriority(19);
} catch {}
const { createHash } = require("node:crypto");
const loaded = require(workerData.parser);
const PostalMime = loaded.default ?? loaded;
const sanitizeHtml = require(workerData.sanitizer);
const { rules } = workerData;
const link = new RegExp(rules.html.linkPattern, "i");
const cut = (value, max) => (typeof value === "string" ? value.slice(0, max) : undefined);
const sanitise = (html) =>
  sanitizeHtml(html, {
    allowedTags: rules.html.allowedTags,
    allowedAttributes: rules.html.allowedAttributes,
    allowedSchemes: rules.html.allowedSchemes,
    allowProtocolRelative: false,
    disallowedTagsMode: "discard",
    nonTextTags: rules.html.nonTextTags,
    transformTags: {
      a: (_tag, attribs) => {
        const href = (attribs.href ?? "").trim();
        return link.test(href)
          ? { tagName: "a", attribs: { href, target: "_blank", rel: "noopener noreferrer" } }
          : { tagName: "span", attribs: {} };
      },
      img: () => ({ tagName: "span", attribs: {}, text: rules.html.imageMarker }),
    },
  });
(async () => {
  const email = await PostalMime.parse(workerData.raw, {
    maxNestingDepth: 50,
    maxHeadersSize: 1024 * 1024,
    attachmentEncoding: "arraybuffer",
  });
  const files = email.attachments.filter((a) => typeof a.content !== "string");
  const attachments = files.slice(0, rules.attachments).map((a) => ({
    filename: cut(a.filename ?? null, rules.headerChars) ?? null,
    content: a.content instanceof ArrayBuffer ? a.content : a.content.slice().buffer,
  }));
  const text = cut(email.text, rules.textChars);
  const parsed = {
    headers: email.headers
      .filter((h) => rules.headers.includes(h.key))
      .slice(0, 50)
      .map((h) => ({ key: h.key, value: cut(h.value, rules.headerChars) })),
    messageId: cut(email.messageId, rules.headerChars),
    inReplyTo: cut(email.inReplyTo, rules.headerChars),
    references: cut(email.references, rules.headerChars),
    subject: cut(email.subject, rules.headerChars),
    fromAddress: cut(email.from?.address, rules.headerChars),
    senderAddress: cut(email.sender?.address, rules.headerChars),
    text,
    html: !text?.trim() && email.html ? sanitise(cut(email.html, rules.htmlChars)) : undefined,
    attachments,
    moreAttachments: files.length - attachments.length,
    sha256: createHash("sha256").update(workerData.raw).digest("hex"),
  };
  const handedBack = [workerData.raw.buffer, ...attachments.map((a) => a.content)];
  parentPort.postMessage({ parsed, raw: workerData.raw }, [...new Set(handedBack)]);
})().catch((error) => parentPort.postMessage({ error: String(error?.message ?? error) }));
`;

const packages = createRequire(import.meta.url);
const parser = packages.resolve("postal-mime");
const sanitizer = packages.resolve("sanitize-html");

function kindOf(message: string) {
  if (/nesting depth/i.test(message)) return new MailParseError("nested too deep");
  if (/header size/i.test(message)) return new MailParseError("headers too large");
  return new MailParseError("not MIME");
}

export type ParseOptions = {
  rules: ParseRules;
  /** A 50 MB e-mail of attachments parses in a few seconds; one still going after this is stuck. */
  timeoutMs?: number;
  /**
   * The parser's own heap. Attachments' bytes live outside it (a 45 MB e-mail of them parses in 128 MB);
   * text takes some 40 times its size, so 256 MB reads several megabytes of it, far more than anyone writes.
   */
  maxHeapMb?: number;
};

/**
 * Parses raw MIME in a worker bounded in time and memory; throws MailParseError when it cannot. The bytes
 * are handed to the worker and back, not copied: on this thread a fresh copy of 50 MB costs as much as the
 * wait it would save. `raw` is unusable afterwards (a copy is made only of bytes that share their memory);
 * use the bytes returned.
 */
export function parseMail(raw: Uint8Array, { rules, timeoutMs = 60_000, maxHeapMb = 256 }: ParseOptions) {
  const owned = raw.byteOffset === 0 && raw.byteLength === raw.buffer.byteLength && raw.buffer instanceof ArrayBuffer;
  const bytes = owned ? raw : new Uint8Array(raw);
  return new Promise<{ parsed: ParsedMail; raw: Uint8Array }>((resolve, reject) => {
    const worker = new Worker(workerSource, {
      eval: true,
      workerData: { raw: bytes, parser, sanitizer, rules },
      transferList: [bytes.buffer as ArrayBuffer],
      resourceLimits: { maxOldGenerationSizeMb: maxHeapMb, maxYoungGenerationSizeMb: 64 },
    });
    const timer = setTimeout(() => {
      reject(new MailParseError("too slow"));
      void worker.terminate();
    }, timeoutMs);
    worker.once("message", (message: { parsed?: ParsedMail; raw?: Uint8Array; error?: string }) => {
      if (message.parsed && message.raw) resolve({ parsed: message.parsed, raw: message.raw });
      else reject(kindOf(message.error ?? ""));
      void worker.terminate();
    });
    worker.once("error", (error: NodeJS.ErrnoException) =>
      reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new MailParseError("too big to parse") : error),
    );
    worker.once("exit", () => {
      clearTimeout(timer);
      reject(new MailParseError("not MIME"));
    });
  });
}
