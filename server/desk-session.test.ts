import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/client.server.ts";
import { setupTimeoutMs } from "#test/pg.ts";
import { type RunningServer, startServer } from "#test/server.ts";

const password = "a long enough passphrase";
const firstSecret = "the-first-desk-secret-of-thirty-two-characters";
const nextSecret = "the-next-desk-secret-of-thirty-two-characters";

/** A Set-Cookie's name and attributes, without its value or a date that moves. */
const attributes = (setCookie = "") => {
  const [pair = "", ...rest] = setCookie.split(/;\s*/);
  return [pair.split("=")[0], ...rest.filter((a) => !/^Expires=/i.test(a)).sort()];
};
const sessionCookie = (response: Response) =>
  response.headers.getSetCookie().find((c) => c.startsWith("desk.session_token=")) ?? "";
const pairOf = (setCookie: string) => setCookie.split(";")[0] ?? "";

/**
 * What sign-in rests on, through the library's public API, against the production build: if an upgrade of
 * the library changed its cookie or how a session is read back, this fails.
 */
describe("desk sessions over HTTP: the cookie sign-in sets, DESK_SECRET rotation, the 30-day end", () => {
  let server: RunningServer | undefined;
  let address = 0;
  afterAll(async () => {
    await server?.stop();
  }, setupTimeoutMs);

  const request = (path: string, init: { cookie?: string; form?: Record<string, string> } = {}) => {
    const url = server?.url ?? "";
    return fetch(`${url}${path}`, {
      redirect: "manual",
      headers: {
        "x-forwarded-for": `198.51.100.${++address}`,
        ...(init.cookie ? { cookie: init.cookie } : {}),
        ...(init.form ? { origin: url } : {}),
      },
      ...(init.form ? { method: "POST", body: new URLSearchParams(init.form) } : {}),
    });
  };
  const restart = async (env: Record<string, string>) => {
    const dataDir = server?.dataDir;
    await server?.stop();
    server = await startServer({ LOG_LEVEL: "info", ...env }, dataDir);
  };

  it(
    "signs in with the cookie the desk relies on, reads it back, re-signs it after a rotation and clears it after 30 days",
    async () => {
      await restart({ DESK_SECRET: firstSecret });
      const setup = server?.output().match(/No desk account yet: .* at http\S+?(\/desk\/setup\?token=[\w-]+)/)?.[1];
      const form = { name: "Alex Admin", email: "alex@desk.example", password, confirm: password };
      expect((await request(setup ?? "", { form })).status).toBe(302);

      const signedIn = await request("/desk/sign-in", { form: { email: form.email, password, next: "/desk" } });
      expect(signedIn.status).toBe(302);
      expect(signedIn.headers.get("location")).toBe("/desk");
      const cookie = sessionCookie(signedIn);
      expect(attributes(cookie)).toEqual(["desk.session_token", "HttpOnly", "Max-Age=43200", "Path=/", "SameSite=Lax"]);
      const inbox = await request("/desk", { cookie: pairOf(cookie) });
      expect(inbox.status).toBe(200);
      expect(await inbox.text()).toContain("Alex Admin");

      // DESK_SECRET rotated: the old cookie still works and comes back signed with the new secret.
      await restart({ DESK_SECRET: nextSecret, DESK_SECRET_PREVIOUS: firstSecret });
      const during = await request("/desk", { cookie: pairOf(cookie) });
      expect(during.status).toBe(200);
      const renewed = sessionCookie(during);
      expect(attributes(renewed)).toEqual(attributes(cookie));
      expect(pairOf(renewed)).not.toBe(pairOf(cookie));

      // The rotation over: the renewed cookie works, the old one signs nobody in.
      await restart({ DESK_SECRET: nextSecret });
      expect((await request("/desk", { cookie: pairOf(renewed) })).status).toBe(200);
      const old = await request("/desk", { cookie: pairOf(cookie) });
      expect(old.status).toBe(302);
      expect(old.headers.get("location")).toBe("/desk/sign-in?next=%2Fdesk");

      // 30 days after sign-in, however active: ended, and the browser told to forget the cookie.
      const shared = await openDatabase({ dataDir: server?.dataDir ?? "", share: true });
      try {
        const sessions = async () =>
          (
            (await shared.db.execute(sql`select count(*)::int as n from staff_session`)) as unknown as {
              rows: { n: number }[];
            }
          ).rows[0]?.n;
        const before = await sessions();
        await shared.db.execute(sql`update staff_session set created_at = now() - interval '31 days'`);
        const ended = await request("/desk", { cookie: pairOf(renewed) });
        expect(ended.status).toBe(302);
        expect(ended.headers.get("location")).toBe("/desk/sign-in?next=%2Fdesk");
        expect(sessionCookie(ended)).toMatch(/^desk\.session_token=;.*Max-Age=0/);
        expect(await sessions()).toBe((before ?? 0) - 1);
      } finally {
        await shared.close();
      }
    },
    setupTimeoutMs * 4,
  );
});
