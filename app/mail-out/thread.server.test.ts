import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, describe, expect, it } from "vitest";
import { requestPageAction } from "#app/desk/request/action.server.ts";
import { sendReply } from "#app/desk/request/replies.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { londonDay } from "#app/lib/london-time.ts";
import { joinMail, type MailDesk } from "#app/mail-in/join.server.ts";
import { readCc } from "#app/mail-out/cc.ts";
import { answerSubject, threadOf } from "#app/mail-out/thread.server.ts";
import { checkDraft } from "#app/quotation/draft.ts";
import { draftStamp, sendQuotation } from "#app/quotation/quotation.server.ts";
import { createFsStorage } from "#app/quote/file-storage.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { action as quotationAction } from "#app/routes/desk/quotation.tsx";
import { quotations, quoteMessages, quotes } from "#db/schema.ts";
import type { Services } from "#server/services.server.ts";
import { buyerMail } from "#test/buyer-mail.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleDraft, sampleQuote, storeMeta } from "#test/quotes.ts";
import { deliverOutbox, suiteSmtpSink } from "#test/smtp-suite.ts";

const actor = { id: "alex", name: "Alex Turner", email: "alex@desk.example" };
const config = readConfig({ SITE_URL: "https://desk.example" });
const domain = config.site.email.split("@")[1];
const at = (minute: number) => new Date(Date.UTC(2026, 10, 25, 9, minute));

describe("where an e-mail of ours sits in the buyer's thread", () => {
  it("answers the buyer's latest e-mail, else ours, else the acknowledgement; References end with it", () => {
    const root = "<Q.acknowledgement@x>";
    expect(threadOf([], root)).toEqual({ inReplyTo: root, references: [root] });
    expect(threadOf([])).toBeUndefined();
    const thread = threadOf(
      [
        { id: "<ours-2@x>", at: at(30), from: "desk" },
        { id: "<buyer-1@y>", at: at(20), from: "buyer" },
        { id: "<ours-1@x>", at: at(10), from: "desk" },
      ],
      root,
    );
    expect(thread).toEqual({ inReplyTo: "<buyer-1@y>", references: [root, "<ours-1@x>", "<ours-2@x>", "<buyer-1@y>"] });
    expect(threadOf([{ id: "<ours-1@x>", at: at(1), from: "desk" }], root)?.inReplyTo).toBe("<ours-1@x>");
  });

  it("names the acknowledgement and at most ten of the latest e-mails", () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ id: `<m${i}@x>`, at: at(i), from: "desk" as const }));
    const thread = threadOf(many, "<root@x>");
    expect(thread?.references).toHaveLength(11);
    expect(thread?.references[0]).toBe("<root@x>");
    expect(thread?.references[1]).toBe("<m15@x>");
    expect(thread?.references.at(-1)).toBe("<m24@x>");
  });

  it("answers with one Re: and the reference kept", () => {
    expect(answerSubject("RE: Re: Your quote request Q-261125-7KX2M", "Q-261125-7KX2M")).toBe(
      "Re: Your quote request Q-261125-7KX2M",
    );
    expect(answerSubject("AW: Bearings for line 3", "Q-261125-7KX2M")).toBe("Re: Bearings for line 3 (Q-261125-7KX2M)");
  });

  it("reads the Cc box: commas or semicolons, the quote form's e-mail rule, at most five", () => {
    expect(readCc(" Sam@Works.example; pat@works.example ,, sam@works.example")).toEqual({
      ok: true,
      cc: ["sam@works.example", "pat@works.example"],
    });
    expect(readCc("")).toEqual({ ok: true, cc: [] });
    expect(readCc("sam@works.example, sam at works")).toEqual({
      ok: false,
      message: "“sam at works” is not an e-mail address: write name@company.co.uk",
    });
    expect(readCc("Sam <sam@works.example>").ok).toBe(false);
    expect(readCc("a@x.example,b@x.example,c@x.example,d@x.example,e@x.example,f@x.example")).toEqual({
      ok: false,
      message: "Copy it to at most 5 addresses",
    });
  });
});

const draft = sampleDraft();

