import { createHash } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { beforeEach, expect, it } from "vitest";
import { readConfig } from "#app/lib/env.server.ts";
import { londonDay } from "#app/lib/london-time.ts";
import { checkDraft, type Draft, emptyLine } from "#app/quotation/draft.ts";
import { findByToken, issueQuotationLink, onlineStates, recordView, standingOf } from "#app/quotation/online.server.ts";
import { acceptQuotation, declineQuotation } from "#app/quotation/online-answer.server.ts";
import { sendQuotation } from "#app/quotation/quotation.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { moveStatus } from "#app/request/lifecycle.server.ts";
import { quotationLinks, quotationResponses } from "#db/quotation-online-schema.ts";
import { outbox, quotations, quoteEvents, quotes, staffUser } from "#db/schema.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";
import { deliverOutbox, suiteSmtpSink } from "#test/smtp-suite.ts";

const actor = { id: "alex", name: "Alex Turner", email: "alex@desk.example" };
const config = readConfig({ SITE_URL: "https://www.wrekin-mro.example" });
const day = 24 * 3600 * 1000;
const inDays = (days: number) => new Date(Date.now() + days * day);
const isoIn = (days: number) => londonDay(inDays(days));

const draft = (validUntil: string, price = "6.45"): Draft => ({
  lines: [emptyLine({ part: "6205-2RS", description: "Deep groove ball bearing", quantity: "4", unitPrice: price })],
  delivery: "9.50",
  validUntil,
  paymentTerms: "30 days from invoice",
  vatRate: "20",
  subject: "Quotation {revision}",
  message: "Dear {name},\n\nPlease find our quotation {revision} attached.",
  deliveryTerms: "Free UK delivery",
  buyerReference: "",
  deliveryAddress: "",
});

const acceptance = { buyerName: "Robin Buyer", poNumber: "4500012345", terms: "on" as const };

