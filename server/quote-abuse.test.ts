import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl } from "#test/pg.ts";
import { rawRequest } from "#test/raw-http.ts";
import { quoteForm, type RunningServer, startServer, validQuote } from "#test/server.ts";
import { eventually, parseMail } from "#test/smtp.ts";
import { phonePhoto, uploadForm } from "#test/uploads.ts";

// Quote requests as a bot, a hurried customer and an abuser would send them, over HTTP to the built server.
let server: RunningServer;
let address = 0;
const from = () => ({ "x-forwarded-for": `198.51.100.${++address % 250}` });

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: await freshDatabaseUrl(), QUOTE_RATE_LIMIT: "5", LOG_LEVEL: "info" });
});
afterAll(async () => {
  expect(await server.stop()).toBe(0);
});

function post(body: BodyInit, headers: Record<string, string> = {}) {
  return fetch(`${server.url}/?index`, {
    method: "POST",
    body,
    headers: { origin: server.url, ...from(), ...headers },
  });
}

const referenceOf = async (response: Response) => (await response.text()).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0];

/** The notification the server wrote for a reference (no SMTP_URL: .eml files in DATA_DIR/outbox). */
async function notification(reference: string) {
  const file = path.join(server.dataDir, "outbox", `${reference}.eml`);
  await eventually(() => fs.existsSync(file), 10_000);
  return parseMail(fs.readFileSync(file, "utf8"));
}

async function signedToken() {
  const response = await fetch(`${server.url}/form-token`);
  expect(response.status).toBe(200);
  expect(response.headers.get("cache-control")).toBe("no-store");
  return ((await response.json()) as { token: string }).token;
}

describe("text that breaks storage", () => {
  it("stores a request with NUL bytes in its fields instead of answering 500", async () => {
    const response = await post(
      "customerName=Sam%00Fitter&email=sam@plant.example&requirements=a%00b&formToken=abcdefgh99999",
      { "content-type": "application/x-www-form-urlencoded" },
    );
    expect(response.status).toBe(200);
    const reference = await referenceOf(response);
    expect(reference).toBeTruthy();
    const mail = await notification(reference as string);
    expect(mail.text).toContain("Name:      Sam Fitter");
    expect(mail.text).toContain("Requirements:\na b");
  });
});

describe("spam never hides a lead", () => {
  it("hands out a fresh signed token on every visit; the prerendered page carries none", async () => {
    const [a, b] = [await signedToken(), await signedToken()];
    expect(a).not.toBe(b);
    const page = await (await fetch(`${server.url}/`)).text();
    expect(page).toContain('name="formToken" value="prerendered-form"');
    expect(page).not.toContain(a);
  });

  it("notifies a request sent within 3 s of the form coming alive, flagged as possible spam", async () => {
    const response = await post(quoteForm({ ...validQuote, formToken: await signedToken() }));
    expect(response.status).toBe(200);
    expect(await response.clone().text()).toContain("Quote Request Submitted");
    const mail = await notification((await referenceOf(response)) as string);
    expect(mail.header("subject")).toMatch(/^\[Possible spam\] Quote request Q-/);
    expect(mail.text).toContain("sent within 3 seconds");
  });

  it("notifies a request without a signed token (a buyer without scripts) unflagged, whatever time it claims", async () => {
    const response = await post(quoteForm({ ...validQuote, formToken: "prerendered-form", shownAt: "0" }));
    const mail = await notification((await referenceOf(response)) as string);
    expect(mail.header("subject")).toMatch(/^Quote request Q-/);
    expect(mail.text).not.toContain("spam");
  });

  it("accepts a request whose form token is missing or mangled, unflagged, never a silent refusal", async () => {
    for (const fields of [validQuote, { ...validQuote, formToken: "%%%not a token%%%" }]) {
      const response = await post(
        quoteForm({ ...fields, requirements: `${validQuote.requirements} ${Math.random()}` }),
      );
      expect(response.status).toBe(200);
      expect(await response.clone().text()).toContain("Quote Request Submitted");
      const mail = await notification((await referenceOf(response)) as string);
      expect(mail.header("subject")).toMatch(/^Quote request Q-/);
    }
  });

  it("notifies a request filled at a human pace without a flag", async () => {
    const token = await signedToken();
    await new Promise((resolve) => setTimeout(resolve, 3100));
    const response = await post(quoteForm({ ...validQuote, formToken: token }));
    const mail = await notification((await referenceOf(response)) as string);
    expect(mail.header("subject")).toMatch(/^Quote request Q-/);
    expect(mail.text).not.toContain("spam");
  });

  it("holds a request that filled the honeypot: the sender sees a reference, sales is not e-mailed", async () => {
    const response = await post(quoteForm({ ...validQuote, formToken: await signedToken(), website: "x.example" }));
    expect(response.status).toBe(200);
    const reference = await referenceOf(response);
    expect(reference).toBeTruthy();
    // A request sent after it is notified: the outbox works in the order things were stored, so by the time
    // that e-mail is written anything stored for the held one would have gone out before it.
    const later = await referenceOf(await post(quoteForm({ ...validQuote, customerName: "Later Buyer" })));
    await notification(later as string);
    const written = fs.readdirSync(path.join(server.dataDir, "outbox"));
    expect(written).toContain(`${later}.eml`);
    expect(written.filter((name) => name.includes(reference as string))).toEqual([]);
  });
});

