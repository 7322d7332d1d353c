import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, expect, it } from "vitest";
import { changeStatus } from "#app/desk/request/changes.server.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { startDropFolderReader } from "#app/mail-in/drop-folder.server.ts";
import { startImapReader } from "#app/mail-in/imap.server.ts";
import { joinMail, type MailDesk } from "#app/mail-in/join.server.ts";
import { createFsStorage } from "#app/quote/file-storage.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { attachments, heldMail, quoteMessages, quotes, settings } from "#db/schema.ts";
import { buyerMail } from "#test/buyer-mail.ts";
import { type ImapServer, startDovecot } from "#test/dovecot.ts";
import { filePart, multipart, nulAnswer, paddedPdf, rawMail, textPart } from "#test/hostile-mail.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";
import { eventually } from "#test/smtp.ts";

const sales = readConfig({}).site.email;

/** Every line the reader logs, as it would reach the log. */
function recorder() {
  const lines: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const at = (level: string) => (fields: Record<string, unknown>, message: string) =>
    void lines.push({ level, fields, message });
  return { lines, logger: { info: at("info"), warn: at("warn"), error: at("error") } };
}

// Every insert of this subject fails, as an insert the database refuses would, whatever the reader cleans.
const refusedSubject = "Always refused";

describeDatabase("hostile mail cannot stop the mailbox", (target) => {
  const db = () => target.database.db;
  let desk: MailDesk;
  let uploads: string;
  let imap: ImapServer;
  let mailboxes = 0;
  beforeAll(async () => {
    imap = await startDovecot();
  });
  afterAll(() => imap.stop());
  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, settings, held_mail restart identity cascade`);
    await db().execute(sql`
      create or replace function refuse_test_subject() returns trigger language plpgsql as $$
      begin
        if new.subject like ${sql.raw(`'%${refusedSubject}%'`)} then raise exception 'refused for the test'; end if;
        return new;
      end $$`);
    await db().execute(sql`
      create or replace trigger refuse_test_subject before insert on quote_messages
      for each row execute function refuse_test_subject()`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hostile-"));
    uploads = path.join(dir, "uploads");
    desk = {
      db: db(),
      storage: createFsStorage(uploads),
      incomingDir: path.join(dir, ".incoming"),
      salesAddress: sales,
    };
  });
  afterEach(async () => {
    await db().execute(sql`drop trigger if exists refuse_test_subject on quote_messages`);
  });

  async function request() {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    return quote;
  }
  const stored = () => (fs.existsSync(uploads) ? fs.readdirSync(uploads).filter((name) => !name.startsWith(".")) : []);
  const bodies = async (quoteId: number) =>
    (await db().select().from(quoteMessages).where(eq(quoteMessages.quoteId, quoteId))).map((m) => m.body.trim());
  const failing = (reference: string) =>
    buyerMail({
      subject: `Re: ${reference} ${refusedSubject}`,
      text: "Five drawings for the conveyor",
      attachments: [1, 2, 3].map((n) => ({ filename: `drawing-${n}.pdf`, content: paddedPdf(256 * 1024) })),
    });

  it("joins an answer with a NUL in a refused file's name or in its Message-ID (raw or encoded) once, every text cleaned", async () => {
    const quote = await request();
    for (const encodedId of [false, true]) {
      const raw = nulAnswer(quote.reference, { encodedId });
      expect(await joinMail(raw, desk)).toBe("joined");
      expect(await joinMail(raw, desk)).toBe("already joined");
    }
    const messages = await db().select().from(quoteMessages).where(eq(quoteMessages.quoteId, quote.id));
    expect(messages).toHaveLength(2);
    for (const message of messages) {
      expect(JSON.stringify(message)).not.toContain("\\u0000");
      expect(message.subject).toBe(`Re: ${quote.reference} drawings attached`);
      expect(message.body.trim()).toBe("Drawings attached  as promised.");
      expect(message.notKept).toEqual(["a b.zip (15 bytes): not a photo, a PDF, a spreadsheet or a Word file"]);
    }
    // Two PDFs kept with each, each stored once.
    const files = await db().select().from(attachments).where(eq(attachments.quoteId, quote.id));
    expect(files).toHaveLength(4);
    expect(stored()).toHaveLength(4);
  });

  it("joins an answer whose refused file's name the parser's cut leaves ending in half a character", async () => {
    const quote = await request();
    // 8,191 units, then an emoji (two): the cut at 8,192 leaves its first half alone after the slash.
    const name = encodeURIComponent(`${"a".repeat(8190)}/🔧.zip`);
    const raw = rawMail(
      [
        "From: Dana <dana@works.example>",
        `Subject: Re: ${quote.reference}`,
        "Message-ID: <half-a-character@works.example>",
        "MIME-Version: 1.0",
        'Content-Type: multipart/mixed; boundary="b1"',
      ],
      multipart("b1", [
        textPart("The list is attached."),
        filePart(`attachment; filename*=utf-8''${name}`, "application/zip", Buffer.from("PK\u0003\u0004 zip")),
      ]),
    );
    expect(await joinMail(raw, desk)).toBe("joined");
    const [message] = await db().select().from(quoteMessages).where(eq(quoteMessages.quoteId, quote.id));
    expect(message?.notKept).toEqual(["attachment (8 bytes): not a photo, a PDF, a spreadsheet or a Word file"]);
  });

  it("sets aside an e-mail that fails three times (across a restart), removes what it stored each time, and reads the folder on past it", async () => {
    const quote = await request();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inbox-"));
    fs.writeFileSync(path.join(dir, "a-refused.eml"), await failing(quote.reference));
    fs.writeFileSync(
      path.join(dir, "b-answer.eml"),
      await buyerMail({ subject: `Re: ${quote.reference}`, text: "Yes please" }),
    );
    const { lines, logger } = recorder();
    const failures = () => lines.filter((line) => line.message === "e-mail could not be joined");
    // The first pass, at start, joins the answer after the failing e-mail.
    const before = startDropFolderReader({ dir, desk, logger, pollMs: 60_000 });
    try {
      await eventually(async () => (await bodies(quote.id)).includes("Yes please"), 10_000);
      await eventually(() => failures().length === 1, 10_000);
    } finally {
      await before.stop();
    }
    // A restart counts on from the database: two more failures set it aside.
    const after = startDropFolderReader({ dir, desk, logger, pollMs: 60_000 });
    try {
      await eventually(async () => {
        await after.check();
        return fs.existsSync(path.join(dir, "held", "a-refused.eml"));
      }, 10_000);
    } finally {
      await after.stop();
    }
    expect(fs.readdirSync(dir).sort()).toEqual(["held", "read"]);
    const [held] = await db().select().from(heldMail);
    expect(held).toMatchObject({
      fileName: "a-refused.eml",
      why: "failed",
      errorKind: "database error P0001",
      attempts: 3,
      state: "held",
      fromAddress: "dana@works.example",
      subject: `Re: ${quote.reference} ${refusedSubject}`,
    });
    // Only the e-mail itself is kept for the desk: none of the three drawings stored on each of three tries.
    expect(stored()).toEqual([held?.storageKey]);
    expect(failures().map((line) => line.fields)).toEqual(
      [1, 2, 3].map((attempts) => ({ file: "a-refused.eml", kind: "database error P0001", attempts })),
    );
    const logged = JSON.stringify(lines);
    for (const secret of ["dana@works.example", "Dana", refusedSubject, "conveyor", "insert into"]) {
      expect(logged).not.toContain(secret);
    }
  });

  it("over IMAP: moves its cursor past an e-mail that fails, joins the ones after it, and sets the failing one aside", async () => {
    const quote = await request();
    const mailbox = `hostile${++mailboxes}`;
    await imap.append(await failing(quote.reference), mailbox);
    await imap.append(await buyerMail({ subject: `Re: ${quote.reference}`, text: "Yes please" }), mailbox);
    const { lines, logger } = recorder();
    const reader = startImapReader({ url: imap.url, mailbox, desk, logger, pollMs: 60_000, retryMs: 50 });
    const cursor = async () =>
      (
        await db()
          .select()
          .from(settings)
          .where(eq(settings.key, `imap_cursor:${mailbox}`))
      )[0]?.value ?? "";
    try {
      await eventually(async () => (await bodies(quote.id)).includes("Yes please"), 15_000);
      // The cursor past the last e-mail: the failing one was set aside and the pass went on to the end.
      await eventually(async () => (await cursor()).endsWith(":2"), 15_000);
    } finally {
      await reader.stop();
    }
    const held = await db().select({ uid: heldMail.uid, why: heldMail.why, state: heldMail.state }).from(heldMail);
    expect(held).toEqual([{ uid: 1, why: "failed", state: "held" }]);
    expect(await bodies(quote.id)).toEqual(["Yes please"]);
    expect(stored()).toHaveLength(1);
    expect(await imap.list(mailbox)).toEqual([
      { uid: 1, flags: [] },
      { uid: 2, flags: [] },
    ]);
    expect(lines.filter((line) => line.level === "warn").map((line) => line.fields)).toEqual(
      [1, 2, 3].map((attempts) => expect.objectContaining({ uid: 1, kind: "database error P0001", attempts })),
    );
    expect(JSON.stringify(lines)).not.toContain("works.example");
  });

  it("keeps an answer its mail server did not verify, marked, without reopening the request or marking it Customer replied", async () => {
    const quote = await request();
    await changeStatus(db(), quote.id, "quoted", { id: "alex", name: "Alex Turner" });
    const answer = (results: string, id: string) =>
      rawMail(
        [
          `Authentication-Results: ${results}`,
          "From: Dana Fitter <dana@works.example>",
          `Subject: Re: Quotation ${quote.reference}/1`,
          `Message-ID: <${id}@works.example>`,
        ],
        "Order placed, please deliver on Friday.",
      );
    const spoofed =
      "mx.wrekin.example; spf=fail smtp.mailfrom=dana@works.example; dmarc=fail header.from=works.example";
    expect(await joinMail(answer(spoofed, "spoofed"), desk)).toBe("joined");
    const current = async () => (await db().select().from(quotes).where(eq(quotes.id, quote.id)))[0];
    expect(await current()).toMatchObject({ status: "quoted", customerRepliedAt: null });
    const checks = () =>
      db()
        .select({ messageId: quoteMessages.messageId, senderVerified: quoteMessages.senderVerified })
        .from(quoteMessages)
        .orderBy(quoteMessages.id);
    expect(await checks()).toEqual([{ messageId: "<spoofed@works.example>", senderVerified: "failed" }]);

    const genuine = "mx.wrekin.example; dkim=pass header.d=works.example; dmarc=pass header.from=works.example";
    expect(await joinMail(answer(genuine, "genuine"), desk)).toBe("joined");
    expect(await current()).toMatchObject({ status: "in_progress", customerRepliedAt: expect.any(Date) });
    expect((await checks())[1]).toEqual({ messageId: "<genuine@works.example>", senderVerified: "verified" });
  });
});