describeDatabase("a quotation online", (target) => {
  const db = () => target.database.db;
  const sink = suiteSmtpSink();
  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox, staff_user restart identity cascade`);
  });

  async function quoted(validUntil = isoIn(30), price?: string) {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    return { quote, ...(await send(quote, validUntil, price)) };
  }
  async function send(quote: typeof quotes.$inferSelect, validUntil: string, price?: string) {
    const checked = checkDraft(draft(validUntil, price), londonDay());
    if (!checked.ok) throw new Error(JSON.stringify(checked.errors));
    const sent = await db().transaction((tx) =>
      sendQuotation(tx, quote, draft(validUntil, price), checked.value, actor, config.site),
    );
    const link = await issueQuotationLink(db(), sent.quotationId, validUntil, config.siteUrl);
    return { ...sent, token: link.split("/q/")[1] ?? "" };
  }
  async function deliver() {
    await deliverOutbox({ db: db(), config, sink: sink(), dataDir: target.dataDir });
  }
  const statusOf = async (id: number) => (await db().select().from(quotes).where(eq(quotes.id, id)))[0];
  /** What the outbox holds beyond each request's own notification to sales. */
  const kinds = async () =>
    (await db().select({ kind: outbox.kind }).from(outbox))
      .map((row) => row.kind)
      .filter((kind) => kind !== "email")
      .sort();

  it("is linked from the quotation's e-mail by a 256-bit token of which only the SHA-256 is stored", async () => {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    const checked = checkDraft(draft(isoIn(30)), londonDay());
    if (!checked.ok) throw new Error("invalid");
    await db().transaction((tx) => sendQuotation(tx, quote, draft(isoIn(30)), checked.value, actor, config.site));
    await deliver();
    const mail = sink().messages.find((m) => m.envelope.to.includes(sampleQuote.email));
    const token = mail?.text.match(
      /View and accept this quotation online: https:\/\/www\.wrekin-mro\.example\/q\/([\w-]+)/,
    )?.[1];
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const rows = await db().select().from(quotationLinks);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(
      createHash("sha256")
        .update(token ?? "")
        .digest("hex"),
    );
    expect(JSON.stringify(rows)).not.toContain(token);
    expect((await findByToken(db(), token ?? "", new Date()))?.quote.reference).toBe(reference);
  });

  it("opens nothing for a wrong, malformed or expired token", async () => {
    const { token, quote } = await quoted(isoIn(10));
    const wrong = `${token.slice(0, -1)}${token.endsWith("A") ? "B" : "A"}`;
    expect(await findByToken(db(), wrong, new Date())).toBeUndefined();
    expect(await findByToken(db(), "../../etc/passwd", new Date())).toBeUndefined();
    // Past its validity the page still opens (saying so) for 90 days, then the token is dead.
    const late = await findByToken(db(), token, inDays(12));
    expect(late && standingOf(late, inDays(12))).toEqual({ kind: "expired", validUntil: isoIn(10) });
    expect(await findByToken(db(), token, inDays(10 + 92))).toBeUndefined();
    expect(quote.reference).toMatch(/^Q-/);
  });

  it("keeps when the buyer first and last opened it", async () => {
    const { token } = await quoted();
    const found = await findByToken(db(), token, new Date());
    if (!found) throw new Error("not found");
    const first = new Date("2026-11-26T09:15:00Z");
    const last = new Date("2026-11-27T14:40:00Z");
    await recordView(db(), found.link.id, first);
    await recordView(db(), found.link.id, last);
    const [link] = await db().select().from(quotationLinks);
    expect(link?.firstViewedAt?.toISOString()).toBe(first.toISOString());
    expect(link?.lastViewedAt?.toISOString()).toBe(last.toISOString());

    // A later e-mail (a chaser) carries a new link; the quotation e-mail's keeps opening the same revision,
    // and the desk counts a view by either.
    const validUntil = found.content.validUntil;
    const chaserLink = await issueQuotationLink(db(), found.quotation.id, validUntil, "https://site.example");
    const chaserToken = chaserLink.split("/q/")[1] ?? "";
    const byChaser = await findByToken(db(), chaserToken, new Date());
    expect(byChaser?.revision).toBe(found.revision);
    expect((await findByToken(db(), token, new Date()))?.revision).toBe(found.revision);
    const later = new Date("2026-11-30T08:05:00Z");
    await recordView(db(), byChaser?.link.id ?? 0, later);
    const [state] = await onlineStates(db(), found.quote.id);
    expect(state?.firstViewedAt?.toISOString()).toBe(first.toISOString());
    expect(state?.lastViewedAt?.toISOString()).toBe(later.toISOString());
  });

  it("stores an acceptance once, puts the request in Accepted and e-mails the buyer (threaded) and the owner once", async () => {
    const { token, quote } = await quoted();
    await db()
      .insert(staffUser)
      .values({ id: "bea", name: "Bea Khan", email: "bea@wrekin-mro.example", role: "staff" });
    await db().update(quotes).set({ ownerId: "bea" }).where(eq(quotes.id, quote.id));
    expect(await acceptQuotation(db(), token, acceptance)).toEqual({ done: "stored", answer: "accepted" });
    // A double click, or the back button and Accept again: the first answer stands and nothing more is sent.
    expect(await acceptQuotation(db(), token, acceptance)).toEqual({
      done: "already",
      answer: "accepted",
      differs: false,
    });
    // Another tab's acceptance with another PO: not recorded, and the page says so.
    expect(await acceptQuotation(db(), token, { ...acceptance, poNumber: "999" })).toEqual({
      done: "already",
      answer: "accepted",
      differs: true,
    });
    const responses = await db().select().from(quotationResponses);
    expect(responses).toMatchObject([{ answer: "accepted", poNumber: "4500012345", buyerName: "Robin Buyer" }]);
    expect(await kinds()).toEqual(["acceptance", "acceptance-notice", "quotation"]);
    expect((await statusOf(quote.id))?.status).toBe("accepted");
    const events = await db().select().from(quoteEvents).where(eq(quoteEvents.kind, "accepted-online"));
    expect(events.map((e) => e.detail)).toEqual([{ revision: `${quote.reference}/1`, poNumber: "4500012345" }]);
    await deliver();
    const [sent] = await db().select().from(quotations).where(eq(quotations.quoteId, quote.id));
    const toBuyer = sink().messages.find((m) => m.header("subject")?.startsWith("We have your acceptance"));
    expect(toBuyer?.envelope.to).toEqual([sampleQuote.email]);
    expect(toBuyer?.header("in-reply-to")).toBe(sent?.messageId);
    expect(toBuyer?.text).toContain("with your order number 4500012345");
    const toOwner = sink().messages.find((m) => m.header("subject")?.startsWith("Accepted online"));
    expect(toOwner?.envelope.to).toEqual(["bea@wrekin-mro.example"]);
    expect(toOwner?.header("subject")).toBe(`Accepted online: ${quote.reference}/1 (PO 4500012345)`);
    expect(toOwner?.text).toContain("Net value: £35.30");
  });

  it("tells sales when nobody owns the request, and takes “PO to follow” without a number", async () => {
    const { token, quote } = await quoted();
    const answer = { buyerName: "Robin Buyer", poToFollow: "on" as const, terms: "on" as const };
    expect(await acceptQuotation(db(), token, answer)).toMatchObject({ done: "stored" });
    await deliver();
    const toSales = sink().messages.find((m) => m.header("subject")?.startsWith("Accepted online"));
    expect(toSales?.envelope.to).toEqual([config.quoteNotifyTo]);
    expect(toSales?.header("subject")).toBe(`Accepted online: ${quote.reference}/1 (PO to follow)`);
  });

  it("refuses a quotation past its validity, superseded by a newer revision, or on a closed request", async () => {
    const expired = await quoted(isoIn(1));
    expect(await acceptQuotation(db(), expired.token, acceptance, inDays(3))).toEqual({
      done: "refused",
      standing: { kind: "expired", validUntil: isoIn(1) },
    });

    const superseded = await quoted();
    await send(superseded.quote, isoIn(30), "6.00");
    expect(await acceptQuotation(db(), superseded.token, acceptance)).toEqual({
      done: "refused",
      standing: { kind: "superseded", newer: `${superseded.quote.reference}/2` },
    });

    const closed = await quoted();
    await db().transaction((tx) => moveStatus(tx, closed.quote.id, "won", { actor, by: "staff" }));
    expect(await declineQuotation(db(), closed.token, { reason: "price" })).toEqual({
      done: "refused",
      standing: { kind: "closed" },
    });
    expect(await db().select().from(quotationResponses)).toEqual([]);
    expect(await kinds()).toEqual(["quotation", "quotation", "quotation", "quotation"]);
    expect((await statusOf(expired.quote.id))?.status).toBe("quoted");
  });

  it("records a decline with its reason, loses the request for that reason and tells the owner", async () => {
    const { token, quote } = await quoted();
    const decline = { reason: "other" as const, reasonText: "The line was shut down" };
    expect(await declineQuotation(db(), token, decline)).toEqual({ done: "stored", answer: "declined" });
    expect(await acceptQuotation(db(), token, acceptance)).toEqual({
      done: "already",
      answer: "declined",
      differs: true,
    });
    expect(await db().select().from(quotationResponses)).toMatchObject([
      { answer: "declined", declineReason: "other", declineText: "The line was shut down" },
    ]);
    expect(await statusOf(quote.id)).toMatchObject({ status: "lost", lostReason: "other" });
    expect(await kinds()).toEqual(["decline-notice", "quotation"]);
    await deliver();
    const notice = sink().messages.find((m) => m.header("subject")?.startsWith("Declined online"));
    expect(notice?.envelope.to).toEqual([config.quoteNotifyTo]);
    expect(notice?.text).toContain("Reason: Other (please say) — The line was shut down");
  });
});