describe("rate-limit keys", () => {
  const statuses = async (addresses: string[], body = () => quoteForm(validQuote)) => {
    const result: number[] = [];
    for (const client of addresses) result.push((await post(body(), { "x-forwarded-for": client })).status);
    return result;
  };

  it("counts an IPv4 client and its IPv4-mapped IPv6 form as one", async () => {
    const alternating = Array.from({ length: 6 }, (_, i) => (i % 2 ? "::ffff:192.0.2.51" : "192.0.2.51"));
    expect(await statuses(alternating)).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("counts the addresses of one IPv6 /64 as one client, and another /64 apart", async () => {
    const block = Array.from({ length: 6 }, (_, i) => `2001:db8:51:7::${i + 1}`);
    expect(await statuses(block)).toEqual([200, 200, 200, 200, 200, 429]);
    expect(await statuses(["2001:db8:51:8::1"])).toEqual([200]);
  });

  it("refuses a client over its quota before reading the body (no upload parsed for nothing)", async () => {
    const client = "203.0.113.77";
    expect(await statuses(Array(5).fill(client))).toEqual([200, 200, 200, 200, 200]);
    // A 10 MB upload that has only begun: the answer must come without waiting for the rest.
    const boundary = "quota-before-parse";
    const head =
      `POST /?index HTTP/1.1\r\nhost: ${new URL(server.url).host}\r\norigin: ${server.url}\r\nx-forwarded-for: ${client}\r\n` +
      `content-type: multipart/form-data; boundary=${boundary}\r\ncontent-length: 10485760\r\nconnection: close\r\n\r\n` +
      `--${boundary}\r\ncontent-disposition: form-data; name="customerName"\r\n\r\nSam\r\n`;
    const response = await rawRequest(server.url, head, 5000);
    expect(response.status).toBe(429);
    expect(response.body).toContain("Please wait");
  });

  it("does not count rejected (422) attempts against the visitor", async () => {
    const client = "203.0.113.99";
    const invalid = () => quoteForm({ ...validQuote, email: "not-an-address" });
    expect(await statuses(Array(8).fill(client), invalid)).toEqual(Array(8).fill(422));
    expect(await statuses(Array(6).fill(client))).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe("refused uploads", () => {
  // A Word document renamed to .pdf: a ZIP by its bytes.
  const docx = Buffer.concat([Buffer.from("PK\x03\x04\x14\x00\x06\x00", "latin1"), Buffer.alloc(20_000, 1)]);
  const upload = (client: string, files: Parameters<typeof uploadForm>[0], fields: Record<string, string> = {}) =>
    fetch(`${server.url}/quote/send`, {
      method: "POST",
      body: uploadForm(files, fields),
      headers: { origin: server.url, "x-forwarded-for": client },
    });

  it("do not count against the buyer: five refused files, then five requests stored", async () => {
    const client = "203.0.113.120";
    for (let i = 0; i < 5; i++) {
      const refused = await upload(client, [{ name: "specification.pdf", bytes: docx }]);
      expect(refused.status).toBe(415);
      expect(((await refused.json()) as { message: string }).message).toContain("is not a photo or a PDF");
    }
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await upload(client, [], { requirements: `Bearings ${i}` })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("open no photo of a form whose fields are refused", async () => {
    const broken = Buffer.concat([(await phonePhoto(64, 64)).subarray(0, 200), Buffer.alloc(5000, 7)]);
    const response = await upload("203.0.113.121", [{ name: "pump.jpg", bytes: broken }], { email: "not-an-address" });
    expect(response.status).toBe(422);
    const reply = (await response.json()) as { kind: string; result: { error: Record<string, string[]> } };
    expect(reply.kind).toBe("invalid");
    expect(Object.keys(reply.result.error)).toEqual(["email"]);
  });
});
