import { afterEach, beforeEach, expect, it } from "vitest";
import { readConfig } from "#app/lib/env.server.ts";
import { type OutboxWorker, startOutboxWorker } from "#app/mail-out/outbox.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { describeDatabase, resetTables } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";
import { suiteSmtpSink } from "#test/smtp-suite.ts";

// The buyer's acknowledgement comes from our sales address to whatever address was typed in: how many
// go out, and what of the sender's words they carry, decide whether the form can be used to spam.
describeDatabase("acknowledgements", (target) => {
  const db = () => target.database.db;
  const sink = suiteSmtpSink();
  const workers: OutboxWorker[] = [];
  const logger = { info: () => {}, warn: () => {}, error: () => {} };

  /** Sends everything queued, as the server's worker does, into the SMTP sink. */
  async function deliver() {
    const config = { ...readConfig({ NODE_ENV: "test" }), dataDir: target.dataDir, smtpUrl: sink().url };
    const worker = startOutboxWorker({ db: db(), config, logger, pollMs: 3_600_000 });
    workers.push(worker);
    await worker.runOnce();
  }
  const acknowledgements = () =>
    sink().messages.filter((message) => message.header("subject")?.startsWith("We have your quote request"));
  const request = (email: string, client: string, overrides: Partial<typeof sampleQuote> = {}) =>
    storeQuote(db(), { ...sampleQuote, email, ...overrides }, storeMeta({ acknowledge: true, sourceIp: client }));

  beforeEach(async () => {
    await resetTables(db());
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((worker) => worker.stop()));
  });

  it("go to one mailbox at most 3 times a day, however its address is spelt", async () => {
    const spellings = [
      "robin.buyer@gmail.com",
      "Robin.Buyer+quote1@gmail.com",
      "robinbuyer@gmail.com",
      "r.o.b.i.n.buyer+x@gmail.com",
      "ROBINBUYER@googlemail.com",
      "robin.buyer+2@googlemail.com",
      "Robin.Buyer@Gmail.Com",
      "robin.b.uyer+last@gmail.com",
    ];
    for (const [i, email] of spellings.entries()) await request(email, `198.51.100.${i + 1}`);
    // Another provider's dots are its own business: these are two mailboxes, each acknowledged.
    await request("sam.fitter+rfq@plant.example", "198.51.100.20");
    await request("samfitter@plant.example", "198.51.100.21");
    await deliver();
    const sent = acknowledgements().map((message) => message.envelope.to.join());
    expect(sent.filter((to) => /gmail/.test(to))).toHaveLength(3);
    expect(sent.filter((to) => /plant\.example/.test(to)).sort()).toEqual([
      "sam.fitter+rfq@plant.example",
      "samfitter@plant.example",
    ]);
    // Sales hears of every request all the same.
    expect(sink().messages.filter((message) => message.header("subject")?.startsWith("Quote request"))).toHaveLength(
      10,
    );
  });

  it("go out at most 10 times a day for requests from one client address, whatever mailboxes it names", async () => {
    for (let i = 0; i < 12; i++) await request(`buyer${i}@works${i}.example`, "203.0.113.50");
    await request("someone@else.example", "203.0.113.51");
    await deliver();
    const sent = acknowledgements().map((message) => message.envelope.to.join());
    expect(sent.filter((to) => /@works\d+\.example/.test(to))).toHaveLength(10);
    expect(sent).toContain("someone@else.example");
  });

  it("repeat nothing the sender typed but the reference and the start of the name", async () => {
    const url = `https://win.example/${"x".repeat(100)}`;
    const typed = {
      company: `Visit ${url}`,
      requirements: `Claim your prize at ${url}`,
      phone: "01632 960123",
    };
    const linked = await request("dana@works.example", "198.51.100.60", { ...typed, customerName: `See ${url}` });
    const long = await request("lee@works.example", "198.51.100.61", {
      ...typed,
      customerName: `Lee ${"Longname-".repeat(13)}`,
    });
    await deliver();
    const byReference = (reference: string) =>
      acknowledgements().find((message) => message.header("subject")?.includes(reference));
    const first = byReference(linked.reference);
    const second = byReference(long.reference);
    expect(first?.text).toContain("Dear customer,");
    expect(first?.text).toContain(`Your reference is ${linked.reference}.`);
    expect(second?.text).toContain(`Dear ${`Lee ${"Longname-".repeat(13)}`.slice(0, 40)},`);
    for (const message of [first, second]) {
      const everything = `${message?.header("subject")}\n${message?.text}\n${message?.html}`;
      expect(everything).not.toMatch(
        /win\.example|prize|Visit|01632 960123|Longname-Longname-Longname-Longname-Longname/,
      );
    }
  });
});
