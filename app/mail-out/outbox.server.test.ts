import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type Config, readConfig } from "#app/lib/env.server.ts";
import { type OutboxWorker, startOutboxWorker } from "#app/mail-out/outbox.server.ts";
import { maxAttempts, nextRetryDelayMs, retryDelayMs } from "#app/mail-out/retry-policy.ts";
import { digestSettingKey } from "#app/mail-out/spam-digest.server.ts";
import { type StoreMeta, storeQuote } from "#app/quote/save-quote.server.ts";
import type { QuoteInput } from "#app/quote/schema.ts";
import { type Database, openDatabase } from "#db/client.server.ts";
import { outbox, quotes, settings } from "#db/schema.ts";
import { describeDatabase, resetTables } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";
import { eventually, parseMail, type SmtpSink, startSmtpSink } from "#test/smtp.ts";

const hour = 3_600_000;

describe("retryDelayMs", () => {
  it("spreads ten tries so that the 8th comes after more than 24 hours", () => {
    const elapsedBefore = (tryNumber: number, random: () => number) =>
      Array.from({ length: tryNumber - 1 }, (_, i) => retryDelayMs(i + 1, random)).reduce((a, b) => a + b, 0);
    expect(elapsedBefore(8, () => 0)).toBeGreaterThanOrEqual(24 * hour);
    expect(elapsedBefore(maxAttempts, () => 0.999)).toBeLessThan(4 * 24 * hour);
    expect(retryDelayMs(1, () => 0)).toBe(60_000);
    for (let attempts = 1; attempts < maxAttempts - 1; attempts++) {
      expect(retryDelayMs(attempts + 1, () => 0)).toBeGreaterThanOrEqual(retryDelayMs(attempts, () => 0));
    }
  });

  it("adds jitter", () => {
    expect(retryDelayMs(3, () => 0.5)).toBeGreaterThan(retryDelayMs(3, () => 0));
  });
});

describe("nextRetryDelayMs", () => {
  const minute = 60_000;
  it("retries an emergency request at least every minute in its first hour, then as any other", () => {
    for (const attempts of [1, 5, 40]) {
      const delay = nextRetryDelayMs({ attempts, ageMs: 30 * minute, emergency: true }, () => 1);
      expect(delay).toBeLessThanOrEqual(minute);
    }
    expect(nextRetryDelayMs({ attempts: 60, ageMs: 61 * minute, emergency: true }, () => 0)).toBe(60 * minute);
  });

  it("does not stretch the gaps after tries that were brought forward", () => {
    // 12 tries in 10 minutes (the mail server came and went): the next wait is the 6-minute-old gap, not 24 h.
    expect(nextRetryDelayMs({ attempts: 12, ageMs: 10 * minute, emergency: false }, () => 0)).toBe(15 * minute);
    expect(nextRetryDelayMs({ attempts: 2, ageMs: 6 * minute, emergency: false }, () => 0)).toBe(5 * minute);
  });
});

// Markup and a line break in the requirements show how the e-mail escapes and keeps them.
const quote: QuoteInput = { ...sampleQuote, requirements: "Need <b>2 x 6205-2RS</b> & seals\nby Friday" };
const meta = (overrides: Partial<StoreMeta> = {}) => storeMeta({ sourceIp: "203.0.113.9", ...overrides });

type LogEntry = { level: string; fields: Record<string, unknown>; message: string };

