import { eq } from "drizzle-orm";
import { mailDomain, noticeAddress } from "#app/lib/mail-text.ts";
import { receiveDocument } from "#app/mail-in/documents.server.ts";
import { MailParseError } from "#app/mail-in/parse.server.ts";
import { type IncomingMail, readMail } from "#app/mail-in/read.server.ts";
import { queueBuyerAnswerNotice } from "#app/mail-out/buyer-answer.server.ts";
import { attachmentRules, formatBytes } from "#app/quote/attachments.ts";
import { type FileStorage, newStorageKey } from "#app/quote/file-storage.server.ts";
import { type ReceivedFile, receiveBytes, UploadError } from "#app/quote/uploads.server.ts";
import { buyerWrote } from "#app/request/lifecycle.server.ts";
import { referenceInText } from "#app/request/reference.server.ts";
import { systemActor, timelineEvent } from "#app/request/timeline.ts";
import { attachments, quotations, quoteEvents, quoteMessages, quotes } from "#db/schema.ts";
import type { Db, Tx } from "#db/types.ts";

export type MailDesk = {
  db: Db;
  storage: FileStorage;
  incomingDir: string;
  salesAddress: string;
  /** Only Authentication-Results headers added by this server count (IMAP_AUTHSERV_ID). */
  authservId?: string;
};

/** What became of one e-mail: only "joined" wrote anything; "ours" is one of the website's notices to staff. */
export type JoinOutcome = "joined" | "already joined" | "ours" | "no request" | "unreadable";

type Quote = typeof quotes.$inferSelect;

/** A request merged into another hands its e-mail on. */
export async function followMerges(db: Db, found: Quote | undefined) {
  let quote = found;
  for (let hops = 0; quote?.mergedIntoId && hops < 5; hops++) {
    [quote] = await db.select().from(quotes).where(eq(quotes.id, quote.mergedIntoId));
  }
  return quote;
}

/**
 * The request an e-mail answers: one of our Message-IDs in In-Reply-To or References (each of ours starts
 * with the reference, at the sales address's domain), else a reference in the subject.
 */
async function findRequest(db: Db, mail: IncomingMail, salesAddress: string) {
  const ourDomain = `@${mailDomain(salesAddress)}`.toLowerCase();
  const ours = mail.answers.find((id) => id.toLowerCase().endsWith(ourDomain) && referenceInText.test(id.slice(0, 15)));
  const reference = (ours ?? mail.subject).match(referenceInText)?.[0]?.toUpperCase();
  if (!reference) return undefined;
  const [quote] = await db.select().from(quotes).where(eq(quotes.reference, reference));
  return followMerges(db, quote);
}

const notKeptType = "not a photo, a PDF, a spreadsheet or a Word file";

type Kept = { files: (ReceivedFile & { storageKey: string })[]; notKept: string[] };

const forget = (kept: Kept, storage: FileStorage) =>
  Promise.all(kept.files.map((file) => storage.delete(file.storageKey).catch(() => {})));

/**
 * Attachments are held to the quote form's rules; what is not kept is named, and stays in the e-mail. A
 * failure part way removes what was already stored, so a retry stores nothing twice.
 */
async function keepAttachments(mail: IncomingMail, desk: MailDesk): Promise<Kept> {
  const kept: Kept = { files: [], notKept: [] };
  let total = 0;
  try {
    for (const { fileName, bytes } of mail.attachments) {
      const refuse = (why: string) => kept.notKept.push(`${fileName} (${formatBytes(bytes.length)}): ${why}`);
      if (kept.files.length >= attachmentRules.maxFiles) refuse(`more than ${attachmentRules.maxFiles} files`);
      else if (bytes.length > attachmentRules.maxFileBytes)
        refuse(`over ${formatBytes(attachmentRules.maxFileBytes)}, the most kept for one file`);
      else if (total + bytes.length > attachmentRules.maxTotalBytes)
        refuse(`over ${formatBytes(attachmentRules.maxTotalBytes)} in all`);
      else {
        try {
          const file =
            (await receiveDocument(bytes, fileName, desk.incomingDir)) ??
            (await receiveBytes(bytes, fileName, desk.incomingDir));
          if (!file) continue;
          const storageKey = newStorageKey(file.extension);
          await desk.storage.put(storageKey, file.localPath, file.contentType);
          total += bytes.length;
          kept.files.push({ ...file, storageKey });
        } catch (error) {
          if (!(error instanceof UploadError)) throw error;
          refuse(error.status === 415 ? notKeptType : "could not be opened");
        }
      }
    }
  } catch (error) {
    await forget(kept, desk.storage);
    throw error;
  }
  if (mail.moreAttachments > 0) kept.notKept.push(`${mail.moreAttachments} more files: not read`);
  return kept;
}

