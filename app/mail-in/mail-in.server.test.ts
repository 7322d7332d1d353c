import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { changeStatus } from "#app/desk/request/changes.server.ts";
import { sendReply } from "#app/desk/request/replies.server.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { startDropFolderReader } from "#app/mail-in/drop-folder.server.ts";
import { startImapReader } from "#app/mail-in/imap.server.ts";
import { joinMail, type MailDesk } from "#app/mail-in/join.server.ts";
import { createFsStorage } from "#app/quote/file-storage.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { attachments, heldMail, outbox, quoteMessages, quotes, settings, staffUser } from "#db/schema.ts";
import { buyerMail } from "#test/buyer-mail.ts";
import { type ImapServer, startDovecot } from "#test/dovecot.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";
import { eventually } from "#test/smtp.ts";
import { deliverOutbox, suiteSmtpSink } from "#test/smtp-suite.ts";
import { phonePhoto, samplePdf } from "#test/uploads.ts";

const sales = readConfig({}).site.email;
const domain = sales.split("@")[1];
const quiet = { info() {}, warn() {}, error() {} };
const actor = { id: "alex", name: "Alex Turner" };

describeDatabase("the buyer's e-mails", (target) => {
  const db = () => target.database.db;
  let imap: ImapServer;
  let desk: MailDesk;
  let mailbox: string;
  let mailboxes = 0;
  const sink = suiteSmtpSink();
  beforeAll(async () => {
    imap = await startDovecot();
  });
  afterAll(() => imap.stop());
  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, settings, held_mail restart identity cascade`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mail-in-"));
    desk = { db: db(), storage: createFsStorage(dir), incomingDir: path.join(dir, ".incoming"), salesAddress: sales };
    mailbox = `buyer${++mailboxes}`;
  });

  async function request(status?: "quoted" | "lost") {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    if (status) await changeStatus(db(), quote.id, status, actor, status === "lost" ? "price" : undefined);
    return quote;
  }
  const incoming = (quoteId: number) =>
    db()
      .select()
      .from(quoteMessages)
      .where(eq(quoteMessages.quoteId, quoteId))
      .then((rows) => rows.filter((m) => m.direction === "in"));
  const current = async (id: number) => (await db().select().from(quotes).where(eq(quotes.id, id)))[0];
  const reader = () => startImapReader({ url: imap.url, mailbox, desk, logger: quiet, pollMs: 500 });

  it("joins a reply naming our e-mail once, with two readers at once and after a restart, and leaves the mailbox as it was", async () => {
    const quote = await request();
    await imap.append(
      await buyerMail({
        subject: "Re: Your quote request",
        inReplyTo: `<${quote.reference}.acknowledgement@${domain}>`,
        references: `<${quote.reference}.acknowledgement@${domain}>`,
        text: "Could you do 10 instead of 2?",
      }),
      mailbox,
    );
    await imap.append(await buyerMail({ subject: "Lunch on Friday?", text: "Nothing to do with a request" }), mailbox);
    const [one, two] = [reader(), reader()];
    await eventually(async () => (await incoming(quote.id)).length === 1, 15_000);
    await Promise.all([one.check(), two.check()]);
    await Promise.all([one.stop(), two.stop()]);
    // A restart that has forgotten where it was reads every message again, and adds nothing.
    await db().delete(settings).where(sql`${settings.key} like 'imap_cursor:%'`);
    const again = reader();
    await eventually(
      async () =>
        Boolean(
          await db()
            .select()
            .from(settings)
            .where(sql`${settings.key} like 'imap_cursor:%'`)
            .then((r) => r[0]),
        ),
      15_000,
    );
    await again.check();
    await again.stop();
    const messages = await incoming(quote.id);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      body: expect.stringContaining("10 instead of 2"),
      fromOther: false,
      automatic: false,
    });
    expect((await current(quote.id))?.customerRepliedAt).toBeInstanceOf(Date);
    expect((await current(quote.id))?.firstReplyAt).toBeNull();
    expect(await db().select().from(quoteMessages)).toHaveLength(1);
    expect(await imap.list(mailbox)).toEqual([
      { uid: 1, flags: [] },
      { uid: 2, flags: [] },
    ]);
  });

  it("keeps an out-of-office answer without reopening; the buyer's own answer reopens a quoted request until the desk replies", async () => {
    const quote = await request("quoted");
    const answering = `<${quote.reference}.1.abc123@${domain}>`;
    const ooo = await buyerMail({
      subject: `Automatic reply: Quotation ${quote.reference}/1`,
      inReplyTo: answering,
      headers: { "Auto-Submitted": "auto-replied", "X-Autoreply": "yes" },
      text: "I am out of the office until Monday.",
    });
    expect(await joinMail(ooo, desk)).toBe("joined");
    expect(await joinMail(ooo, desk)).toBe("already joined");
    expect(await current(quote.id)).toMatchObject({ status: "quoted", customerRepliedAt: null });
    expect((await incoming(quote.id))[0]?.automatic).toBe(true);

    const answer = await buyerMail({
      subject: `Re: Quotation ${quote.reference}/1`,
      inReplyTo: answering,
      text: "Order placed.",
    });
    expect(await joinMail(answer, desk)).toBe("joined");
    expect(await current(quote.id)).toMatchObject({ status: "in_progress", version: quote.version + 1 });
    expect((await current(quote.id))?.customerRepliedAt).toBeInstanceOf(Date);
    await db().transaction((tx) =>
      sendReply(tx, { ...quote, status: "in_progress" }, { subject: "Thanks", body: "Thank you" }, actor, {
        email: sales,
      }),
    );
    expect((await current(quote.id))?.customerRepliedAt).toBeNull();
  });

  it("matches by the reference in the subject, follows a merge, flags another sender, and leaves unknown mail alone", async () => {
    const quote = await request("lost");
    const other = await request();
    await db().update(quotes).set({ mergedIntoId: quote.id }).where(eq(quotes.id, other.id));
    const fromColleague = await buyerMail({
      from: "Sam <sam@other.example>",
      subject: `About ${other.reference.toLowerCase()}`,
      text: "Same job as Dana's.",
    });
    expect(await joinMail(fromColleague, desk)).toBe("joined");
    const [message] = await incoming(quote.id);
    expect(message).toMatchObject({ fromAddress: "sam@other.example", fromOther: true });
    expect(await current(quote.id)).toMatchObject({ status: "in_progress", lostReason: null, closedAt: null });
    // Malformed MIME (no closing boundary, broken base64, a NUL and a lone surrogate) is still read as far as it goes.
    const broken = Buffer.from(
      [
        `Subject: Re: ${quote.reference}`,
        "From: dana@works.example",
        'Content-Type: multipart/mixed; boundary="b1"',
        "",
        "--b1",
        "Content-Type: text/plain; charset=utf-8",
        "",
        "Still needed\u0000 \ud800 by Friday",
        "--b1",
        'Content-Type: image/jpeg; name="x.jpg"',
        "Content-Transfer-Encoding: base64",
        "",
        "!!!not base64!!!",
      ].join("\r\n"),
    );
    expect(await joinMail(broken, desk)).toBe("joined");
    const read = (await incoming(quote.id)).find((m) => m.body.includes("Still needed"));
    expect([read?.body.includes("\u0000"), read?.body.includes("\uFFFD"), read?.body.includes("by Friday")]).toEqual([
      false,
      false,
      true,
    ]);
    expect(read?.notKept).toEqual(["x.jpg (6 bytes): not a photo, a PDF, a spreadsheet or a Word file"]);
    const foreign = await buyerMail({ subject: "Hello", inReplyTo: `<${quote.reference}.1.abc@elsewhere.example>` });
    expect(await joinMail(foreign, desk)).toBe("no request");
    expect(await joinMail(Buffer.from("\u0000\u0000 not mime at all"), desk)).not.toBe("joined");
  });

  it("keeps photos (without their metadata) and PDFs like uploads, names what it does not keep, and never keeps live HTML", async () => {
    const quote = await request();
    const raw = await buyerMail({
      subject: `Re: ${quote.reference}`,
      html: `<p>Nameplate <b>attached</b></p><script>alert(1)</script><img src="https://tracker.example/p.gif"><form action="https://evil.example"><input name="x"></form><a href="javascript:alert(1)">x</a><a href="https://works.example">site</a>`,
      attachments: [
        { filename: "nameplate.jpg", content: await phonePhoto(800, 600) },
        { filename: "drawing.pdf", content: samplePdf },
        { filename: "setup.exe", content: Buffer.from("MZ not a photo") },
        { filename: "huge.pdf", content: Buffer.concat([samplePdf, Buffer.alloc(12 * 1024 * 1024)]) },
      ],
    });
    expect(await joinMail(raw, desk)).toBe("joined");
    const [message] = await incoming(quote.id);
    expect(message?.body).toBe("");
    expect(message?.html).toContain("<b>attached</b>");
    expect(message?.html).not.toMatch(/script|<img|<form|<input|javascript:|tracker/);
    expect(message?.notKept).toEqual([
      "setup.exe (14 bytes): not a photo, a PDF, a spreadsheet or a Word file",
      "huge.pdf (12.0 MB): over 10 MB, the most kept for one file",
    ]);
    const files = await db()
      .select()
      .from(attachments)
      .where(eq(attachments.messageId, message?.id ?? 0));
    expect(files.map((f) => [f.fileName, f.contentType])).toEqual([
      ["nameplate.jpg", "image/jpeg"],
      ["drawing.pdf", "application/pdf"],
    ]);
    const photo = files[0];
    const stored = await desk.storage.get(photo?.storageKey ?? "");
    const chunks: Buffer[] = [];
    for await (const chunk of stored ?? []) chunks.push(chunk as Buffer);
    expect((await sharp(Buffer.concat(chunks)).metadata()).exif).toBeUndefined();
  });

  it("passes over the website's own notices to staff in the mailbox it reads: they neither join a request nor are set aside", async () => {
    const quote = await request("quoted");
    // Its owner's account uses the sales address, so each notice to the owner lands in the mailbox read here.
    await db()
      .insert(staffUser)
      .values({ id: "sales-desk", name: "Sales", email: sales, role: "staff" })
      .onConflictDoNothing();
    await db().update(quotes).set({ ownerId: "sales-desk" }).where(eq(quotes.id, quote.id));
    const config = readConfig({});
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "outbox-"));
    // Each notice goes out through the real outbox to the sales address, which is the mailbox read here.
    const noticesToSales = async () => {
      sink().messages.length = 0;
      await deliverOutbox({ db: db(), config, sink: sink(), dataDir });
      const notices = sink().messages.filter((m) => m.envelope.to.includes(config.quoteNotifyTo));
      for (const notice of notices) await imap.append(notice.raw, mailbox);
      return notices;
    };
    const buyerAnswer = async (text: string) =>
      imap.append(await buyerMail({ subject: `Re: ${quote.reference}`, text }), mailbox);

    const [notification] = await noticesToSales();
    expect(notification?.header("subject")).toContain(`Quote request ${quote.reference}`);
    expect(notification?.header("auto-submitted")).toBe("auto-generated");
    // The buyer's answer after it is read only once the notice before it has been.
    await buyerAnswer("Yes please, go ahead.");
    const mailReader = reader();
    await eventually(async () => (await incoming(quote.id)).length === 1, 15_000);
    // The buyer's answer sends its owner a notice, which arrives in the same mailbox.
    const [answered] = await noticesToSales();
    expect(answered?.header("subject")).toBe(`Your buyer answered: ${quote.reference}`);
    await buyerAnswer("And 4 more, please.");
    await eventually(async () => (await incoming(quote.id)).length === 2, 15_000);
    await mailReader.stop();

    expect((await incoming(quote.id)).map((m) => m.body.trim())).toEqual([
      "Yes please, go ahead.",
      "And 4 more, please.",
    ]);
    expect(await db().select().from(heldMail)).toEqual([]);
    // Two answers, two notices: the notices themselves asked for none.
    const [{ queued } = { queued: 0 }] = await db()
      .select({ queued: sql<number>`count(*)::int` })
      .from(outbox)
      .where(eq(outbox.kind, "buyer-answer-notice"));
    expect(queued).toBe(2);
  });

  it("reads .eml files dropped into the inbox folder when there is no mailbox, and sets aside one that names no request", async () => {
    const quote = await request();
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "inbox-"));
    fs.writeFileSync(
      path.join(dir, "answer.eml"),
      await buyerMail({ subject: `Re: ${quote.reference}`, text: "Yes please" }),
    );
    fs.writeFileSync(path.join(dir, "other.eml"), await buyerMail({ subject: "Unrelated", text: "Hello" }));
    const folder = startDropFolderReader({ dir, desk, logger: quiet, pollMs: 100 });
    await eventually(() => fs.existsSync(path.join(dir, "read", "answer.eml")), 10_000);
    await eventually(() => fs.existsSync(path.join(dir, "held", "other.eml")), 10_000);
    await folder.stop();
    expect((await incoming(quote.id)).map((m) => m.body.trim())).toEqual(["Yes please"]);
    expect(fs.readdirSync(dir).sort()).toEqual(["held", "read"]);
    const held = await db().select().from(heldMail);
    expect(held).toMatchObject([
      { fileName: "other.eml", why: "no request", fromAddress: "dana@works.example", subject: "Unrelated" },
    ]);
  });
});