/** A loopback stand-in for the external form service, answering with the queued statuses. */
async function startFormService() {
  const requests: { headers: http.IncomingHttpHeaders; form: FormData }[] = [];
  const statuses: number[] = [];
  let delayMs = 0;
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const form = await new Response(Buffer.concat(chunks), {
      headers: { "content-type": req.headers["content-type"] ?? "" },
    }).formData();
    requests.push({ headers: req.headers, form });
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    res.writeHead(statuses.shift() ?? 200, { "content-type": "application/json" }).end('{"ok":true}');
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/f/abc123`,
    requests,
    statuses,
    setDelay(ms: number) {
      delayMs = ms;
    },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describeDatabase("outbox worker", (target) => {
  const db = () => target.database.db;
  let sink: SmtpSink;
  let formService: Awaited<ReturnType<typeof startFormService>>;
  let offset = 0;
  const now = () => new Date(Date.now() + offset);
  let logs: LogEntry[] = [];
  const log = (level: string) => (fields: Record<string, unknown>, message: string) => {
    logs.push({ level, fields, message });
  };
  const logger = { info: log("info"), warn: log("warn"), error: log("error") };
  const workers: OutboxWorker[] = [];

  const config = (overrides: Partial<Config> = {}): Config => ({
    ...readConfig({ NODE_ENV: "test" }),
    dataDir: target.dataDir,
    smtpUrl: sink.url,
    ...overrides,
  });
  const worker = (overrides: Partial<Config> = {}, database = target.database) => {
    const started = startOutboxWorker({ db: database.db, config: config(overrides), logger, pollMs: hour, now });
    workers.push(started);
    return started;
  };
  const message = async (reference: string, kind: "email" | "forward" = "email") => {
    const [row] = await db()
      .select({ message: outbox })
      .from(outbox)
      .innerJoin(quotes, eq(quotes.id, outbox.quoteId))
      .where(and(eq(quotes.reference, reference), eq(outbox.kind, kind)));
    if (!row) throw new Error(`No ${kind} message for ${reference}`);
    return row.message;
  };

  beforeAll(async () => {
    sink = await startSmtpSink();
    formService = await startFormService();
  });
  afterAll(async () => {
    await sink.stop();
    await formService.stop();
  });
  beforeEach(async () => {
    await resetTables(db());
    sink.messages.length = 0;
    formService.requests.length = 0;
    formService.statuses.length = 0;
    formService.setDelay(0);
    offset = 0;
    logs = [];
  });
  afterEach(async () => {
    await Promise.all(workers.splice(0).map((w) => w.stop()));
    // Whatever happened, the logs name references and counts, never the customer.
    expect(JSON.stringify(logs)).not.toMatch(/Dana|dana@|works\.example|203\.0\.113|Severn/);
  });

  it("acknowledges the buyer from the sales address, repeating nothing typed but the name, 3 times a day at most", async () => {
    const typed = { ...quote, requirements: "Visit http://evil.example now", company: "Click here Ltd" };
    const extras = { lines: [{ part: "6205-2RS", quantity: 2 }] };
    const references: string[] = [];
    for (let i = 0; i < 4; i++)
      references.push((await storeQuote(db(), typed, meta({ acknowledge: true }), extras)).reference);
    await storeQuote(db(), { ...quote, email: "held@works.example" }, meta({ acknowledge: true, spam: true }));
    await worker().runOnce();
    const acks = sink.messages.filter((m) => m.envelope.to.includes("dana@works.example"));
    expect(acks.map((m) => m.header("subject"))).toEqual(
      references.slice(0, 3).map((r) => `We have your quote request ${r} — Wrekin MRO Supply`),
    );
    expect(sink.messages.some((m) => m.envelope.to.includes("held@works.example"))).toBe(false);
    const ack = acks[0];
    expect(ack?.header("from")).toBe("Wrekin MRO Supply <sales@wrekin-mro.example>");
    expect(ack?.header("reply-to")).toBe("Wrekin MRO Supply <sales@wrekin-mro.example>");
    expect(ack?.text).toContain("Dear Dana Fitter,");
    expect(ack?.text).toContain(`Your reference is ${references[0]}.`);
    expect(ack?.text).toContain("We received 1 parts line, no files.");
    expect(ack?.text).toContain(
      "You chose Standard (5-7 days). We will reply with prices and availability within 24 hours",
    );
    expect(ack?.text).toContain("reply to this e-mail and keep the reference in the subject");
    expect(`${ack?.text}${ack?.html}`).not.toMatch(/evil|Click here|6205/);
  });

  it("tells a buyer with an emergency to call, and names the out-of-hours line", async () => {
    await storeQuote(db(), { ...quote, urgency: "emergency" }, meta({ acknowledge: true }));
    const site = { ...config().site, outOfHoursPhone: "07700 900123" };
    await worker({ site }).runOnce();
    const ack = sink.messages.find((m) => m.envelope.to.includes("dana@works.example"));
    expect(ack?.text).toContain("call us now on 01632 960000");
    expect(ack?.text).toContain("our 24/7 out-of-hours emergency line is 07700 900123");
  });

  it("e-mails the sales inbox once, with every field, the reference in the subject and replies to the customer", async () => {
    const { reference } = await storeQuote(db(), quote, meta());
    expect(await worker().runOnce()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    const mail = sink.messages[0];
    expect(mail?.header("subject")).toBe(`Quote request ${reference} — Dana Fitter (Bearings)`);
    expect(mail?.header("from")).toBe("Wrekin MRO Supply Website <no-reply@wrekin-mro.example>");
    expect(mail?.header("to")).toBe("sales@wrekin-mro.example");
    expect(mail?.header("reply-to")).toBe("Dana Fitter <dana@works.example>");
    expect(mail?.envelope.to).toEqual(["sales@wrekin-mro.example"]);
    const text = mail?.text ?? "";
    for (const line of [
      `Reference: ${reference}`,
      "Name:      Dana Fitter",
      "E-mail:    dana@works.example",
      "Company:   Severn Foods Ltd",
      "Phone:     01632 960123",
      "Category:  Bearings",
      "Urgency:   Standard (5-7 days)",
      "Received:  ",
      "Requirements:\nNeed <b>2 x 6205-2RS</b> & seals\nby Friday",
    ]) {
      expect(text).toContain(line);
    }
    expect(text).toMatch(/Received: {2}\w+day, \d+ \w+ 20\d\d at \d\d:\d\d:\d\d (GMT|BST)/);
    expect(mail?.html).toContain("Need &lt;b&gt;2 x 6205-2RS&lt;/b&gt; &amp; seals");
    expect(mail?.html).not.toContain("<b>2 x");
    const sent = await message(reference);
    expect(sent).toMatchObject({ status: "sent", attempts: 1 });
    expect(sent.sentAt).toBeInstanceOf(Date);
    expect(await worker().runOnce()).toBe(0);
    expect(sink.messages).toHaveLength(1);
    expect(logs).toContainEqual({
      level: "info",
      fields: { reference, kind: "email", attempts: 1 },
      message: "quote notification sent",
    });
  });

  it("marks urgent and emergency requests in the subject", async () => {
    const emergency = await storeQuote(db(), { ...quote, urgency: "emergency" }, meta());
    const urgent = await storeQuote(db(), { ...quote, urgency: "urgent", category: undefined }, meta());
    await worker().runOnce();
    const subjects = sink.messages.map((m) => m.header("subject"));
    expect(subjects).toContain(`[EMERGENCY] Quote request ${emergency.reference} — Dana Fitter (Bearings)`);
    expect(subjects).toContain(`[Urgent] Quote request ${urgent.reference} — Dana Fitter (Not specified)`);
  });

  it("keeps a message pending while SMTP is down and delivers it once the server is back", async () => {
    const port = sink.port;
    await sink.stop();
    const { reference } = await storeQuote(db(), quote, meta());
    const outboxWorker = worker();
    expect(await outboxWorker.runOnce()).toBe(1);
    const failed = await message(reference);
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(now().getTime());
    expect(logs.filter((l) => l.level === "warn")).toHaveLength(1);

    sink = await startSmtpSink(port);
    expect(await outboxWorker.runOnce()).toBe(0);
    offset += retryDelayMs(1, () => 1) + 1000;
    expect(await outboxWorker.runOnce()).toBe(1);
    expect(sink.messages).toHaveLength(1);
    expect(sink.messages[0]?.header("subject")).toContain(reference);
    expect(await message(reference)).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("sends every waiting e-mail within a minute of the mail server coming back after a 10-minute outage", async () => {
    const port = sink.port;
    await sink.stop();
    const urgencies = ["standard", "urgent", "emergency"] as const;
    const stored = [];
    for (const urgency of urgencies) stored.push(await storeQuote(db(), { ...quote, urgency }, meta()));
    // The worker's poll, every 5 s of its clock, driven here through ten minutes without a mail server.
    const outboxWorker = worker();
    const step = 5000;
    for (; offset <= 10 * 60_000; offset += step) await outboxWorker.tick();
    const tries = await Promise.all(stored.map(async ({ reference }) => (await message(reference)).attempts));
    expect(tries[2]).toBeGreaterThanOrEqual(10); // the emergency request: at least once a minute

    // Back just after the worker last found it down: the worst moment, a whole probe interval away.
    sink = await startSmtpSink(port);
    const recoveredAt = now().getTime() - step;
    for (; sink.messages.length < stored.length && offset < 30 * 60_000; offset += step) await outboxWorker.tick();
    const delays = await Promise.all(
      stored.map(async ({ reference }) => ((await message(reference)).sentAt?.getTime() ?? Infinity) - recoveredAt),
    );
    console.log(
      `outbox: 10-minute SMTP outage; tries during it ${urgencies.map((u, i) => `${u} ${tries[i]}`).join(", ")}; ` +
        `sent ${delays.map((d) => `${d / 1000} s`).join(", ")} after the server came back`,
    );
    expect(Math.max(...delays)).toBeLessThanOrEqual(60_000);
    expect(sink.messages).toHaveLength(3);
  });

  it("tries waiting e-mail at once when one goes through after failures", async () => {
    const port = sink.port;
    await sink.stop();
    const first = await storeQuote(db(), quote, meta());
    const outboxWorker = worker();
    await outboxWorker.runOnce();
    sink = await startSmtpSink(port);
    const second = await storeQuote(db(), { ...quote, customerName: "Dana Second" }, meta());
    expect(await outboxWorker.runOnce()).toBe(2);
    expect(await message(first.reference)).toMatchObject({ status: "sent", attempts: 2 });
    expect(await message(second.reference)).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps to its schedule a message that cannot be built, however well other mail goes out", async () => {
    const { reference } = await storeQuote(db(), quote, meta());
    const [stored] = await db().select({ id: quotes.id }).from(quotes).where(eq(quotes.reference, reference));
    // A notice about a buyer's e-mail that is no longer there: it fails while it is built, before SMTP.
    const [broken] = await db()
      .insert(outbox)
      .values({ quoteId: stored?.id, kind: "buyer-answer-notice", payload: { reference, messageId: 999_999 } })
      .returning({ id: outbox.id });
    const brokenNow = async () =>
      (
        await db()
          .select()
          .from(outbox)
          .where(eq(outbox.id, broken?.id ?? 0))
      )[0];
    const outboxWorker = worker();
    await outboxWorker.tick();
    expect(sink.messages.map((m) => m.header("subject"))).toEqual([expect.stringContaining(reference)]);
    const failed = await brokenNow();
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed?.lastError).toContain("no longer exists");
    // Past the mail server's probe interval (30 s), with new mail going out, and before its first retry (a
    // minute): the broken one waits for its turn.
    const later = [];
    for (const step of [31_000, 20_000]) {
      offset += step;
      later.push((await storeQuote(db(), { ...quote, customerName: `Dana ${step}` }, meta())).reference);
      await outboxWorker.tick();
    }
    for (const sent of later) expect(await message(sent)).toMatchObject({ status: "sent", attempts: 1 });
    expect(await brokenNow()).toMatchObject({ attempts: 1, nextAttemptAt: failed?.nextAttemptAt });
  });

  it("gives a message sent again after a crash (sent, not yet recorded) the same Message-ID, and one naming its request", async () => {
    const { reference } = await storeQuote(db(), quote, meta());
    const [stored] = await db().select({ id: quotes.id }).from(quotes).where(eq(quotes.reference, reference));
    const [assignment] = await db()
      .insert(outbox)
      .values({
        quoteId: stored?.id,
        kind: "assignment",
        payload: { reference, to: "bea@wrekin-mro.example", byName: "Alex Turner", took: false },
      })
      .returning({ id: outbox.id });
    const outboxWorker = worker();
    await outboxWorker.runOnce();
    // The crash: the assignment left, but its record did not; it is claimed again when its lease ends.
    await db()
      .update(outbox)
      .set({ status: "pending", sentAt: null, nextAttemptAt: new Date(now().getTime() + 5 * 60_000) })
      .where(eq(outbox.id, assignment?.id ?? 0));
    offset += 5 * 60_000 + 1000;
    await outboxWorker.runOnce();
    const ids = sink.messages
      .filter((m) => m.envelope.to.includes("bea@wrekin-mro.example"))
      .map((m) => m.header("message-id"));
    expect(ids).toHaveLength(2);
    expect(ids[0]).toMatch(new RegExp(`^<${reference}\\.outbox-\\d+@wrekin-mro\\.example>$`));
    expect(ids[1]).toBe(ids[0]);
  });

  it("sends the day's held spam in one digest e-mail, however many workers and restarts", async () => {
    await db().delete(settings).where(eq(settings.key, digestSettingKey));
    const held = await storeQuote(
      db(),
      { ...quote, customerName: "Spam Bot", requirements: "Cheap\nwatches" },
      meta({ spam: true, spamReasons: ["honeypot"] }),
    );
    await Promise.all([worker().tick(), worker().tick()]);
    await worker().tick(); // a restart the same day
    const digests = () => sink.messages.filter((m) => m.header("subject")?.startsWith("Spam digest"));
    expect(digests()).toHaveLength(1);
    const digest = digests()[0];
    expect(digest?.header("subject")).toBe("Spam digest: 1 quote request held");
    expect(digest?.envelope.to).toEqual(["sales@wrekin-mro.example"]);
    expect(digest?.text).toContain(`${held.reference} — received`);
    expect(digest?.text).toContain("Spam Bot <dana@works.example>, Severn Foods Ltd");
    expect(digest?.text).toContain("Message:  Cheap watches");
    expect(digest?.text).toContain("a hidden field that people never see was filled in");

    offset += 24 * hour + 1000;
    await worker().tick(); // a day on, nothing new was held: no e-mail
    expect(digests()).toHaveLength(1);
  });

  it("removes half-written .eml files left by a killed process, not ones being written now", async () => {
    const dir = path.join(target.dataDir, "outbox");
    fs.mkdirSync(dir, { recursive: true });
    const orphan = path.join(dir, ".Q-261122-AAAAA.0b1c.tmp");
    const fresh = path.join(dir, ".Q-261122-BBBBB.0b1d.tmp");
    fs.writeFileSync(orphan, "half");
    fs.writeFileSync(fresh, "half");
    const old = new Date(Date.now() - 10 * 60_000);
    fs.utimesSync(orphan, old, old);
    worker({ smtpUrl: undefined });
    await eventually(() => !fs.existsSync(orphan));
    expect(fs.existsSync(fresh)).toBe(true);
    fs.rmSync(fresh);
  });

  it("gives up after the last try, marks the message failed and logs an error", async () => {
    const { reference } = await storeQuote(db(), quote, meta());
    const outboxWorker = worker({ smtpUrl: "smtp://127.0.0.1:9" });
    for (let attempt = 1; attempt <= maxAttempts; attempt++) {
      expect(await outboxWorker.runOnce()).toBe(1);
      const row = await message(reference);
      expect(row.attempts).toBe(attempt);
      expect(row.status).toBe(attempt < maxAttempts ? "pending" : "failed");
      offset += retryDelayMs(maxAttempts, () => 1) + 1000;
    }
    expect(await outboxWorker.runOnce()).toBe(0);
    const errors = logs.filter((l) => l.level === "error");
    expect(errors).toHaveLength(1);
    expect(errors[0]?.fields).toMatchObject({ reference, kind: "email", attempts: maxAttempts });
  });

  it("never notifies about spam", async () => {
    await storeQuote(db(), quote, meta({ spam: true, forward: true }));
    expect(await worker({ quoteForwardUrl: formService.url }).runOnce()).toBe(0);
    expect(sink.messages).toHaveLength(0);
    expect(formService.requests).toHaveLength(0);
  });

  it("writes an .eml file under DATA_DIR/outbox when SMTP_URL is not set", async () => {
    const { reference } = await storeQuote(db(), quote, meta());
    expect(await worker({ smtpUrl: undefined }).runOnce()).toBe(1);
    const dir = path.join(target.dataDir, "outbox");
    expect(fs.readdirSync(dir)).toContain(`${reference}.eml`);
    expect(fs.readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
    const raw = fs.readFileSync(path.join(dir, `${reference}.eml`), "utf8");
    expect(raw).toContain("\r\n");
    const mail = await parseMail(raw);
    expect(mail.header("subject")).toBe(`Quote request ${reference} — Dana Fitter (Bearings)`);
    expect(mail.header("to")).toBe("sales@wrekin-mro.example");
    for (const value of ["Dana Fitter", "dana@works.example", "Severn Foods Ltd", "01632 960123", "6205-2RS"]) {
      expect(mail.text).toContain(value);
    }
    expect(await message(reference)).toMatchObject({ status: "sent" });
    expect(sink.messages).toHaveLength(0);
  });

  it("forwards to the form service as multipart without empty optional fields", async () => {
    const { reference } = await storeQuote(
      db(),
      { ...quote, phone: undefined, category: undefined },
      meta({ forward: true }),
    );
    expect(await worker({ quoteForwardUrl: formService.url }).runOnce()).toBe(2);
    expect(formService.requests).toHaveLength(1);
    const request = formService.requests[0];
    expect(request?.headers.accept).toBe("application/json");
    expect(request?.headers["content-type"]).toMatch(/^multipart\/form-data; boundary=/);
    expect(Object.fromEntries(request?.form.entries() ?? [])).toEqual({
      customerName: "Dana Fitter",
      email: "dana@works.example",
      company: "Severn Foods Ltd",
      // FormData sends line breaks as CRLF, as browsers do.
      requirements: quote.requirements.replaceAll("\n", "\r\n"),
      urgency: "standard",
    });
    expect(await message(reference, "forward")).toMatchObject({ status: "sent", attempts: 1 });
    expect(sink.messages).toHaveLength(1);
  });

  it("retries a forward the form service refused", async () => {
    const { reference } = await storeQuote(db(), quote, meta({ forward: true }));
    formService.statuses.push(500);
    const outboxWorker = worker({ quoteForwardUrl: formService.url });
    await outboxWorker.runOnce();
    const failed = await message(reference, "forward");
    expect(failed).toMatchObject({ status: "pending", attempts: 1 });
    expect(failed.lastError).toContain("HTTP 500");
    offset += 2 * 60_000;
    expect(await outboxWorker.runOnce()).toBe(1);
    expect(formService.requests).toHaveLength(2);
    expect(Object.fromEntries(formService.requests[1]?.form.entries() ?? [])).toMatchObject({
      category: "bearings",
      phone: "01632 960123",
    });
    expect(await message(reference, "forward")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("sends each message exactly once when two workers claim at the same time", async () => {
    const references = new Set<string>();
    for (let i = 0; i < 20; i++) references.add((await storeQuote(db(), quote, meta())).reference);
    // Two connection pools on PostgreSQL, as two server processes would have.
    let second: Database = target.database;
    if (target.databaseUrl) second = await openDatabase({ dataDir: target.dataDir, databaseUrl: target.databaseUrl });
    try {
      const counts = await Promise.all([worker().runOnce(), worker({}, second).runOnce()]);
      expect(counts[0] + counts[1]).toBe(20);
    } finally {
      if (second !== target.database) await second.close();
    }
    expect(sink.messages).toHaveLength(20);
    const subjects = sink.messages.map((m) => /Q-\d{6}-\w{5}/.exec(m.header("subject") ?? "")?.[0]);
    expect(new Set(subjects)).toEqual(references);
    const pending = await db().select().from(outbox).where(eq(outbox.status, "pending"));
    expect(pending).toHaveLength(0);
  });

  it("delivers at once on kick(), and on its own at the poll interval", async () => {
    const kicked = worker();
    await storeQuote(db(), quote, meta());
    kicked.kick();
    await eventually(() => sink.messages.length === 1);
    await kicked.stop();

    const polling = startOutboxWorker({ db: db(), config: config(), logger, pollMs: 50, now });
    workers.push(polling);
    await storeQuote(db(), quote, meta());
    await eventually(() => sink.messages.length === 2);
  });

  it("waits for an in-flight send when stopped", async () => {
    const { reference } = await storeQuote(db(), quote, meta({ forward: true }));
    formService.setDelay(300);
    const outboxWorker = worker({ quoteForwardUrl: formService.url });
    outboxWorker.kick();
    await eventually(() => formService.requests.length === 1);
    await outboxWorker.stop();
    expect(await message(reference, "forward")).toMatchObject({ status: "sent" });
  });
});
