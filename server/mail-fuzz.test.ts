import { spawn } from "node:child_process";
import { once } from "node:events";
import fs from "node:fs";
import path from "node:path";
import { createInterface } from "node:readline";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buyerMail } from "#test/buyer-mail.ts";
import { bidiEverywhere, bigMail, deepMultipart, longHeaderLine, nulAnswer, zipBombMail } from "#test/hostile-mail.ts";
import { nodeBin } from "#test/node.ts";
import { freshDatabaseUrl, setupTimeoutMs } from "#test/pg.ts";
import { quoteForm, type RunningServer, startServer, validQuote } from "#test/server.ts";

const password = "a long enough passphrase";
const MB = 1024 * 1024;

// In a process of its own, so the test's own large buffers (and their garbage collection) cannot slow it.
// Each line it is sent answers with the times taken since the last one.
const sampler = `
let took = [];
setInterval(() => {
  const start = performance.now();
  fetch(process.argv[1])
    .then((r) => r.arrayBuffer())
    .then(() => took.push(performance.now() - start), () => took.push(-1));
}, 20).unref();
require("node:readline").createInterface({ input: process.stdin }).on("line", () => {
  process.stdout.write(JSON.stringify(took) + "\\n");
  took = [];
});
`;

/**
 * /healthz asked every 20 ms whatever the answers, so a stall delays every request due in it and is counted
 * as often as it was felt. `window()` gives how many were answered, how many failed, and the 99th percentile
 * since the last window.
 */