/**
 * What the buyer's own e-mail does: the desk is waiting on it, and a quoted or lost request is back in
 * hand. Automatic mail changes nothing, nor does one the receiving server could not vouch for: anyone can
 * write the buyer's address in From.
 */
function movesTheRequest(mail: IncomingMail) {
  return !mail.automatic && mail.senderCheck !== "failed";
}

type JoinOptions = {
  /** The request staff chose for it (on the desk's list of mail not joined), instead of matching. */
  into?: Quote;
  /** Who joined it by hand, for the request's timeline. */
  by?: { id: string; name: string };
};

/** The buyer's address and everyone our e-mails about the request were copied to: their answers are the buyer's. */
async function buyersAddresses(db: Db | Tx, quote: Quote) {
  const copied = await db
    .select({ cc: quoteMessages.cc })
    .from(quoteMessages)
    .where(eq(quoteMessages.quoteId, quote.id))
    .unionAll(db.select({ cc: quotations.cc }).from(quotations).where(eq(quotations.quoteId, quote.id)));
  return new Set([quote.email.toLowerCase(), ...copied.flatMap((row) => row.cc)]);
}

/** Writes the e-mail, its files and what it does to the request, in one transaction. */
function store(mail: IncomingMail, quote: Quote, kept: Kept, desk: MailDesk, by: JoinOptions["by"]) {
  return desk.db.transaction(async (tx) => {
    const buyers = await buyersAddresses(tx, quote);
    const [message] = await tx
      .insert(quoteMessages)
      .values({
        quoteId: quote.id,
        direction: "in",
        subject: mail.subject,
        body: mail.text,
        html: mail.html,
        messageId: mail.messageId,
        fromAddress: mail.fromAddress,
        fromOther: !buyers.has(mail.fromAddress),
        automatic: mail.automatic,
        senderVerified: mail.senderCheck,
        notKept: kept.notKept,
      })
      .onConflictDoNothing()
      .returning({ id: quoteMessages.id });
    if (!message) return false;
    if (kept.files.length > 0) {
      await tx.insert(attachments).values(
        kept.files.map((file) => ({
          quoteId: quote.id,
          messageId: message.id,
          storageKey: file.storageKey,
          fileName: file.fileName,
          contentType: file.contentType,
          size: file.size,
          width: file.width,
          height: file.height,
        })),
      );
    }
    if (by) await tx.insert(quoteEvents).values(timelineEvent(quote.id, by, "mail-joined"));
    if (movesTheRequest(mail)) {
      await buyerWrote(tx, quote.id, systemActor("The buyer's e-mail"));
      await queueBuyerAnswerNotice(tx, quote.id, quote.reference, message.id);
    }
    return true;
  });
}

/**
 * Joins one read e-mail to its request, once: the Message-ID is unique, so a second reader adds nothing.
 * Files stored for a join that fails or loses a race are removed in the same step.
 */
export async function joinRead(mail: IncomingMail, desk: MailDesk, options: JoinOptions = {}): Promise<JoinOutcome> {
  // Our notices to staff land in the mailbox read here and name the request: they are not the buyer's words.
  if (!options.into && mail.fromAddress === noticeAddress(desk.salesAddress)) return "ours";
  const quote = options.into ?? (await findRequest(desk.db, mail, desk.salesAddress));
  if (!quote) return "no request";
  const [seen] = await desk.db
    .select({ id: quoteMessages.id })
    .from(quoteMessages)
    .where(eq(quoteMessages.messageId, mail.messageId));
  if (seen) return "already joined";
  const kept = await keepAttachments(mail, desk);
  let joined = false;
  try {
    joined = await store(mail, quote, kept, desk, options.by);
  } finally {
    if (!joined) await forget(kept, desk.storage);
  }
  return joined ? "joined" : "already joined";
}

/** Reads and joins raw MIME; an e-mail that cannot be parsed at all is "unreadable". */
export async function joinMail(raw: Uint8Array, desk: MailDesk, options: JoinOptions = {}): Promise<JoinOutcome> {
  const mail = await readMail(raw, { authservId: desk.authservId }).catch((error: unknown) => {
    if (error instanceof MailParseError) return undefined;
    throw error;
  });
  return mail ? joinRead(mail, desk, options) : "unreadable";
}