describeDatabase("threads in the buyer's mail program", (target) => {
  const db = () => target.database.db;
  const sink = suiteSmtpSink();
  let desk: MailDesk;
  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox restart identity cascade`);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "thread-"));
    desk = {
      db: db(),
      storage: createFsStorage(dir),
      incomingDir: path.join(dir, ".in"),
      salesAddress: config.site.email,
    };
  });

  const sendAll = async () => {
    await deliverOutbox({ db: db(), config, sink: sink(), dataDir: target.dataDir });
  };
  const toBuyer = () => sink().messages.filter((m) => m.envelope.to.includes(sampleQuote.email));
  async function acknowledged() {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta({ acknowledge: true }));
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    await sendAll();
    return quote;
  }
  const ackId = (reference: string) => `<${reference}.acknowledgement@${domain}>`;

  it("puts a reply after the buyer's answer in their thread, copied to their colleague", async () => {
    const quote = await acknowledged();
    expect(toBuyer()[0]?.header("message-id")).toBe(ackId(quote.reference));
    const answer = await buyerMail({
      subject: `Re: Your quote request ${quote.reference}`,
      messageId: "<dana-1@works.example>",
      inReplyTo: ackId(quote.reference),
      references: ackId(quote.reference),
      text: "Could you do 10 instead of 2?",
    });
    expect(await joinMail(answer, desk)).toBe("joined");
    await db().transaction((tx) =>
      sendReply(tx, quote, { subject: "Ten is fine", body: "Yes.", cc: ["sam@works.example"] }, actor, config.site),
    );
    await sendAll();
    const reply = toBuyer().at(-1);
    expect(reply?.header("subject")).toBe(`Ten is fine (${quote.reference})`);
    expect(reply?.header("in-reply-to")).toBe("<dana-1@works.example>");
    expect(reply?.header("references")).toBe(`${ackId(quote.reference)} <dana-1@works.example>`);
    expect(reply?.header("cc")).toBe("sam@works.example");
    expect(reply?.envelope.to).toContain("sam@works.example");
    const [stored] = await db().select().from(quoteMessages).where(eq(quoteMessages.direction, "out"));
    expect(stored).toMatchObject({ cc: ["sam@works.example"], messageId: reply?.header("message-id") });
  });

  it("puts revision 2 of a quotation after revision 1 in the buyer's thread", async () => {
    const quote = await acknowledged();
    const checked = checkDraft(draft, londonDay());
    if (!checked.ok) throw new Error("not valid");
    await db().transaction((tx) => sendQuotation(tx, quote, draft, checked.value, actor, config.site));
    await sendAll();
    await db().transaction((tx) =>
      sendQuotation(tx, quote, draft, checked.value, actor, config.site, ["pat@works.example"]),
    );
    await sendAll();
    const rows = await db().select().from(quotations).where(eq(quotations.quoteId, quote.id));
    const first = rows.find((r) => r.revision === 1)?.messageId;
    const second = toBuyer().find((m) => m.header("subject") === `Quotation ${quote.reference}/2`);
    expect(
      toBuyer()
        .find((m) => m.header("subject") === `Quotation ${quote.reference}/1`)
        ?.header("in-reply-to"),
    ).toBe(ackId(quote.reference));
    expect(second?.header("in-reply-to")).toBe(first);
    expect(second?.header("references")).toBe(`${ackId(quote.reference)} ${first}`);
    expect(second?.header("cc")).toBe("pat@works.example");
  });

  it("joins a copied colleague's answer as the buyer's own", async () => {
    const quote = await acknowledged();
    await db().transaction((tx) =>
      sendReply(tx, quote, { subject: "Which site?", body: "?", cc: ["sam@works.example"] }, actor, config.site),
    );
    await sendAll();
    const ours = toBuyer().at(-1)?.header("message-id") ?? "";
    const fromSam = await buyerMail({
      from: "Sam Buyer <Sam@works.example>",
      subject: `Re: Which site? (${quote.reference})`,
      inReplyTo: ours,
      references: ours,
      text: "Telford, please.",
    });
    expect(await joinMail(fromSam, desk)).toBe("joined");
    const fromStranger = await buyerMail({
      from: "someone@else.example",
      subject: `Re: Which site? (${quote.reference})`,
      inReplyTo: ours,
      text: "Not Sam.",
    });
    expect(await joinMail(fromStranger, desk)).toBe("joined");
    const incoming = await db().select().from(quoteMessages).where(eq(quoteMessages.direction, "in"));
    expect(incoming.map((m) => [m.fromAddress, m.fromOther]).sort()).toEqual([
      ["sam@works.example", false],
      ["someone@else.example", true],
    ]);
    const [after] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
    expect(after?.customerRepliedAt).toBeInstanceOf(Date);
  });
});

describeDatabase("the Cc boxes of a reply and a quotation", (target) => {
  const db = () => target.database.db;
  beforeEach(async () => {
    await db().execute(sql`truncate quotes, outbox restart identity cascade`);
  });

  function context() {
    const provider = new RouterContextProvider();
    provider.set(servicesContext, { config, database: target.database, outbox: { kick() {} } } as unknown as Services);
    provider.set(staffContext, {
      ...actor,
      email: "alex@wrekin-mro.example",
      role: "staff",
      sessionToken: "t",
    } as never);
    return provider;
  }
  const status = (result: unknown) =>
    result && typeof result === "object" && "init" in result ? (result.init as ResponseInit).status : 200;
  const body = (result: unknown) => (result && typeof result === "object" && "data" in result ? result.data : result);

  async function stored() {
    const { reference } = await storeQuote(db(), sampleQuote, storeMeta());
    const [quote] = await db().select().from(quotes).where(eq(quotes.reference, reference));
    if (!quote) throw new Error("not stored");
    return quote;
  }

  it("refuses a reply copied to something that is not an address, keeping what was typed, and stores a good Cc", async () => {
    const quote = await stored();
    const post = (cc: string) =>
      requestPageAction(
        new Request("https://desk.example/desk/quotes/x", {
          method: "POST",
          body: new URLSearchParams({ intent: "send-reply", version: "1", subject: "Hello", body: "Text", cc }),
        }),
        context(),
        quote,
      );
    const refused = await post("sam@works.example, sam at works");
    expect(status(refused)).toBe(422);
    expect(body(refused)).toMatchObject({
      ok: false,
      errors: { cc: "“sam at works” is not an e-mail address: write name@company.co.uk" },
      values: { subject: "Hello", body: "Text", cc: "sam@works.example, sam at works" },
    });
    expect(await db().select().from(quoteMessages)).toHaveLength(0);
    expect(status(await post("Sam@works.example"))).toBe(200);
    expect((await db().select().from(quoteMessages))[0]?.cc).toEqual(["sam@works.example"]);
  });

  it("asks for the Cc with the confirmation to send a quotation, and refuses a sixth address", async () => {
    const quote = await stored();
    const send = async (cc: string) => {
      const form = new URLSearchParams({
        intent: "send-confirmed",
        version: "1",
        draftStamp: await draftStamp(db(), quote.id),
        lineCount: "1",
        cc,
        ...Object.fromEntries(Object.entries(draft.lines[0] ?? {}).map(([k, v]) => [`lines[0].${k}`, String(v)])),
        ...Object.fromEntries(Object.entries(draft).filter(([k]) => k !== "lines")),
      });
      return quotationAction({
        request: new Request("https://desk.example/x", { method: "POST", body: form }),
        params: { reference: quote.reference },
        context: context(),
      } as never);
    };
    const six = "a@x.example,b@x.example,c@x.example,d@x.example,e@x.example,f@x.example";
    const refused = await send(six);
    expect(status(refused)).toBe(422);
    expect(body(refused)).toMatchObject({ errors: { cc: "Copy it to at most 5 addresses" }, cc: six });
    const sent = await send("pat@works.example");
    expect(sent).toBeInstanceOf(Response);
    const [row] = await db().select().from(quotations).where(eq(quotations.quoteId, quote.id));
    expect(row).toMatchObject({ revision: 1, cc: ["pat@works.example"] });
  });
});