function sampleHealth(url: string) {
  const child = spawn(nodeBin, ["-e", sampler, `${url.replace("localhost", "127.0.0.1")}/healthz`], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  const lines = createInterface({ input: child.stdout });
  return {
    async window() {
      const answered = once(lines, "line");
      child.stdin.write("\n");
      const all = JSON.parse(String((await answered)[0])) as number[];
      const took = all.filter((ms) => ms >= 0).sort((a, b) => a - b);
      return {
        count: took.length,
        failed: all.length - took.length,
        p99: Math.round(took[Math.floor(took.length * 0.99)] ?? 0),
      };
    },
    stop: () => child.stdin.end(),
  };
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("the mail reader fed malformed, hostile and huge mail, production build", () => {
  let server: RunningServer;
  let admin = "";
  let reference = "";
  let address = 0;
  const inbox = () => path.join(server.dataDir, "inbox");
  const listed = (folder: string) =>
    fs.existsSync(path.join(inbox(), folder)) ? fs.readdirSync(path.join(inbox(), folder)).sort() : [];

  async function request(pathname: string, init: { cookie?: string; form?: Record<string, string> } = {}) {
    const headers = new Headers({ "x-forwarded-for": `198.51.100.${++address % 250}` });
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.form) headers.set("origin", server.url);
    return fetch(`${server.url}${pathname}`, {
      redirect: "manual",
      headers,
      ...(init.form ? { method: "POST", body: new URLSearchParams(init.form) } : {}),
    });
  }

  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: await freshDatabaseUrl(), LOG_LEVEL: "info", QUOTE_RATE_LIMIT: "1000" });
    const link = server.output().match(/No desk account yet: .* at (http\S+?\/desk\/setup\?token=[\w-]+)/)?.[1] ?? "";
    const created = await request(new URL(link).pathname + new URL(link).search, {
      form: { name: "Alex Admin", email: "alex@desk.example", password, confirm: password },
    });
    admin = created.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const sent = await request("/?index", {
      form: Object.fromEntries(quoteForm({ ...validQuote, email: "dana@works.example" })),
    });
    reference = (await sent.text()).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0] ?? "";
    expect(reference).not.toBe("");
  }, 3 * setupTimeoutMs);
  afterAll(async () => {
    if (!server) return;
    await server.stop();
    fs.rmSync(server.dataDir, { recursive: true, force: true });
  }, 3 * setupTimeoutMs);

  it("reads every one without one blocking another, stores nothing twice, keeps /healthz quick and logs no address", async () => {
    const duplicate = nulAnswer(reference);
    const mails: [string, Buffer][] = [
      ["01-attachment-96mb.eml", bigMail(reference, 96 * MB)],
      ["02-attachments-45mb.eml", bigMail(reference, 45 * MB, { base64: true })],
      ["03-nul-in-names.eml", duplicate],
      ["04-nul-encoded-id.eml", nulAnswer(reference, { encodedId: true })],
      ...[5, 6, 7].map((n): [string, Buffer] => [`0${n}-bidi.eml`, bidiEverywhere(reference, n)]),
      ["08-100-deep.eml", deepMultipart(reference, 100)],
      ["09-zip-bomb.eml", zipBombMail(reference)],
      ["10-header-2mb.eml", longHeaderLine(reference, 2 * MB)],
      ["11-not-mime.eml", Buffer.from("\u0000\u0000 not mime at all")],
      ["12-lunch.eml", await buyerMail({ from: "pat@elsewhere.example", subject: "Lunch on Friday?", text: "Hi" })],
      ["13-same-again.eml", duplicate],
      ["14-answer.eml", await buyerMail({ subject: `Re: ${reference}`, text: "Yes please" })],
    ];
    // Written beside the folder, then moved in whole, as a mail program's drop would be.
    const staging = path.join(server.dataDir, "staging");
    fs.mkdirSync(staging, { recursive: true });
    for (const [name, bytes] of mails) fs.writeFileSync(path.join(staging, name), bytes);
    const health = sampleHealth(server.url);
    // Its first requests open connections; then the machine's own noise, for the record, with nothing to read.
    await pause(2000);
    await health.window();
    await pause(5000);
    const idle = await health.window();
    for (const [name] of mails) fs.renameSync(path.join(staging, name), path.join(inbox(), name));
    const deadline = Date.now() + 150_000;
    while (fs.readdirSync(inbox()).some((name) => name.endsWith(".eml")) && Date.now() < deadline) await pause(200);
    const { count, failed, p99 } = await health.window();
    health.stop();
    expect(failed, "/healthz requests not answered").toBe(0);
    expect(count).toBeGreaterThan(20);
    console.log(`mail fuzz: /healthz p99 ${p99} ms over ${count} requests while reading (${idle.p99} ms idle)`);
    // Parsed on the server's own thread, the 96 MB e-mail alone stops every answer for seconds. The 200 ms budget
    // is the quiet machine's (docs/performance.md); other work beside this test on two cores can triple it.
    expect(p99, `/healthz p99 over ${count} requests (${idle.p99} ms with nothing to read)`).toBeLessThan(1_000);

    expect(listed("read")).toEqual([
      "02-attachments-45mb.eml",
      "03-nul-in-names.eml",
      "04-nul-encoded-id.eml",
      "05-bidi.eml",
      "06-bidi.eml",
      "07-bidi.eml",
      "09-zip-bomb.eml",
      "13-same-again.eml",
      "14-answer.eml",
    ]);
    expect(listed("held")).toEqual([
      "01-attachment-96mb.eml",
      "08-100-deep.eml",
      "10-header-2mb.eml",
      "11-not-mime.eml",
      "12-lunch.eml",
    ]);
    const page = await (await request(`/desk/quotes/${reference}`, { cookie: admin })).text();
    // Eight e-mails joined, the one dropped twice among them once.
    expect(page.match(/E-mail from /g)).toHaveLength(8);
    expect(page).toContain("Yes please");
    expect(page).toContain("big.pdf (");
    expect(page).toContain("bomb.zip (");
    // Senders and subjects without the bidi overrides they came with (a body keeps its own words).
    const shown = [...page.matchAll(/(E-mail from|Subject:) <bdi>([^<]*)<\/bdi>/g)].map((m) => m[2] ?? "");
    expect(shown).toContain(`Re: ${reference} fdp.exe x`);
    expect(shown.join("")).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(shown.join("")).not.toContain("\u0000");
    // Stored once each: two PDFs for each NUL answer, one per bidi answer, and the bytes of the held e-mails
    // but the one too large to keep.
    const stored = fs.readdirSync(path.join(server.dataDir, "uploads")).filter((name) => !name.startsWith("."));
    expect(stored.filter((name) => name.endsWith(".pdf"))).toHaveLength(7);
    expect(stored.filter((name) => name.endsWith(".eml"))).toHaveLength(4);
    expect(stored).toHaveLength(11);

    const log = server.output();
    expect(log).toContain('"file":"03-nul-in-names.eml"');
    for (const secret of [
      "works.example",
      "elsewhere.example",
      "Lunch on Friday",
      "Drawings attached",
      "insert into",
    ]) {
      expect(log).not.toContain(secret);
    }
  }, 300_000);

  it("shows the desk what it set aside, to join to a request or dismiss, with forms that work without scripts", async () => {
    const list = await request("/desk/mail", { cookie: admin });
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain(">Mail not joined (5)</a>");
    const items = html.split("<li").slice(1);
    const item = (words: string) => {
      const found = items.find((i) => i.includes(words));
      return Number(found?.match(/name="id" value="(\d+)"/)?.[1]);
    };
    expect(html).toContain("<bdi>pat@elsewhere.example</bdi>");
    expect(html).toContain("It names no request");
    expect(html).toContain("It is over 50 MB, the most the desk reads.");
    expect(html).toContain("It could not be read as an e-mail (nested too deep).");
    const lunch = item("Lunch on Friday?");
    const huge = item("01-attachment-96mb.eml");
    expect(lunch).toBeGreaterThan(0);

    const wrong = await request("/desk/mail", {
      cookie: admin,
      form: { intent: "join", id: String(lunch), reference: "Q-1" },
    });
    expect(wrong.status).toBe(422);
    expect(await wrong.text()).toContain("Enter a reference like Q-261122-7F3K9.");
    const unknown = await request("/desk/mail", {
      cookie: admin,
      form: { intent: "join", id: String(lunch), reference: "q-000000-aaaaa" },
    });
    expect(unknown.status).toBe(422);
    expect(await unknown.text()).toContain("There is no request Q-000000-AAAAA.");

    const joined = await request("/desk/mail", {
      cookie: admin,
      form: { intent: "join", id: String(lunch), reference: reference.toLowerCase() },
    });
    expect(joined.status).toBe(200);
    expect(await joined.text()).toContain(`E-mail joined to ${reference}.`);
    const page = await (await request(`/desk/quotes/${reference}`, { cookie: admin })).text();
    expect(page).toContain("Lunch on Friday?");
    expect(page).toMatch(/Alex Admin<\/bdi> (<!-- -->)?joined an e-mail to this request by hand/);

    const dismissed = await request("/desk/mail", { cookie: admin, form: { intent: "dismiss", id: String(huge) } });
    expect(dismissed.status).toBe(200);
    expect(await dismissed.text()).toContain("E-mail dismissed.");
    const again = await request("/desk/mail", { cookie: admin, form: { intent: "dismiss", id: String(huge) } });
    expect(again.status).toBe(409);
    expect(await (await request("/desk/mail", { cookie: admin })).text()).toContain(">Mail not joined (3)</a>");
    // Signed out: the form posted as a page leads to sign-in, its data request is refused.
    const signedOut = await request("/desk/mail", { form: { intent: "dismiss", id: String(lunch) } });
    expect([signedOut.status, signedOut.headers.get("location")]).toEqual([303, "/desk/sign-in?next=%2Fdesk%2Fmail"]);
    expect((await request("/desk/mail.data", { form: { intent: "dismiss", id: String(lunch) } })).status).toBe(401);
  });
});
