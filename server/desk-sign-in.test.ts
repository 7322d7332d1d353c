import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl, setupTimeoutMs } from "#test/pg.ts";
import { type RunningServer, startServer } from "#test/server.ts";

const password = "a long enough passphrase";
const newPassword = "another long passphrase";

describe("desk sign-in over HTTP: held-back addresses, reset links, Retry-After", () => {
  let server: RunningServer;
  let admin = "";

  async function post(target: string, form: Record<string, string>, from: string, cookie = "") {
    const response = await fetch(`${server.url}${target}`, {
      method: "POST",
      redirect: "manual",
      headers: { origin: server.url, "x-forwarded-for": from, ...(cookie ? { cookie } : {}) },
      body: new URLSearchParams(form),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  }
  const cookieOf = (headers: Headers) =>
    headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

  /** The reset links e-mailed to `to` (an .eml file each, no SMTP_URL), oldest first, once there are `count`. */
  async function resetLinks(to: string, count: number) {
    const dir = path.join(server.dataDir, "outbox");
    const deadline = Date.now() + 30_000;
    for (;;) {
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((f) => /^desk-reset-\d+\.eml$/.test(f)) : [];
      const links = files
        .sort((a, b) => Number(a.match(/\d+/)?.[0]) - Number(b.match(/\d+/)?.[0]))
        .map((file) =>
          fs
            .readFileSync(path.join(dir, file), "utf8")
            .replace(/=\r?\n/g, "")
            .replace(/=3D/g, "="),
        )
        .filter((text) => text.includes(`To: ${to}`))
        .map((text) => text.match(/\/desk\/reset-password\?token=[\w-]+/)?.[0] ?? "");
      if (links.length >= count) return links;
      if (Date.now() > deadline) throw new Error(`${links.length} of ${count} reset e-mails to ${to}`);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: await freshDatabaseUrl(), LOG_LEVEL: "info" });
    const link = server.output().match(/No desk account yet: .* at http\S+?(\/desk\/setup\?token=[\w-]+)/)?.[1] ?? "";
    const created = await post(
      link,
      { name: "Alex Admin", email: "alex@desk.example", password, confirm: password },
      "198.51.100.1",
    );
    expect(created.status).toBe(302);
    admin = cookieOf(created.headers);
    const invited = await post(
      "/desk/people?intent=invite",
      { email: "sam@desk.example", role: "staff" },
      "198.51.100.1",
      admin,
    );
    const invitation = invited.text.match(/\/desk\/welcome\?token=[\w-]+/)?.[0] ?? "";
    const joined = await post(invitation, { name: "Sam Staff", password, confirm: password }, "198.51.100.2");
    expect(joined.status).toBe(302);
  }, setupTimeoutMs);
  afterAll(async () => {
    if (server) expect(await server.stop()).toBe(0);
  }, setupTimeoutMs);

  it("six wrong passwords from one address hold back that address only, saying when, with Retry-After", async () => {
    for (let i = 0; i < 5; i++) {
      expect(
        (await post("/desk/sign-in", { email: "sam@desk.example", password: "wrong" }, "203.0.113.9")).status,
      ).toBe(401);
    }
    const held = await post("/desk/sign-in", { email: "sam@desk.example", password }, "203.0.113.9");
    expect(held.status).toBe(429);
    const retryAfter = Number(held.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(held.text).toContain("Too many wrong passwords. Try again in 15 minutes");
    expect(held.text).not.toMatch(/ask an admin/i);
    // The owner, elsewhere, signs in.
    expect((await post("/desk/sign-in", { email: "sam@desk.example", password }, "198.51.100.3")).status).toBe(302);
  }, 60_000);

  it("an admin's reset and a new password let the held-back address in; the account's other reset link ends", async () => {
    const people = await (
      await fetch(`${server.url}/desk/people`, { headers: { cookie: admin, "x-forwarded-for": "198.51.100.1" } })
    ).text();
    const samId = people.match(/name="intent" value="reset"\/><input type="hidden" name="id" value="([^"]+)"/)?.[1];
    expect(samId).toBeTruthy();
    const confirmed = { intent: "reset", id: samId ?? "", confirmed: "yes" };
    expect((await post("/desk/people", confirmed, "198.51.100.1", admin)).status).toBe(200);
    await resetLinks("sam@desk.example", 1);
    expect((await post("/desk/forgot-password", { email: "sam@desk.example" }, "198.51.100.4")).status).toBe(200);
    const [fromAdmin = "", asked = ""] = await resetLinks("sam@desk.example", 2);

    const used = await post(asked, { password: newPassword, confirm: newPassword }, "198.51.100.4");
    expect(used.status).toBe(302);
    expect(used.headers.get("location")).toBe("/desk/sign-in?password-changed=1");
    const other = await post(
      fromAdmin,
      { password: "a third long passphrase", confirm: "a third long passphrase" },
      "198.51.100.4",
    );
    expect(other.status).toBe(404);
    expect(other.text).toContain("This link has expired or has been used.");

    const back = await post("/desk/sign-in", { email: "sam@desk.example", password: newPassword }, "203.0.113.9");
    expect(back.status).toBe(302);
  }, 60_000);

  it("a fourth reset request for one account in 15 minutes gets 429 with Retry-After, saying when", async () => {
    const ask = (n: number) => post("/desk/forgot-password", { email: "kim@desk.example" }, `198.51.100.${10 + n}`);
    for (let n = 0; n < 3; n++) expect((await ask(n)).status).toBe(200);
    const refused = await ask(3);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(refused.text).toContain("Too many reset requests. Try again in 15 minutes.");
  }, 60_000);
});
