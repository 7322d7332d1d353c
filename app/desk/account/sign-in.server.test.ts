import { isAPIError } from "better-auth/api";
import { eq, sql } from "drizzle-orm";
import { beforeAll, beforeEach, expect, it } from "vitest";
import { resetAccess } from "#app/desk/account/people.server.ts";
import { signIn, wrongCredentials } from "#app/desk/account/sign-in.server.ts";
import {
  accountSlowdownStep,
  addressFailureLimit,
  allowResetRequest,
  reserveSignInAttempt,
  resetRequestLimit,
  throttleKeys,
} from "#app/desk/account/throttle.server.ts";
import { type Auth, createStaffAccount, getAuth } from "#app/desk/auth.server.ts";
import { getIpSalt } from "#app/lib/client-key.server.ts";
import { readConfig } from "#app/lib/env.server.ts";
import type { Db } from "#db/client.server.ts";
import { authThrottle, outbox } from "#db/schema.ts";
import { describeDatabase } from "#test/pg.ts";

const config = readConfig({ SITE_URL: "https://desk.example" });
const password = "a long enough passphrase";
const newPassword = "another long passphrase";
const deskSecret = "a-test-secret-of-at-least-thirty-two-characters";
const minutes = (n: number) => n * 60_000;
/** Wrong passwords one address may try on one account (pairFailureLimit), spelt out as the behaviour asked for. */
const perPair = 5;

async function reset(db: Db) {
  await db.execute(
    sql`truncate outbox, auth_throttle, staff_user, staff_session, staff_account, staff_verification, staff_invitations restart identity cascade`,
  );
}

