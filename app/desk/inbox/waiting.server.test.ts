import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, expect, it } from "vitest";
import { inboxPage, parseInboxQuery, statusCounts } from "#app/desk/inbox/inbox.server.ts";
import { requestPageAction } from "#app/desk/request/action.server.ts";
import { changeStatus } from "#app/desk/request/changes.server.ts";
import type { ActionReply } from "#app/desk/request/intents.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { joinMail, type MailDesk } from "#app/mail-in/join.server.ts";
import { composeBuyerAnswerNotice, loadBuyerAnswer } from "#app/mail-out/buyer-answer.server.ts";
import { createFsStorage } from "#app/quote/file-storage.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { outbox, quotes, staffUser } from "#db/schema.ts";
import type { Services } from "#server/services.server.ts";
import { buyerMail } from "#test/buyer-mail.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";

const config = readConfig({ SITE_URL: "https://desk.example" });
const sales = config.site.email;
const domain = sales.split("@")[1];
const alex = { id: "alex", name: "Alex Turner", email: "alex@wrekin-mro.example" };

describeDatabase("requests waiting on us", (target) => {
  const db = () => target.database.db;
  let desk: MailDesk;

  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, staff_user restart identity cascade`);
    await db()
      .insert(staffUser)
      .values({ ...alex, role: "staff" as const });
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "waiting-"));
    desk = { db: db(), storage: createFsStorage(dir), incomingDir: path.join(dir, ".incoming"), salesAddress: sales };
  });

  async function request(status?: "quoted", ownerId?: string) {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    if (status) await changeStatus(db(), quote.id, status, alex);
    if (ownerId) await db().update(quotes).set({ ownerId }).where(eq(quotes.id, quote.id));
    return quote;
  }
  const current = async (id: number) => {
    const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
    if (!row) throw new Error("gone");
    return row;
  };
  /** The buyer answers our quotation; `automatic` makes it an out-of-office reply. */
  const answer = async (reference: string, text: string, automatic = false) =>
    joinMail(
      await buyerMail({
        subject: `Re: Quotation ${reference}/1`,
        inReplyTo: `<${reference}.1.abc123@${domain}>`,
        text,
        ...(automatic ? { headers: { "Auto-Submitted": "auto-replied" } } : {}),
      }),
      desk,
    );

  it("sorts requests the buyer answered last, or accepted, first, and lists them under their own tab", async () => {
    const answered = await request("quoted");
    const accepted = await request();
    await request();
    const newest = await request();
    expect(await answer(answered.reference, "Can you do 12?")).toBe("joined");
    await db().update(quotes).set({ status: "accepted" }).where(eq(quotes.id, accepted.id));

    const query = (status: string) => {
      const parsed = parseInboxQuery(new URLSearchParams({ status }));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return parsed.query;
    };
    const all = await inboxPage(db(), query("all"), alex.id);
    // Newest first within each group: the accepted request came after the answered one.
    expect(all.rows.map((r) => r.reference)).toEqual([
      accepted.reference,
      answered.reference,
      newest.reference,
      expect.any(String),
    ]);
    const waiting = await inboxPage(db(), query("waiting"), alex.id);
    expect(waiting.rows.map((r) => r.reference)).toEqual([accepted.reference, answered.reference]);
    expect((await statusCounts(db())).waiting).toBe(2);
  });

  it("e-mails the owner when their buyer answers, naming the request but not the buyer's words; not for an auto-reply", async () => {
    const owned = await request("quoted", alex.id);
    const unowned = await request("quoted");
    expect(await answer(owned.reference, "Out of the office until Monday", true)).toBe("joined");
    expect(await answer(unowned.reference, "Order placed for the bearings")).toBe("joined");
    expect(await answer(owned.reference, "Order placed for the bearings")).toBe("joined");
    // All three e-mails are joined: only the owned request's own answer is told to its owner.
    const notices = await db().select().from(outbox).where(eq(outbox.kind, "buyer-answer-notice"));
    expect(notices.map((n) => n.quoteId)).toEqual([owned.id]);
    const payload = notices[0]?.payload as { messageId: number };
    const mail = composeBuyerAnswerNotice(await loadBuyerAnswer(db(), payload.messageId), config);
    expect(mail).toMatchObject({ to: alex.email, subject: `Your buyer answered: ${owned.reference}` });
    expect(mail.text).toContain(`https://desk.example/desk/quotes/${owned.reference}`);
    expect(mail.text).not.toContain("Order placed");
  });

  it("asks before Won clears the buyer's unanswered e-mail, and keeps it waiting until told", async () => {
    const quote = await request("quoted", alex.id);
    expect(await answer(quote.reference, "Can you do 12?")).toBe("joined");
    const post = async (fields: Record<string, string>) => {
      const context = new RouterContextProvider();
      context.set(servicesContext, { config, database: target.database, outbox: { kick() {} } } as unknown as Services);
      context.set(staffContext, { ...alex, role: "staff", sessionToken: "t" } as never);
      const row = await current(quote.id);
      const body = new URLSearchParams({ intent: "status", status: "won", version: String(row.version), ...fields });
      const result = await requestPageAction(
        new Request(`https://desk.example/desk/quotes/${quote.reference}`, { method: "POST", body }),
        context,
        row,
      );
      if (result && typeof result === "object" && "init" in result && "data" in result)
        return { status: (result.init as ResponseInit | null)?.status ?? 200, reply: result.data as ActionReply };
      return { status: 200, reply: result as ActionReply };
    };
    const asked = await post({ orderValue: "120.00", poNumber: "PO-9" });
    expect(asked.status).toBe(422);
    expect(asked.reply.errors?.closeUnanswered).toMatch(/^The buyer's e-mail of .* is still unanswered\./);
    expect(asked.reply.values).toMatchObject({ orderValue: "120.00", poNumber: "PO-9" });
    expect(await current(quote.id)).toMatchObject({ status: "in_progress", customerRepliedAt: expect.any(Date) });

    const told = await post({ orderValue: "120.00", poNumber: "PO-9", closeUnanswered: "yes" });
    expect(told.status).toBe(200);
    expect(await current(quote.id)).toMatchObject({ status: "won", wonValuePence: 12_000, customerRepliedAt: null });
  });
});
