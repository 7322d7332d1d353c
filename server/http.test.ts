import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultSite, telHref } from "#app/content/site.ts";
import { freshDatabaseUrl } from "#test/pg.ts";
import { quoteForm, type RunningServer, startServer, validQuote } from "#test/server.ts";

let server: RunningServer;
let address = 0;
/** Each test speaks from its own client address (trusted from loopback), so rate limits stay apart. */
const from = () => ({ "x-forwarded-for": `198.51.100.${++address % 250}` });

beforeAll(async () => {
  server = await startServer({ DATABASE_URL: await freshDatabaseUrl(), QUOTE_RATE_LIMIT: "5" });
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

describe("quote action over HTTP (no JavaScript)", () => {
  it("stores a valid request and answers with the success notice and a reference", async () => {
    const response = await post(quoteForm(validQuote));
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Quote Request Submitted");
    expect(html).toMatch(/Q-\d{6}-[0-9A-Z]{5}/);
  });

  it("shows the answer only once it is parsed down to the footer, so its outcome can take the middle of the screen", async () => {
    const html = await (await post(quoteForm({ ...validQuote, requirements: "Seals for the press" }))).text();
    const head = html.slice(0, html.indexOf("</head>"));
    expect(head).toContain('<link rel="expect" href="#site-footer" blocking="render"/>');
    expect(html.indexOf('id="site-footer"')).toBeGreaterThan(html.indexOf("Quote Request Submitted"));
    // The page itself, opened as usual, is shown as soon as it can be.
    expect(await (await fetch(`${server.url}/`)).text()).not.toContain('rel="expect"');
  });

  it("tells the buyer of an emergency to phone now, with the site's number, above the usual promise", async () => {
    const html = async (urgency: string) =>
      (await post(quoteForm({ ...validQuote, urgency, requirements: `Line down ${urgency}` }))).text();
    const emergency = await html("emergency");
    expect(emergency).toContain(
      `You marked it as an emergency: phone us now on <a href="${telHref(defaultSite)}" class="underline underline-offset-2">${defaultSite.phoneDisplay}</a> so we can start on it at once.`,
    );
    expect(emergency).toContain("We&#x27;ll respond within 24 hours with your customized quote.");
    expect(await html("urgent")).not.toContain("phone us now");
  });

  it("answers 422 with field messages and keeps the values", async () => {
    const response = await post(quoteForm({ customerName: "Sam", email: "nope", requirements: "" }));
    expect(response.status).toBe(422);
    const html = await response.text();
    expect(html).toContain("Enter an e-mail address like name@company.co.uk");
    expect(html).toContain("Tell us what you need");
    expect(html).toContain('value="Sam"');
  });

  it("stores a double submit once", async () => {
    const form = quoteForm(validQuote);
    const [a, b] = await Promise.all([post(form), post(form)]);
    const ref = async (r: Response) => (await r.text()).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0];
    const [first, second] = [await ref(a), await ref(b)];
    expect(first).toBeTruthy();
    expect(second).toBe(first);
  });

  it("refuses JSON with 415, unreadable forms with 400, oversize bodies with 413", async () => {
    expect((await post(JSON.stringify(validQuote), { "content-type": "application/json" })).status).toBe(415);
    const broken = await post('--x\r\nContent-Disposition: form-data; name="a"\r\n\r\nb', {
      "content-type": "multipart/form-data; boundary=zzz",
    });
    expect(broken.status).toBe(400);
    const huge = await post(quoteForm({ ...validQuote, requirements: "x".repeat(100_000) }));
    expect(huge.status).toBe(413);
    expect(await huge.text()).toMatch(/too large/);
  });

  it("refuses a cross-site post with 403", async () => {
    const response = await post(quoteForm(validQuote), { origin: "https://evil.example" });
    expect(response.status).toBe(403);
  });

  it("limits a client to 5 submissions a minute with 429 and Retry-After", async () => {
    const client = { "x-forwarded-for": "203.0.113.77" };
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(quoteForm(validQuote), client)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await post(quoteForm(validQuote), client);
    expect(limited.status).toBe(429);
    const retryAfter = Number(limited.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    // A sliding window: the earliest hits must fade first, so the wait can run past the minute's end.
    expect(retryAfter).toBeLessThanOrEqual(120);
    expect(await limited.text()).toMatch(/wait \d+ seconds/);
  });
});

describe("one URL per page", () => {
  it.each([
    ["/products/", "/products"],
    ["/PRODUCTS", "/products"],
    ["/Products/Bearings", "/products/bearings"],
    ["/index.html", "/"],
    ["/products/index.html", "/products"],
    ["/services/?ref=card", "/services?ref=card"],
  ])("%s answers 301 to %s", async (from, to) => {
    const response = await fetch(`${server.url}${from}`, { redirect: "manual" });
    expect(response.status).toBe(301);
    expect(
      new URL(response.headers.get("location") ?? "", server.url).pathname +
        new URL(response.headers.get("location") ?? "", server.url).search,
    ).toBe(to);
  });

  it("never serves a raw build file with the build's stand-in nonce", async () => {
    const response = await fetch(`${server.url}/contact/index.html`, { redirect: "manual" });
    expect(response.status).toBe(301);
    const page = await fetch(`${server.url}/contact`);
    expect(await page.text()).not.toContain("cHJlcmVuZGVyLW5vbmNl");
  });

  it("serves /favicon.ico as an icon", async () => {
    const response = await fetch(`${server.url}/favicon.ico`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/icon/);
  });
});