describeDatabase("desk sign-in throttle and reset links", (target) => {
  const db = () => target.database.db;
  let auth: Auth;
  let salt = "";
  beforeAll(async () => {
    auth = getAuth(db(), config, deskSecret);
    salt = await getIpSalt(db());
  });
  beforeEach(() => reset(db()));

  const person = (email = "sam@desk.example") =>
    createStaffAccount(auth, { name: email.split("@")[0] ?? "x", email, password, role: "staff" });
  const attempt = (email: string, pass: string, address = "198.51.100.7", now?: Date) =>
    signIn(auth, db(), { email, password: pass, address, salt, headers: new Headers(), now });
  /** The reset links e-mailed so far (the outbox holds them until the worker sends them), oldest first. */
  const resetLinks = async () =>
    (await db().select({ payload: outbox.payload }).from(outbox).orderBy(outbox.id)).flatMap(({ payload }) => {
      const token = (payload as { text?: string }).text?.match(/\/desk\/reset-password\?token=([\w%-]+)/)?.[1];
      return token ? [decodeURIComponent(token)] : [];
    });
  const useLink = (token: string, chosen = newPassword) =>
    auth.api.resetPassword({ body: { newPassword: chosen, token } }).then(
      () => "changed",
      (error: unknown) => (isAPIError(error) && error.statusCode === 400 ? "expired or already used" : error),
    );

  it("five wrong passwords from one address hold back that address only: the owner signs in from elsewhere", async () => {
    await person();
    for (let i = 0; i < perPair; i++) {
      expect(await attempt("sam@desk.example", `wrong ${i}`, "203.0.113.9")).toEqual({
        ok: false,
        status: 401,
        message: wrongCredentials,
      });
    }
    const held = await attempt("sam@desk.example", password, "203.0.113.9");
    expect(held).toMatchObject({ ok: false, status: 429 });
    // The owner, at their own desk, is not locked out by someone else's guesses.
    expect((await attempt("sam@desk.example", password, "198.51.100.20")).ok).toBe(true);
    if (held.ok) return;
    expect(held.retryAfterSeconds).toBeGreaterThan(14 * 60);
    expect(held.retryAfterSeconds).toBeLessThanOrEqual(15 * 60);
    expect(held.message).toBe(
      "Too many wrong passwords. Try again in 15 minutes, or choose a new password with the link below.",
    );
    expect(held.message).not.toMatch(/admin/i);
  }, 60_000);

  it("says when to try again, and lets the address try again once the quarter hour has passed", async () => {
    await person();
    const start = new Date();
    for (let i = 0; i < perPair; i++) await attempt("sam@desk.example", "wrong", "203.0.113.9", start);
    const later = await attempt("sam@desk.example", password, "203.0.113.9", new Date(start.getTime() + minutes(10)));
    expect(later).toMatchObject({ ok: false, status: 429, retryAfterSeconds: 5 * 60 });
    expect(later.ok ? "" : later.message).toMatch(/^Too many wrong passwords\. Try again in 5 minutes,/);
    const after = await attempt("sam@desk.example", password, "203.0.113.9", new Date(start.getTime() + minutes(15)));
    expect(after.ok).toBe(true);
  }, 60_000);

  it("forgets counts whose quarter hour has passed", async () => {
    const start = new Date();
    await attempt("nobody@desk.example", "x", "203.0.113.3", start);
    expect(await db().select().from(authThrottle)).toHaveLength(3);
    // An hour on: later than any other test's clock, so this process's once-a-window sweep is due.
    await attempt("other@desk.example", "x", "203.0.113.4", new Date(start.getTime() + minutes(60)));
    const left = await db().select({ key: authThrottle.key }).from(authThrottle);
    expect(left.map((row) => row.key).sort()).toEqual(
      Object.values(throttleKeys("sign-in", "other@desk.example", "203.0.113.4", salt)).sort(),
    );
  });

  it("answers an unknown account exactly as a known one, refused or not", async () => {
    await person();
    const wrong = await attempt("sam@desk.example", "not the password", "203.0.113.1");
    const unknown = await attempt("nobody@desk.example", "not the password", "203.0.113.2");
    expect(wrong).toEqual({ ok: false, status: 401, message: wrongCredentials });
    expect(unknown).toEqual(wrong);
    for (let i = 1; i < perPair; i++) {
      await attempt("sam@desk.example", "x", "203.0.113.1");
      await attempt("nobody@desk.example", "x", "203.0.113.2");
    }
    const refused = await attempt("sam@desk.example", "x", "203.0.113.1");
    const refusedUnknown = await attempt("nobody@desk.example", "x", "203.0.113.2");
    expect({ ...refusedUnknown, retryAfterSeconds: 0 }).toEqual({ ...refused, retryAfterSeconds: 0 });
  }, 60_000);

  it("lets at most 5 of 50 wrong passwords sent at once from one address reach the password check", async () => {
    await person();
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) => attempt("sam@desk.example", `wrong ${i}`, "198.51.100.100")),
    );
    const checked = results.filter((r) => !r.ok && r.status === 401);
    expect(checked.length).toBeLessThanOrEqual(perPair);
    expect(results.filter((r) => !r.ok && r.status === 429)).toHaveLength(50 - checked.length);
    expect((await attempt("sam@desk.example", password, "203.0.113.50")).ok).toBe(true);
  }, 120_000);

  it("wrong passwords from many addresses slow the account's wrong answers, never a right password", async () => {
    await person();
    const keys = (address: string) => throttleKeys("sign-in", "sam@desk.example", address, salt);
    // 40 addresses, one guess each: none is refused, and the later guesses are answered slowly.
    const gates = [];
    for (let i = 0; i < 40; i++) gates.push(await reserveSignInAttempt(db(), keys(`192.0.2.${i}`)));
    expect(gates.filter((gate) => gate.refused)).toEqual([]);
    expect(gates[0]).toEqual({ refused: false, delayMs: 0 });
    expect(gates[2 * accountSlowdownStep]).toEqual({ refused: false, delayMs: 500 });
    expect(gates[39]).toEqual({ refused: false, delayMs: 4000 });
    const started = Date.now();
    expect((await attempt("sam@desk.example", password, "198.51.100.21")).ok).toBe(true);
    expect(Date.now() - started).toBeLessThan(3000);
  }, 60_000);

  it("counts the addresses of one IPv6 /64 as one address, and keeps e-mail keys whole", () => {
    const keys = (email: string, address: string) => throttleKeys("sign-in", email, address, "salt");
    expect(keys("a@desk.example", "2001:db8:7:1::1").pair).toBe(keys("a@desk.example", "2001:db8:7:1::ff").pair);
    expect(keys("a@desk.example", "2001:db8:7:1::1").address).not.toBe(
      keys("a@desk.example", "2001:db8:7:2::1").address,
    );
    expect(keys("a@desk.example", "::ffff:192.0.2.9").address).toBe(keys("a@desk.example", "192.0.2.9").address);
    expect(keys("x%1@desk.example", "192.0.2.9").account).not.toBe(keys("x%2@desk.example", "192.0.2.9").account);
  });

  it("refuses an address after 20 failures, whichever accounts it tries", async () => {
    await person();
    const { address } = throttleKeys("sign-in", "any@desk.example", "192.0.2.99", salt);
    await db()
      .insert(authThrottle)
      .values({ key: address, count: addressFailureLimit - 1, windowStart: new Date() });
    expect(await attempt("guess@desk.example", "x", "192.0.2.99")).toMatchObject({ ok: false, status: 401 });
    expect(await attempt("sam@desk.example", password, "192.0.2.99")).toMatchObject({ ok: false, status: 429 });
    expect((await attempt("sam@desk.example", password, "192.0.2.100")).ok).toBe(true);
  });

  it("an admin's reset and a new password clear the account's counts: the held-back address signs in at once", async () => {
    const sam = await person();
    for (let i = 0; i <= perPair; i++) await attempt("sam@desk.example", "wrong", "203.0.113.9");
    expect(await attempt("sam@desk.example", password, "203.0.113.9")).toMatchObject({ status: 429 });
    await resetAccess(db(), auth, sam.id);
    const [link = ""] = await resetLinks();
    expect(await useLink(link)).toBe("changed");
    expect((await attempt("sam@desk.example", newPassword, "203.0.113.9")).ok).toBe(true);
  }, 60_000);

  it("using one reset link ends the account's other links", async () => {
    await person();
    await person("kim@desk.example");
    await auth.api.requestPasswordReset({ body: { email: "sam@desk.example" } });
    await auth.api.requestPasswordReset({ body: { email: "sam@desk.example" } });
    await auth.api.requestPasswordReset({ body: { email: "kim@desk.example" } });
    const [first = "", second = "", kims = ""] = await resetLinks();
    expect(await useLink(second)).toBe("changed");
    expect(await useLink(first, "a third long passphrase")).toBe("expired or already used");
    expect(await useLink(second, "a third long passphrase")).toBe("expired or already used");
    expect((await attempt("sam@desk.example", newPassword)).ok).toBe(true);
    // Another account's link is untouched.
    expect(await useLink(kims)).toBe("changed");
  }, 60_000);

  it("a password change (an admin's reset of access) ends the links sent before it", async () => {
    const sam = await person();
    await auth.api.requestPasswordReset({ body: { email: "sam@desk.example" } });
    await auth.api.requestPasswordReset({ body: { email: "sam@desk.example" } });
    await resetAccess(db(), auth, sam.id);
    const [first = "", second = "", fromAdmin = ""] = await resetLinks();
    expect(await useLink(first)).toBe("expired or already used");
    expect(await useLink(second)).toBe("expired or already used");
    expect(await useLink(fromAdmin)).toBe("changed");
  }, 60_000);

  it("limits reset e-mails per account and per address, and says when to ask again", async () => {
    const keys = throttleKeys("reset", "sam@desk.example", "198.51.100.7", salt);
    const start = new Date();
    for (let i = 0; i < resetRequestLimit.account; i++) {
      expect(await allowResetRequest(db(), keys, start)).toEqual({ allowed: true });
    }
    expect(await allowResetRequest(db(), keys, new Date(start.getTime() + minutes(1)))).toEqual({
      allowed: false,
      retryAfterSeconds: 14 * 60,
    });
    expect(await allowResetRequest(db(), keys, new Date(start.getTime() + minutes(15)))).toEqual({ allowed: true });
    const rows = await db().select().from(authThrottle).where(eq(authThrottle.key, keys.account));
    expect(rows.map((row) => row.count)).toEqual([1]);
  });
});
