import pg from "pg";
import { afterAll, beforeAll, expect, it } from "vitest";
import { buyerMail } from "#test/buyer-mail.ts";
import { type ImapServer, startDovecot } from "#test/dovecot.ts";
import { describePostgres, setupTimeoutMs } from "#test/pg.ts";
import { quoteForm, type RunningServer, startServer, validQuote } from "#test/server.ts";
import { eventually } from "#test/smtp.ts";

describePostgres("the buyers' e-mails, read by two server processes", (postgres) => {
  let imap: ImapServer;
  let databaseUrl: string;
  const servers: RunningServer[] = [];
  beforeAll(async () => {
    imap = await startDovecot();
    databaseUrl = await (await postgres()).createDatabase();
  }, setupTimeoutMs);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await imap?.stop();
  });

  async function query<T>(text: string) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      return (await client.query(text)).rows as T[];
    } finally {
      await client.end();
    }
  }
  const start = async () => {
    const server = await startServer({ DATABASE_URL: databaseUrl, IMAP_URL: imap.url, QUOTE_RATE_LIMIT: "1000" });
    servers.push(server);
    return server;
  };

  it("joins each answer once, though both read the mailbox, and adds nothing after a restart that forgot where it was", async () => {
    const [first, second] = await Promise.all([start(), start()]);
    if (!first || !second) throw new Error("servers did not start");
    const posted = await fetch(`${first.url}/?index`, {
      method: "POST",
      headers: { origin: first.url, "content-type": "application/x-www-form-urlencoded" },
      body: quoteForm({ ...validQuote, email: "dana@works.example" }),
    });
    const reference = (await posted.text()).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0];
    expect(reference).toBeDefined();
    for (const n of [1, 2, 3]) {
      await imap.append(await buyerMail({ subject: `Re: Your quote request ${reference}`, text: `Answer ${n}` }));
    }
    const joined = () => query<{ body: string }>("select body from quote_messages where direction = 'in' order by id");
    const cursorAtLast = async () =>
      (await query<{ value: string }>("select value from settings where key like 'imap_cursor:%'"))[0]?.value.endsWith(
        ":3",
      ) ?? false;
    await eventually(async () => (await joined()).length >= 3, 30_000);
    // Both have read everything they will read: the cursor is past the last e-mail, and a server stops only once
    // its pass is done.
    await eventually(cursorAtLast, 30_000);
    expect(await Promise.all([first.stop(), second.stop()])).toEqual([0, 0]);
    expect((await joined()).map((row) => row.body.trim())).toEqual(["Answer 1", "Answer 2", "Answer 3"]);

    await query("delete from settings where key like 'imap_cursor:%'");
    const restarted = await start();
    await eventually(cursorAtLast, 30_000);
    expect(await restarted.stop()).toBe(0);
    expect(await joined()).toHaveLength(3);
    const [quote] = await query<{ customer_replied_at: Date | null }>(
      `select customer_replied_at from quotes where reference = '${reference}'`,
    );
    expect(quote?.customer_replied_at).toBeInstanceOf(Date);
    expect(await imap.list()).toEqual([1, 2, 3].map((uid) => ({ uid, flags: [] })));
    // Three server starts, and mail parsed at the lowest priority: slow on a busy machine.
  }, 120_000);
});
