import { asc, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { getIpSalt, hashIp } from "#app/lib/client-key.server.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import type { QuoteInput } from "#app/quote/schema.ts";
import { newReference, referencePattern } from "#app/request/reference.server.ts";
import { outbox, quotes } from "#db/schema.ts";
import { describeDatabase, resetTables } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";

const quote = sampleQuote;
const meta = storeMeta;

describe("newReference", () => {
  it("is Q-YYMMDD-XXXXX in UK time with Crockford base32 characters", () => {
    // 23:30 UTC on 31 May is already 1 June in London (BST).
    const reference = newReference(new Date("2026-05-31T23:30:00Z"));
    expect(reference).toMatch(/^Q-260601-[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(reference).toMatch(referencePattern);
    const many = Array.from({ length: 500 }, () => newReference().slice(-5)).join("");
    expect(many).not.toMatch(/[ILOU]/);
  });
});

describe("hashIp", () => {
  it("is a keyed hash that treats IPv4-mapped addresses like plain IPv4", () => {
    expect(hashIp("203.0.113.9", "a")).toMatch(/^[0-9a-f]{64}$/);
    expect(hashIp("::ffff:203.0.113.9", "a")).toBe(hashIp("203.0.113.9", "a"));
    expect(hashIp("203.0.113.9", "b")).not.toBe(hashIp("203.0.113.9", "a"));
  });
});

describeDatabase("storeQuote", (target) => {
  const db = () => target.database.db;
  beforeEach(() => resetTables(db()));

  it("stores every field and queues one e-mail in the same transaction", async () => {
    const stored = await storeQuote(db(), quote, meta({ sourceIp: "203.0.113.9", userAgent: "Mozilla/5.0" }));
    expect(stored.duplicate).toBe(false);
    expect(stored.reference).toMatch(referencePattern);
    const [row] = await db().select().from(quotes);
    expect(row).toMatchObject({
      reference: stored.reference,
      customerName: "Dana Fitter",
      email: "dana@works.example",
      company: "Severn Foods Ltd",
      phone: "01632 960123",
      category: "bearings",
      requirements: "2 x 6205-2RS deep groove bearings",
      urgency: "standard",
      status: "new",
      userAgent: "Mozilla/5.0",
      sourceIpHash: hashIp("203.0.113.9", "test-salt"),
    });
    expect(row?.createdAt).toBeInstanceOf(Date);
    expect(Math.abs((row?.createdAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    expect(JSON.stringify(row)).not.toContain("203.0.113.9");
    const messages = await db().select().from(outbox);
    expect(messages).toHaveLength(1);
    expect(messages[0]).toMatchObject({
      quoteId: row?.id,
      kind: "email",
      status: "pending",
      attempts: 0,
      payload: { reference: stored.reference },
    });
  });

  it("stores empty optional fields as null and truncates the user agent", async () => {
    const bare: QuoteInput = { customerName: "Al", email: "al@x.example", requirements: "Belts", urgency: "urgent" };
    await storeQuote(db(), { ...bare, company: "" }, meta({ userAgent: "U".repeat(1000) }));
    const [row] = await db().select().from(quotes);
    expect(row).toMatchObject({ company: null, phone: null, category: null, sourceIpHash: null, urgency: "urgent" });
    expect(row?.userAgent).toHaveLength(300);
  });

  it("queues a forward as well when forwarding is configured", async () => {
    const { reference } = await storeQuote(db(), quote, meta({ forward: true }));
    const kinds = await db().select({ kind: outbox.kind }).from(outbox).orderBy(asc(outbox.id));
    expect(kinds.map((k) => k.kind)).toEqual(["email", "forward"]);
    expect(reference).toMatch(referencePattern);
  });

  it("keeps spam for review with its reasons, without notifying anyone", async () => {
    await storeQuote(db(), quote, meta({ spam: true, spamReasons: ["honeypot"], forward: true }));
    const rows = await db().select().from(quotes);
    expect(rows.map((r) => [r.status, r.spamReasons])).toEqual([["spam", ["honeypot"]]]);
    expect(await db().select().from(outbox)).toHaveLength(0);
  });

  it("stores possible spam as new with its reasons and still notifies", async () => {
    await storeQuote(db(), quote, meta({ spam: false, spamReasons: ["fast-fill"] }));
    const rows = await db().select().from(quotes);
    expect(rows.map((r) => [r.status, r.spamReasons])).toEqual([["new", ["fast-fill"]]]);
    expect((await db().select().from(outbox)).map((m) => m.kind)).toEqual(["email"]);
  });

  it("returns the first reference for a repeated idempotency key and writes nothing", async () => {
    const first = await storeQuote(db(), quote, meta({ idempotencyKey: "same" }));
    const second = await storeQuote(db(), { ...quote, customerName: "Someone Else" }, meta({ idempotencyKey: "same" }));
    expect(second).toEqual({ reference: first.reference, duplicate: true });
    expect(await db().select().from(quotes)).toHaveLength(1);
    expect(await db().select().from(outbox)).toHaveLength(1);
  });

  it("stores one row when the same submission races itself", async () => {
    const results = await Promise.all(
      Array.from({ length: 8 }, () => storeQuote(db(), quote, meta({ idempotencyKey: "race" }))),
    );
    expect(new Set(results.map((r) => r.reference)).size).toBe(1);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(await db().select().from(quotes).where(eq(quotes.idempotencyKey, "race"))).toHaveLength(1);
    expect(await db().select().from(outbox)).toHaveLength(1);
  });

  it("gives different submissions different references", async () => {
    const results = await Promise.all(Array.from({ length: 20 }, () => storeQuote(db(), quote, meta())));
    expect(new Set(results.map((r) => r.reference)).size).toBe(20);
  });

  it("keeps one salt per install", async () => {
    const salt = await getIpSalt(db());
    expect(salt.length).toBeGreaterThanOrEqual(32);
    expect(await getIpSalt(db())).toBe(salt);
  });
});
