import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, expect, it } from "vitest";
import { eventText } from "#app/desk/labels.ts";
import { requestPageAction } from "#app/desk/request/action.server.ts";
import type { ActionReply } from "#app/desk/request/intents.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { londonDay } from "#app/lib/london-time.ts";
import { checkDraft } from "#app/quotation/draft.ts";
import { issueQuotationLink } from "#app/quotation/online.server.ts";
import { acceptQuotation } from "#app/quotation/online-answer.server.ts";
import { sendQuotation } from "#app/quotation/quotation.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { outbox, quotations, quoteEvents, quotes } from "#db/schema.ts";
import type { Services } from "#server/services.server.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleDraft, sampleQuote, storeMeta } from "#test/quotes.ts";
import { deliverOutbox, suiteSmtpSink } from "#test/smtp-suite.ts";

const config = readConfig({ SITE_URL: "https://desk.example" });
const alex = { id: "alex", name: "Alex Turner", email: "alex@wrekin-mro.example" };
const validUntil = "2099-12-31";

describeDatabase("an acceptance online on the desk", (target) => {
  const db = () => target.database.db;
  const sink = suiteSmtpSink();
  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox restart identity cascade`);
  });

  const current = async (id: number) => {
    const [row] = await db().select().from(quotes).where(eq(quotes.id, id));
    if (!row) throw new Error("gone");
    return row;
  };

  /** A request quoted at £35.30 net and accepted online with PO 4500012345. */
  async function accepted() {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const quote = await current((await db().select().from(quotes).where(eq(quotes.reference, reference)))[0]?.id ?? 0);
    const draft = sampleDraft({ delivery: "9.50", validUntil, deliveryAddress: "Goods in\r\nHalesfield 19" });
    const checked = checkDraft(draft, londonDay());
    if (!checked.ok) throw new Error("invalid");
    const sent = await db().transaction((tx) => sendQuotation(tx, quote, draft, checked.value, alex, config.site));
    const link = await issueQuotationLink(db(), sent.quotationId, validUntil, config.siteUrl);
    const token = link.split("/q/")[1] ?? "";
    await acceptQuotation(db(), token, { buyerName: "Robin Buyer", poNumber: "4500012345", terms: "on" });
    return current(quote.id);
  }

  async function post(quote: typeof quotes.$inferSelect, fields: Record<string, string | number>) {
    const context = new RouterContextProvider();
    context.set(servicesContext, { config, database: target.database, outbox: { kick() {} } } as unknown as Services);
    context.set(staffContext, { ...alex, role: "staff", sessionToken: "t" } as never);
    const body = new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)]));
    const result = await requestPageAction(
      new Request(`https://desk.example/desk/quotes/${quote.reference}`, { method: "POST", body }),
      context,
      await current(quote.id),
    );
    if (result && typeof result === "object" && "init" in result && "data" in result)
      return { status: (result.init as ResponseInit | null)?.status ?? 200, reply: result.data as ActionReply };
    return { status: 200, reply: result as ActionReply };
  }

  it("confirms an acceptance as Won at the value a person checked, with the buyer's PO", async () => {
    const quote = await accepted();
    expect(quote.status).toBe("accepted");
    // Refused, the form comes back as it was posted: its box for the buyer's e-mail too.
    expect(
      await post(quote, { intent: "confirm-order", orderValue: "", tellBuyer: "yes", version: quote.version }),
    ).toMatchObject({
      status: 422,
      reply: {
        intent: "confirm-order",
        errors: { orderValue: "Enter the order's value in pounds (net, ex VAT), like 1,250.00" },
        values: { orderValue: "", tellBuyer: "yes" },
      },
    });
    const reply = await post(quote, {
      intent: "confirm-order",
      orderValue: "1,234.50",
      poNumber: "4500012345",
      version: quote.version,
    });
    expect(reply).toMatchObject({ status: 200, reply: { ok: true, message: "Order confirmed: the request is Won." } });
    // Left unticked, the buyer is not e-mailed.
    expect(await db().select().from(outbox).where(eq(outbox.kind, "order-confirmation"))).toEqual([]);
    expect(await current(quote.id)).toMatchObject({
      status: "won",
      wonValuePence: 123_450,
      poNumber: "4500012345",
    });
    const events = await db().select().from(quoteEvents).where(eq(quoteEvents.quoteId, quote.id));
    expect(events.map(eventText)).toEqual(
      expect.arrayContaining([
        `accepted quotation ${quote.reference}/1 online (PO 4500012345)`,
        "changed the status from Accepted to Won (£1,234.50 net, PO 4500012345)",
      ]),
    );
    // A second confirmation (a stale tab) is refused: the request is no longer waiting.
    const again = await post(quote, {
      intent: "confirm-order",
      orderValue: "1",
      version: (await current(quote.id)).version,
    });
    expect(again.status).toBe(422);
    expect((await current(quote.id)).wonValuePence).toBe(123_450);
  });

  it("e-mails the buyer that their order is confirmed when ticked: in the quotation's thread, signed by the person", async () => {
    const quote = await accepted();
    const reply = await post(quote, {
      intent: "confirm-order",
      orderValue: "35.00",
      poNumber: "4500012345",
      tellBuyer: "yes",
      version: quote.version,
    });
    expect(reply).toMatchObject({
      status: 200,
      reply: { ok: true, message: "Order confirmed: the request is Won, and the buyer's confirmation is on its way." },
    });
    await deliverOutbox({ db: db(), config, sink: sink(), dataDir: target.dataDir });
    const mail = sink().messages.find((m) => m.header("subject")?.startsWith("Order confirmed"));
    expect(mail?.envelope.to).toEqual([sampleQuote.email]);
    expect(mail?.header("subject")).toBe(
      `Order confirmed: your PO 4500012345, quotation ${quote.reference}/1 (${quote.reference})`,
    );
    const [quotation] = await db().select().from(quotations).where(eq(quotations.quoteId, quote.id));
    expect(mail?.header("in-reply-to")).toBe(quotation?.messageId);
    expect(mail?.text).toContain(
      `Thank you for your order. We confirm it against quotation ${quote.reference}/1, with your order number 4500012345, for £35.00 plus VAT.\n\nDelivery: Free UK delivery\nDelivery address:\nGoods in\nHalesfield 19\n\n`,
    );
    expect(mail?.text).toContain("Kind regards,\nAlex Turner\nWrekin MRO Supply\n");
  });

  it("queries an acceptance back to In progress with the reason as a note", async () => {
    const quote = await accepted();
    expect(await post(quote, { intent: "query", note: "", version: quote.version })).toMatchObject({ status: 422 });
    await post(quote, { intent: "query", note: "Check the delivery address", version: quote.version });
    expect((await current(quote.id)).status).toBe("in_progress");
    const notes = await db().select().from(quoteEvents).where(eq(quoteEvents.kind, "note"));
    expect(notes.map((n) => n.detail)).toEqual([{ text: "Check the delivery address" }]);
  });
});
