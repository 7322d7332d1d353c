import { createHmac } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword as hashLegacyScrypt } from "better-auth/crypto";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { listPeople, removePerson } from "#app/desk/account/people.server.ts";
import { deskSecretFile, resolveDeskSecrets } from "#app/desk/account/secret.server.ts";
import { consumeSetupToken, createSetupLink, setupTokenValid } from "#app/desk/account/setup.server.ts";
import { signIn } from "#app/desk/account/sign-in.server.ts";
import { type Auth, createStaffAccount, getAuth, sessionLifetimeDays } from "#app/desk/auth.server.ts";
import { exportCsv } from "#app/desk/inbox/export.server.ts";
import { inboxPage, notificationHealth, parseInboxQuery, statusCounts } from "#app/desk/inbox/inbox.server.ts";
import { responseClock } from "#app/desk/labels.ts";
import {
  addNote,
  changeStatus,
  recordReply,
  releaseFromSpam,
  retryNotifications,
} from "#app/desk/request/changes.server.ts";
import { currentSession } from "#app/desk/session.server.ts";
import { readConfig } from "#app/lib/env.server.ts";
import { monthStart } from "#app/lib/london-time.ts";
import { storeQuote } from "#app/quote/save-quote.server.ts";
import { csvCell } from "#app/request/csv.ts";
import type { Db } from "#db/client.server.ts";
import { outbox, quoteEvents, quotes, settings, staffAccount, staffSession, staffUser } from "#db/schema.ts";
import { describeDatabase } from "#test/pg.ts";
import { sampleQuote, storeMeta } from "#test/quotes.ts";

const config = readConfig({ SITE_URL: "https://desk.example" });
const password = "a long enough passphrase";
const deskSecret = "a-test-secret-of-at-least-thirty-two-characters";

async function reset(db: Db) {
  await db.execute(
    sql`truncate quotes, outbox, auth_throttle, staff_user, staff_session, staff_account, staff_verification, staff_invitations restart identity cascade`,
  );
}

/** A Set-Cookie's name and attributes, without its value or a date that moves. */
const cookieAttributes = (setCookie: string) => {
  const [pair = "", ...attributes] = setCookie.split(/;\s*/);
  return [pair.split("=")[0], ...attributes.filter((a) => !/^Expires=/i.test(a)).sort()];
};

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

describe("csvCell", () => {
  it("neutralises cells a spreadsheet would run as a formula, and quotes separators", () => {
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("+44 1632")).toBe("'+44 1632");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@sum")).toBe("'@sum");
    expect(csvCell('a, "b"')).toBe('"a, ""b"""');
    expect(csvCell("plain")).toBe("plain");
  });
});

describe("response clock and month start", () => {
  const now = new Date("2026-11-22T12:00:00Z");
  const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * 3600_000);
  it("turns amber after 4 hours and red after 24 without a reply", () => {
    expect(responseClock({ createdAt: at(3.9), firstReplyAt: null, status: "new" }, now).state).toBe("ok");
    expect(responseClock({ createdAt: at(4), firstReplyAt: null, status: "in_progress" }, now).state).toBe("amber");
    expect(responseClock({ createdAt: at(24), firstReplyAt: null, status: "new" }, now).state).toBe("red");
    expect(responseClock({ createdAt: at(30), firstReplyAt: at(29), status: "new" }, now)).toEqual({
      state: "replied",
      seconds: 3600,
    });
  });
  it("starts the month at midnight in London", () => {
    expect(monthStart(new Date("2026-11-22T12:00:00Z")).toISOString()).toBe("2026-11-01T00:00:00.000Z");
    expect(monthStart(new Date("2026-07-15T12:00:00Z")).toISOString()).toBe("2026-06-30T23:00:00.000Z");
  });
});

