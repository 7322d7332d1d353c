import { eq, sql } from "drizzle-orm";
import { type IncomingMail, readMail } from "#app/mail-in/read.server.ts";
import { attachmentRules, formatBytes } from "#app/quote/attachments.ts";
import { type FileStorage, newStorageKey } from "#app/quote/file-storage.server.ts";
import { type ReceivedFile, receiveBytes, UploadError } from "#app/quote/uploads.server.ts";
import type { Db } from "#db/client.server.ts";
import { attachments, quoteEvents, quoteMessages, quotes } from "#db/schema.ts";

export type MailDesk = { db: Db; storage: FileStorage; incomingDir: string; salesAddress: string };

/** What became of one e-mail: only "joined" wrote anything. */
export type JoinOutcome = "joined" | "already joined" | "no request" | "unreadable";

const referenceIn = /\bQ-\d{6}-[0-9A-HJKMNP-TV-Z]{5}\b/i;
// The buyer's answer to a quotation, or to a lost request, puts the ball back with the desk; a sale won stays won.
const reopens = new Set(["quoted", "lost"]);

/**
 * The request an e-mail answers: one of our Message-IDs in In-Reply-To or References (each of ours starts
 * with the reference, at the sales address's domain), else a reference in the subject. A request merged
 * into another hands the e-mail on.
 */
async function findRequest(db: Db, mail: IncomingMail, salesAddress: string) {
  const ourDomain = `@${salesAddress.split("@")[1] ?? ""}`.toLowerCase();
  const ours = mail.answers.find((id) => id.toLowerCase().endsWith(ourDomain) && referenceIn.test(id.slice(0, 15)));
  const reference = (ours ?? mail.subject).match(referenceIn)?.[0]?.toUpperCase();
  if (!reference) return undefined;
  let [quote] = await db.select().from(quotes).where(eq(quotes.reference, reference));
  for (let hops = 0; quote?.mergedIntoId && hops < 5; hops++) {
    [quote] = await db.select().from(quotes).where(eq(quotes.id, quote.mergedIntoId));
  }
  return quote;
}

type Kept = { files: (ReceivedFile & { storageKey: string })[]; notKept: string[] };

/** Attachments are held to the quote form's rules; what is not kept is named, and stays in the e-mail. */
async function keepAttachments(mail: IncomingMail, desk: MailDesk): Promise<Kept> {
  const kept: Kept = { files: [], notKept: [] };
  let total = 0;
  for (const { fileName, bytes } of mail.attachments) {
    const refuse = (why: string) => kept.notKept.push(`${fileName} (${formatBytes(bytes.length)}): ${why}`);
    if (kept.files.length >= attachmentRules.maxFiles) refuse(`more than ${attachmentRules.maxFiles} files`);
    else if (bytes.length > attachmentRules.maxFileBytes)
      refuse(`over ${formatBytes(attachmentRules.maxFileBytes)}, the most kept for one file`);
    else if (total + bytes.length > attachmentRules.maxTotalBytes)
      refuse(`over ${formatBytes(attachmentRules.maxTotalBytes)} in all`);
    else {
      try {
        const file = await receiveBytes(bytes, fileName, desk.incomingDir);
        if (!file) continue;
        const storageKey = newStorageKey(file.extension);
        await desk.storage.put(storageKey, file.localPath, file.contentType);
        total += bytes.length;
        kept.files.push({ ...file, storageKey });
      } catch (error) {
        if (!(error instanceof UploadError)) throw error;
        refuse(error.status === 415 ? "not a photo or a PDF" : "could not be opened");
      }
    }
  }
  return kept;
}

/** Joins one e-mail to its request, once: the Message-ID is unique, so a second reader adds nothing. */
export async function joinMail(raw: Uint8Array, desk: MailDesk): Promise<JoinOutcome> {
  const mail = await readMail(raw).catch(() => undefined);
  if (!mail) return "unreadable";
  const quote = await findRequest(desk.db, mail, desk.salesAddress);
  if (!quote) return "no request";
  const [seen] = await desk.db
    .select({ id: quoteMessages.id })
    .from(quoteMessages)
    .where(eq(quoteMessages.messageId, mail.messageId));
  if (seen) return "already joined";
  const kept = await keepAttachments(mail, desk);
  const joined = await desk.db.transaction(async (tx) => {
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
        fromOther: mail.fromAddress !== quote.email.toLowerCase(),
        automatic: mail.automatic,
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
    if (mail.automatic) return true;
    const reopen = reopens.has(quote.status);
    await tx
      .update(quotes)
      .set({
        customerRepliedAt: sql`now()`,
        updatedAt: sql`now()`,
        ...(reopen
          ? { status: "in_progress", closedAt: null, lostReason: null, version: sql`${quotes.version} + 1` }
          : {}),
      })
      .where(eq(quotes.id, quote.id));
    if (reopen) {
      await tx.insert(quoteEvents).values({
        quoteId: quote.id,
        actorName: "The buyer's e-mail",
        kind: "status",
        detail: { from: quote.status, to: "in_progress" },
      });
    }
    return true;
  });
  if (!joined) await Promise.all(kept.files.map((file) => desk.storage.delete(file.storageKey)));
  return joined ? "joined" : "already joined";
}