describeDatabase("desk", (target) => {
  const db = () => target.database.db;
  let auth: Auth;
  const headers = () => new Headers({ "user-agent": "vitest" });
  beforeAll(async () => {
    auth = await getAuth(db(), config, deskSecret);
  });
  beforeEach(() => reset(db()));

  async function person(email = "sam@desk.example", role: "admin" | "staff" = "staff") {
    return createStaffAccount(auth, { name: email.split("@")[0] ?? "x", email, password, role });
  }
  const attempt = (email: string, pass: string, address = "198.51.100.7", from = headers()) =>
    signIn(auth, db(), { email, password: pass, address, salt: "salt", headers: from });

  describe("first run", () => {
    it("a setup link works once, only while nobody has an account", async () => {
      const link = await createSetupLink(db(), config.siteUrl);
      const token = new URL(link ?? "").searchParams.get("token") ?? "";
      expect(link).toMatch(/^https:\/\/desk\.example\/desk\/setup\?token=/);
      expect(await setupTokenValid(db(), token)).toBe(true);
      expect(await setupTokenValid(db(), "wrong")).toBe(false);
      expect(await consumeSetupToken(db(), token)).toBe(true);
      expect(await consumeSetupToken(db(), token)).toBe(false);
      await person("alex@desk.example", "admin");
      expect(await createSetupLink(db(), config.siteUrl)).toBeUndefined();
    });
  });

  describe("sign-in", () => {
    it("signs in with a Secure, HttpOnly, SameSite=Lax, __Secure- cookie when the site is https", async () => {
      await person();
      const result = await attempt("sam@desk.example", password);
      expect(result.ok).toBe(true);
      const cookie = result.ok ? result.headers.getSetCookie().find((c) => c.includes("session_token")) : "";
      expect(cookie).toMatch(/^__Secure-desk\.session_token=/);
      expect(cookie).toMatch(/HttpOnly/);
      expect(cookie).toMatch(/Secure/);
      expect(cookie).toMatch(/SameSite=Lax/);
    });

    it("starts a new session at every sign-in and ends the one the browser had", async () => {
      await person();
      const first = await attempt("sam@desk.example", password);
      if (!first.ok) throw new Error("sign-in failed");
      const again = await attempt(
        "sam@desk.example",
        password,
        "198.51.100.7",
        new Headers({ cookie: cookieOf(first.headers) }),
      );
      if (!again.ok) throw new Error("sign-in failed");
      expect(cookieOf(again.headers)).not.toBe(cookieOf(first.headers));
      expect(await auth.api.getSession({ headers: new Headers({ cookie: cookieOf(first.headers) }) })).toBeNull();
      expect(await auth.api.getSession({ headers: new Headers({ cookie: cookieOf(again.headers) }) })).not.toBeNull();
    });

    it("an expired session is no session", async () => {
      await person();
      const result = await attempt("sam@desk.example", password);
      if (!result.ok) throw new Error("sign-in failed");
      const cookie = new Headers({ cookie: cookieOf(result.headers) });
      expect(await auth.api.getSession({ headers: cookie })).not.toBeNull();
      await db()
        .update(staffSession)
        .set({ expiresAt: new Date(Date.now() - 1000) });
      expect(await auth.api.getSession({ headers: cookie })).toBeNull();
    });

    it("ends a session 30 days after sign-in, however active it has been, and clears its cookie", async () => {
      await person();
      const result = await attempt("sam@desk.example", password);
      if (!result.ok) throw new Error("sign-in failed");
      const cookie = new Headers({ cookie: cookieOf(result.headers) });
      expect((await currentSession(auth, cookie)).response).not.toBeNull();
      const day = 24 * 60 * 60 * 1000;
      await db()
        .update(staffSession)
        .set({ createdAt: new Date(Date.now() - (sessionLifetimeDays - 1) * day), updatedAt: new Date() });
      expect((await currentSession(auth, cookie)).response).not.toBeNull();
      await db()
        .update(staffSession)
        .set({ createdAt: new Date(Date.now() - (sessionLifetimeDays + 1) * day), updatedAt: new Date() });
      const ended = await currentSession(auth, cookie);
      expect(ended.response).toBeNull();
      expect(await db().select().from(staffSession)).toEqual([]);
      // The browser is told to forget the cookie.
      const cleared = ended.headers.getSetCookie().find((c) => c.startsWith("__Secure-desk.session_token=")) ?? "";
      expect(cleared).toMatch(/^__Secure-desk\.session_token=;.*Max-Age=0/);
    });

    it("hashes passwords with argon2id and replaces an older hash at the next sign-in", async () => {
      const sam = await person();
      const stored = async () =>
        (
          await db().select({ hash: staffAccount.password }).from(staffAccount).where(eq(staffAccount.userId, sam.id))
        )[0]?.hash ?? "";
      expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      // An account from before: better-auth's scrypt hash (N=2^14).
      await db()
        .update(staffAccount)
        .set({ password: await hashLegacyScrypt(password) })
        .where(eq(staffAccount.userId, sam.id));
      expect(await stored()).not.toMatch(/^\$argon2id/);
      expect(await attempt("sam@desk.example", "not the password")).toMatchObject({ ok: false, status: 401 });
      expect(await stored()).not.toMatch(/^\$argon2id/);
      expect((await attempt("sam@desk.example", password)).ok).toBe(true);
      expect(await stored()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
      expect((await attempt("sam@desk.example", password)).ok).toBe(true);
    });

    it("stores session tokens hashed: a copy of the database signs nobody in", async () => {
      await person();
      const result = await attempt("sam@desk.example", password);
      if (!result.ok) throw new Error("sign-in failed");
      const [name = "", value = ""] = cookieOf(result.headers).split("=");
      const token = decodeURIComponent(value).replace(/\.[^.]*$/, "");
      const [row] = await db().select({ token: staffSession.token }).from(staffSession);
      expect(row?.token).toBeTruthy();
      expect(row?.token).not.toContain(token);
      const signed = (value: string, secret = deskSecret) =>
        new Headers({
          cookie: `${name}=${encodeURIComponent(`${value}.${createHmac("sha256", secret).update(value).digest("base64")}`)}`,
        });
      // Signed as the library signs it, the cookie's own token works; the stored value does not.
      expect((await currentSession(auth, signed(token))).response).not.toBeNull();
      expect((await currentSession(auth, signed(row?.token ?? ""))).response).toBeNull();
    });

    it("accepts a cookie signed with the previous secret while DESK_SECRET is rotated, and signs it anew as sign-in does", async () => {
      await person();
      const result = await attempt("sam@desk.example", password);
      if (!result.ok) throw new Error("sign-in failed");
      const oldCookie = new Headers({ cookie: cookieOf(result.headers) });
      const nextSecret = "the-next-secret-also-thirty-two-characters-long";
      const rotated = getAuth(db(), config, nextSecret);
      expect((await currentSession(rotated, oldCookie)).response).toBeNull();
      const during = await currentSession(getAuth(db(), config, nextSecret, deskSecret), oldCookie);
      expect(during.response?.user.email).toBe("sam@desk.example");
      const renewed = new Headers({ cookie: cookieOf(during.headers) });
      expect((await currentSession(rotated, renewed)).response?.user.email).toBe("sam@desk.example");
      // Signed anew exactly as the library signs at sign-in: same name, lifetime and flags.
      const signedIn = result.headers.getSetCookie().find((c) => c.includes("session_token")) ?? "";
      const resigned = during.headers.getSetCookie().find((c) => c.includes("session_token")) ?? "";
      expect(cookieAttributes(resigned)).toEqual(cookieAttributes(signedIn));
      expect(cookieAttributes(signedIn)).toEqual([
        "__Secure-desk.session_token",
        "HttpOnly",
        "Max-Age=43200",
        "Path=/",
        "SameSite=Lax",
        "Secure",
      ]);
    });

    it("keeps the signing secret out of the database: from DESK_SECRET, else a file in DATA_DIR", async () => {
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "mro-secret-"));
      await db().insert(settings).values({ key: "auth_secret", value: "the-secret-an-older-version-kept" });
      const first = await resolveDeskSecrets(db(), { dataDir });
      // An older installation's secret moves to the file once, so its sessions carry on.
      expect(first.current).toBe("the-secret-an-older-version-kept");
      expect(fs.statSync(path.join(dataDir, deskSecretFile)).mode & 0o777).toBe(0o600);
      expect(await db().select().from(settings).where(eq(settings.key, "auth_secret"))).toEqual([]);
      expect((await resolveDeskSecrets(db(), { dataDir })).current).toBe(first.current);
      const fromEnv = await resolveDeskSecrets(db(), {
        dataDir,
        deskSecret: deskSecret,
        deskSecretPrevious: "x".repeat(32),
      });
      expect(fromEnv).toEqual({ current: deskSecret, previous: "x".repeat(32) });
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it("removing someone ends their sessions at once", async () => {
      const admin = await person("alex@desk.example", "admin");
      const staff = await person();
      const result = await attempt("sam@desk.example", password);
      if (!result.ok) throw new Error("sign-in failed");
      const cookie = new Headers({ cookie: cookieOf(result.headers) });
      expect(await auth.api.getSession({ headers: cookie })).not.toBeNull();
      await removePerson(db(), staff.id, admin);
      expect(await auth.api.getSession({ headers: cookie })).toBeNull();
      expect(await db().select().from(staffSession).where(eq(staffSession.userId, staff.id))).toEqual([]);
      await expect(removePerson(db(), admin.id, admin)).rejects.toThrow(/cannot remove yourself/);
    });

    it("lists how many devices each person is signed in on", async () => {
      await person("alex@desk.example", "admin");
      await person();
      await attempt("sam@desk.example", password);
      await attempt("sam@desk.example", password, "198.51.100.8", new Headers({ "user-agent": "phone" }));
      const { people } = await listPeople(db());
      expect(people.map((p) => [p.email, p.sessions])).toEqual([
        ["alex@desk.example", 0],
        ["sam@desk.example", 2],
      ]);
    });

    it("two admins removing each other at once leave exactly one admin", async () => {
      const alex = await person("alex@desk.example", "admin");
      const kim = await person("kim@desk.example", "admin");
      const outcomes = await Promise.allSettled([removePerson(db(), kim.id, alex), removePerson(db(), alex.id, kim)]);
      expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
      const refused = outcomes.find((o) => o.status === "rejected");
      expect(String(refused?.status === "rejected" ? refused.reason : "")).toMatch(
        /no longer are one|at least one admin/,
      );
      expect(await db().select().from(staffUser).where(eq(staffUser.role, "admin"))).toHaveLength(1);
    });
  });

  describe("working a request", () => {
    const actor = { id: "u1", name: "Sam" };
    async function stored(overrides: Partial<typeof sampleQuote> = {}, spam = false) {
      const { reference } = await storeQuote(db(), { ...sampleQuote, ...overrides }, storeMeta({ spam }));
      const [row] = await db().select().from(quotes).where(eq(quotes.reference, reference));
      if (!row) throw new Error("not stored");
      return row;
    }
    const events = async (quoteId: number) =>
      (await db().select().from(quoteEvents).where(eq(quoteEvents.quoteId, quoteId)).orderBy(asc(quoteEvents.id))).map(
        (e) => [e.kind, e.actorName, e.detail],
      );

    it("writes an audit entry for every status change, note and reply", async () => {
      const quote = await stored();
      expect(await changeStatus(db(), quote.id, "in_progress", actor)).toBe(true);
      expect(await changeStatus(db(), quote.id, "in_progress", actor)).toBe(false);
      await addNote(db(), quote.id, "Called back, wants SKF only", actor);
      expect(await events(quote.id)).toEqual([
        ["status", "Sam", { from: "new", to: "in_progress" }],
        ["note", "Sam", { text: "Called back, wants SKF only" }],
      ]);
    });

    it("stores the time of the first reply once; a New request moves to In progress", async () => {
      const quote = await stored();
      await db().update(quotes).set({ createdAt: sql`now() - interval '2 hours'` }).where(eq(quotes.id, quote.id));
      expect(await recordReply(db(), quote.id, "email", actor)).toBe(true);
      const [after] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
      expect(after?.status).toBe("in_progress");
      const seconds = ((after?.firstReplyAt?.getTime() ?? 0) - (after?.createdAt.getTime() ?? 0)) / 1000;
      expect(seconds).toBeGreaterThan(7190);
      expect(seconds).toBeLessThan(7300);
      expect(await recordReply(db(), quote.id, "other", actor)).toBe(false);
      const [again] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
      expect(again?.firstReplyAt).toEqual(after?.firstReplyAt);
      const kinds = (await events(quote.id)).map(([kind, , detail]) => [kind, (detail as { first?: boolean }).first]);
      expect(kinds).toEqual([
        ["reply", true],
        ["status", undefined],
        ["reply", false],
      ]);
    });

    it("'Not spam' moves the request to New and queues exactly one notification, however often it is clicked", async () => {
      const quote = await stored({}, true);
      await db()
        .update(quotes)
        .set({ spamReasons: ["honeypot"] })
        .where(eq(quotes.id, quote.id));
      expect(await db().select().from(outbox)).toEqual([]);
      const results = await Promise.all([
        releaseFromSpam(db(), quote.id, actor, false),
        releaseFromSpam(db(), quote.id, actor, false),
        releaseFromSpam(db(), quote.id, actor, false),
      ]);
      expect(results.filter((r) => r.released)).toHaveLength(1);
      const messages = await db().select().from(outbox).where(eq(outbox.quoteId, quote.id));
      expect(messages.map((m) => [m.kind, m.status])).toEqual([["email", "pending"]]);
      const [after] = await db().select().from(quotes).where(eq(quotes.id, quote.id));
      expect(after?.status).toBe("new");
      // Judged not spam: no "possible spam" banner is left on it; the reasons stay in the timeline.
      expect(after?.spamReasons).toEqual([]);
      expect(await events(quote.id)).toEqual([["released", "Sam", { reasons: ["honeypot"], queued: ["email"] }]]);
      // Marked as spam again and released again: it was notified already, so nothing more is sent.
      await changeStatus(db(), quote.id, "spam", actor);
      expect((await releaseFromSpam(db(), quote.id, actor, true)).queued).toBe(1);
      expect((await db().select().from(outbox).where(eq(outbox.quoteId, quote.id))).map((m) => m.kind).sort()).toEqual([
        "email",
        "forward",
      ]);
    });

    it("reports failing and stuck notifications, and 'Retry now' makes them due", async () => {
      const quote = await stored();
      expect(await notificationHealth(db())).toBeNull();
      await db().update(outbox).set({ createdAt: sql`now() - interval '20 minutes'` });
      const health = await notificationHealth(db());
      expect(health).toMatchObject({ count: 1, oldestReference: quote.reference });
      await db().update(outbox).set({ status: "failed", attempts: 10, nextAttemptAt: sql`now() + interval '1 day'` });
      expect(await retryNotifications(db(), quote.id, actor)).toBe(1);
      const [message] = await db().select().from(outbox);
      expect(message?.status).toBe("pending");
      expect(Math.abs((message?.nextAttemptAt.getTime() ?? 0) - Date.now())).toBeLessThan(60_000);
    });
  });

  describe("inbox", () => {
    async function seed(n: number) {
      for (let i = 0; i < n; i++) {
        await storeQuote(
          db(),
          {
            ...sampleQuote,
            customerName: `Buyer ${i}`,
            company: i % 2 ? "Severn Foods Ltd" : "Wrekin Plastics",
            urgency: i === 3 ? "emergency" : "standard",
            category: i % 3 ? "bearings" : "ppe",
            requirements: i === 7 ? "Gearbox oil seal 45x62x8" : "Ball bearings",
          },
          storeMeta(),
        );
      }
      // Distinct, known times: request i arrived i minutes after the first.
      await db().execute(sql`update quotes set created_at = now() - make_interval(mins => 1000 - id)`);
    }
    const query = (params: Record<string, string>) => {
      const parsed = parseInboxQuery(new URLSearchParams(params));
      if (!parsed.ok) throw new Error(JSON.stringify(parsed.errors));
      return parsed.query;
    };

    it("lists open emergencies first, then newest first, and pages by keyset without gaps or repeats", async () => {
      await seed(120);
      const first = await inboxPage(db(), query({}), "u1");
      expect(first.rows[0]?.customerName).toBe("Buyer 3");
      expect(first.rows[1]?.customerName).toBe("Buyer 119");
      const seen = [...first.rows];
      let older = first.older;
      while (older) {
        const next = await inboxPage(db(), query({ after: older }), "u1");
        seen.push(...next.rows);
        older = next.older;
      }
      expect(seen).toHaveLength(120);
      expect(new Set(seen.map((r) => r.id)).size).toBe(120);
      const second = await inboxPage(db(), query({ after: first.older ?? "" }), "u1");
      const back = await inboxPage(db(), query({ before: second.newer ?? "" }), "u1");
      expect(back.rows.map((r) => r.id)).toEqual(first.rows.map((r) => r.id));
    });

    it("filters by status, urgency and category and searches reference, name, company, e-mail and requirements", async () => {
      await seed(12);
      const [one] = await db().select().from(quotes).where(eq(quotes.customerName, "Buyer 5"));
      await db().update(quotes).set({ status: "won" }).where(eq(quotes.customerName, "Buyer 5"));
      const names = async (params: Record<string, string>) =>
        (await inboxPage(db(), query(params), "u1")).rows.map((r) => r.customerName);
      expect(await names({ status: "won" })).toEqual(["Buyer 5"]);
      expect(await names({ urgency: "emergency" })).toEqual(["Buyer 3"]);
      expect((await names({ category: "ppe" })).sort()).toEqual(["Buyer 0", "Buyer 3", "Buyer 6", "Buyer 9"]);
      expect(await names({ q: "oil seal" })).toEqual(["Buyer 7"]);
      expect(await names({ q: one?.reference.toLowerCase() ?? "" })).toEqual(["Buyer 5"]);
      expect((await names({ q: "wrekin" })).length).toBe(6);
      expect((await names({ q: "WORKS.EXAMPLE" })).length).toBe(12);
      expect(await names({ q: "100%" })).toEqual([]);
      // The trigger-kept counts agree with counting every row, through inserts, status changes and deletes.
      await db().delete(quotes).where(eq(quotes.customerName, "Buyer 0"));
      await db().update(quotes).set({ status: "spam" }).where(eq(quotes.customerName, "Buyer 1"));
      const counted = await db().execute(sql`select status, count(*)::int as n from quotes group by status`);
      const expected = Object.fromEntries(
        (counted as unknown as { rows: { status: string; n: number }[] }).rows.map((r) => [r.status, r.n]),
      );
      expect(await statusCounts(db())).toEqual({
        new: 0,
        in_progress: 0,
        quoted: 0,
        accepted: 0,
        won: 0,
        lost: 0,
        expired: 0,
        spam: 0,
        waiting: 0,
        chase: 0,
        ...expected,
      });
      expect((await statusCounts(db())).won).toBe(1);
      expect((await statusCounts(db())).new).toBe(9);
    });

    it("answers bad filters with field messages", () => {
      expect(parseInboxQuery(new URLSearchParams({ status: "done", q: "ab", after: "x" }))).toEqual({
        ok: false,
        errors: {
          status: "Choose a status from the list",
          q: "Search for at least 3 letters or digits",
          after: "That page link is broken; start again from the first page",
        },
      });
    });

    it("exports the current filter as CSV", async () => {
      await seed(3);
      await db().update(quotes).set({ customerName: "=cmd()" }).where(eq(quotes.customerName, "Buyer 1"));
      const bytes = new Uint8Array(await new Response(exportCsv(db(), { status: "all" }, "u1")).arrayBuffer());
      expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = new TextDecoder().decode(bytes);
      const lines = text.trim().split("\r\n");
      expect(lines[0]).toBe(
        "Reference,Received,Status,Urgency,Category,Name,Company,E-mail,Phone,Requirements,Parts lines,Owner,Notes,First reply,Quotation,Revision,Net value,PO,Order value,Lost reason,Closed",
      );
      expect(lines).toHaveLength(4);
      expect(text).toContain(",'=cmd(),");
      const filtered = await new Response(exportCsv(db(), { status: "all", q: "cmd" }, "u1")).text();
      expect(filtered.trim().split("\r\n")).toHaveLength(2);
    });
  });
});
