import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freshDatabaseUrl, setupTimeoutMs } from "#test/pg.ts";
import { quoteForm, type RunningServer, startServer, validQuote } from "#test/server.ts";

const password = "a long enough passphrase";
const customer = { ...validQuote, customerName: "Robin Customer", email: "robin.customer@plant.example" };

describe("desk over HTTP, production build", () => {
  let server: RunningServer;
  let admin = "";
  let staff = "";
  let reference = "";
  let address = 0;

  async function request(path: string, init: RequestInit & { cookie?: string; form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    headers.set("x-forwarded-for", `198.51.100.${++address % 250}`);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.form) headers.set("origin", headers.get("origin") ?? server.url);
    return fetch(`${server.url}${path}`, {
      redirect: "manual",
      ...init,
      headers,
      ...(init.form ? { method: "POST", body: new URLSearchParams(init.form) } : {}),
    });
  }
  const cookieOf = (response: Response) =>
    response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");

  beforeAll(async () => {
    server = await startServer({ DATABASE_URL: await freshDatabaseUrl(), LOG_LEVEL: "info" });
    const link = server.output().match(/No desk account yet: .* at (http\S+?\/desk\/setup\?token=[\w-]+)/)?.[1] ?? "";
    expect(link).toMatch(/^http:\/\/localhost:3000\/desk\/setup\?token=[\w-]+$/);
    const setupPath = new URL(link).pathname + new URL(link).search;
    expect((await request(setupPath)).status).toBe(200);
    const created = await request(setupPath, {
      form: { name: "Alex Admin", email: "alex@desk.example", password, confirm: password },
    });
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toBe("/desk");
    admin = cookieOf(created);
    // The link is used up.
    expect((await request(setupPath)).status).toBe(404);

    const invited = await request("/desk/people?intent=invite", {
      cookie: admin,
      form: { email: "sam@desk.example", role: "staff" },
    });
    expect(invited.status).toBe(200);
    const invitation = (await invited.text()).match(/\/desk\/welcome\?token=[\w-]+/)?.[0] ?? "";
    expect(invitation).not.toBe("");
    const joined = await request(invitation, { form: { name: "Sam Staff", password, confirm: password } });
    expect(joined.status).toBe(302);
    staff = cookieOf(joined);

    const sent = await request("/?index", { form: Object.fromEntries(quoteForm(customer)) });
    reference = (await sent.text()).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0] ?? "";
    expect(reference).not.toBe("");
  }, setupTimeoutMs);
  afterAll(async () => {
    if (!server) return;
    expect(await server.stop()).toBe(0);
    // No personal data in the log: neither the customer's nor the staff's names and addresses.
    for (const secret of [
      customer.customerName,
      customer.email,
      "alex@desk.example",
      "sam@desk.example",
      "Sam Staff",
      password,
    ]) {
      expect(server.output()).not.toContain(secret);
    }
  }, setupTimeoutMs);

  const pages = () => ["/desk", "/desk?status=spam", `/desk/quotes/${reference}`, "/desk/people", "/desk/mail"];
  const dataRequests = () => [
    "/desk.data",
    `/desk/quotes/${reference}.data`,
    "/desk/people.data",
    "/desk/mail.data",
    "/desk/export",
  ];
  const actions = () =>
    [
      [`/desk/quotes/${reference}`, { intent: "note", note: "hello" }],
      ["/desk/people?intent=invite", { email: "new@desk.example", role: "staff" }],
      ["/desk/mail", { intent: "dismiss", id: "1" }],
    ] as const;

  function expectDeskHeaders(response: Response) {
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect(response.headers.get("x-robots-tag")).toBe("noindex, nofollow");
  }

  it("without a session: pages and forms posted as pages lead to sign-in and back, data answers 401 with none", async () => {
    for (const path of pages()) {
      const response = await request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("location")).toBe(`/desk/sign-in?next=${encodeURIComponent(path)}`);
      expectDeskHeaders(response);
    }
    for (const path of dataRequests()) {
      const response = await request(path);
      expect(response.status, path).toBe(401);
      expectDeskHeaders(response);
      const body = await response.text();
      expect(body).not.toContain(reference);
      expect(body).not.toContain(customer.customerName);
    }
    for (const [path, form] of actions()) {
      const response = await request(path, { form });
      expect(response.status, path).toBe(303);
      expect(response.headers.get("location")).toBe(`/desk/sign-in?next=${encodeURIComponent(path)}`);
      expectDeskHeaders(response);
      const data = await request(path.replace(/(\?|$)/, ".data$1"), { form });
      expect(data.status, `${path} as data`).toBe(401);
    }
  });

  it("serves a request's photos and drawings to signed-in staff only: thumbnails, PDFs as downloads, nosniff", async () => {
    const body = new FormData();
    for (const [name, value] of quoteForm({ ...customer, requirements: "Worn pulley, photo attached" })) {
      body.append(name, value);
    }
    const jpeg = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#777" } })
      .jpeg()
      .toBuffer();
    body.append("attachments", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "pulley.jpg");
    const pdf = "%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n";
    body.append("attachments", new Blob([pdf], { type: "application/pdf" }), "drawing.pdf");
    const sent = await request("/?index", { method: "POST", body, headers: { origin: server.url } });
    expect(sent.status).toBe(200);
    const withFiles = (await sent.text()).match(/Q-\d{6}-[0-9A-Z]{5}/)?.[0] ?? "";
    expect(withFiles).not.toBe("");

    const page = await (await request(`/desk/quotes/${withFiles}`, { cookie: staff })).text();
    const links = [...page.matchAll(/href="(\/desk\/attachments\/\d+)"/g)].map((m) => m[1] ?? "");
    expect(links).toHaveLength(2);
    expect(page).toMatch(/src="\/desk\/attachments\/\d+\?thumbnail"/);

    for (const link of links) {
      const anonymous = await request(link);
      expect(anonymous.status).toBe(401);
      expect((await anonymous.arrayBuffer()).byteLength).toBeLessThan(100);
    }
    const [photoLink = "", pdfLink = ""] = links;
    const photo = await request(photoLink, { cookie: staff });
    expect(photo.status).toBe(200);
    expect(photo.headers.get("content-type")).toBe("image/jpeg");
    expect(photo.headers.get("x-content-type-options")).toBe("nosniff");
    expectDeskHeaders(photo);
    expect((await sharp(Buffer.from(await photo.arrayBuffer())).metadata()).width).toBe(800);
    const thumbnail = await request(`${photoLink}?thumbnail`, { cookie: staff });
    expect(thumbnail.headers.get("content-type")).toBe("image/webp");
    expect((await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).width).toBe(320);
    const drawing = await request(pdfLink, { cookie: staff });
    expect(drawing.headers.get("content-type")).toBe("application/pdf");
    expect(drawing.headers.get("content-disposition")).toMatch(/^attachment; filename\*=UTF-8''drawing\.pdf$/);
    expect(drawing.headers.get("x-content-type-options")).toBe("nosniff");
    expect((await request("/desk/attachments/999999", { cookie: staff })).status).toBe(404);
    expect((await request("/desk/attachments/abc", { cookie: staff })).status).toBe(404);
  });

  it("staff work requests but cannot manage people (403)", async () => {
    for (const path of pages().filter((p) => p !== "/desk/people")) {
      const response = await request(path, { cookie: staff });
      expect(response.status, path).toBe(200);
      expectDeskHeaders(response);
    }
    expect((await request("/desk/people", { cookie: staff })).status).toBe(403);
    expect((await request("/desk/people.data", { cookie: staff })).status).toBe(403);
    expect(
      (
        await request("/desk/people?intent=invite", {
          cookie: staff,
          form: { email: "x@desk.example", role: "admin" },
        })
      ).status,
    ).toBe(403);
    const inbox = await (await request("/desk", { cookie: staff })).text();
    expect(inbox).toContain(reference);
    expect(inbox).toContain("Robin Customer");
    expect(inbox).not.toContain("People</a>");
  });

  it("admins reach every desk page", async () => {
    for (const path of [...pages(), ...dataRequests()]) {
      const response = await request(path, { cookie: admin });
      expect(response.status, path).toBe(200);
      expectDeskHeaders(response);
    }
    const csv = await (await request("/desk/export?q=robin", { cookie: admin })).text();
    expect(csv).toContain(reference);
  });

  it("refuses cross-site posts with 403", async () => {
    for (const path of ["/desk/sign-in", `/desk/quotes/${reference}`, "/desk/mail"]) {
      const response = await request(path, {
        cookie: admin,
        form: { intent: "note", note: "x" },
        headers: { origin: "https://evil.example" },
      });
      expect(response.status, path).toBe(403);
    }
  });

  it("answers unknown references with 404 and bad input with 422 and field messages", async () => {
    expect((await request("/desk/quotes/Q-000000-AAAAA", { cookie: staff })).status).toBe(404);
    expect((await request("/desk/quotes/not-a-reference", { cookie: staff })).status).toBe(404);
    expect(
      (await request("/desk/quotes/Q-000000-AAAAA", { cookie: staff, form: { intent: "note", note: "x" } })).status,
    ).toBe(404);
    const emptyNote = await request(`/desk/quotes/${reference}`, {
      cookie: staff,
      form: { intent: "note", note: "  ", version: "1" },
    });
    expect(emptyNote.status).toBe(422);
    expect(await emptyNote.text()).toContain("Write a note first");
    const badStatus = await request(`/desk/quotes/${reference}`, {
      cookie: staff,
      form: { intent: "status", status: "done", version: "1" },
    });
    expect(badStatus.status).toBe(422);
    expect(await badStatus.text()).toContain("Choose a status from the list");
    const badIntent = await request(`/desk/quotes/${reference}`, { cookie: staff, form: { intent: "delete" } });
    expect(badIntent.status).toBe(422);
    const noVersion = await request(`/desk/quotes/${reference}`, {
      cookie: staff,
      form: { intent: "status", status: "won" },
    });
    expect(noVersion.status).toBe(422);
    expect(await noVersion.text()).toContain("Reload the page: it did not say which version");
    const badFilter = await request("/desk?status=done&q=ab", { cookie: staff });
    expect(badFilter.status).toBe(422);
    const page = await badFilter.text();
    expect(page).toContain("Choose a status from the list");
    expect(page).toContain("Search for at least 3 letters or digits");
    const signIn = await request("/desk/sign-in", { form: { email: "not an address", password: "" } });
    expect(signIn.status).toBe(422);
    expect(await signIn.text()).toContain("Enter an e-mail address like name@company.co.uk");
    const json = await request(`/desk/quotes/${reference}`, {
      cookie: staff,
      method: "POST",
      body: "{}",
      headers: { "content-type": "application/json", origin: server.url },
    });
    expect(json.status).toBe(415);
  });

  it("answers ids, page links and versions no row can have with 4xx, never 500", async () => {
    const huge = "99999999999999";
    const cursor = (id: string, at = "2026-11-27 10:00:00.123456+00") => encodeURIComponent(`0~${at}~${id}`);
    const asked = [
      ["/desk/replies", { intent: "remove", id: huge }],
      ["/desk/replies", { id: huge, title: "A title", subject: "A subject", body: "A body" }],
      ["/desk/mail", { intent: "dismiss", id: huge }],
      ["/desk/mail", { intent: "join", id: huge, reference }],
      [`/desk/quotes/${reference}`, { intent: "note", note: "hello", version: huge }],
      [`/desk/quotes/${reference}/quotation`, { intent: `fill:${huge}` }],
      [`/desk/attachments/${huge}`],
      [`/desk?after=${cursor("999999999999")}`],
      [`/desk?before=${cursor("1", "9999-99-99 99:99:99.999999+99")}`],
    ] as const;
    const answers: string[] = [];
    for (const [path, form] of asked) {
      const response = await request(path, { cookie: admin, ...(form ? { form } : {}) });
      answers.push(
        `${form ? "POST" : "GET"} ${path} ${new URLSearchParams(form).get("intent") ?? ""} → ${response.status < 500 ? "4xx or less" : response.status}`,
      );
    }
    expect(answers).toEqual(answers.map((answer) => answer.replace(/→ .*$/, "→ 4xx or less")));
  });

  it("asks before removing a saved reply, beside it, and removes it only when asked again", async () => {
    const page = await (await request("/desk/replies", { cookie: staff })).text();
    const id = page.match(/name="id" value="(\d+)"/)?.[1] ?? "";
    expect(id).not.toBe("");
    // React marks where text and a value meet with an empty comment.
    const button = (name: string) => `Remove “<!-- -->${name}<!-- -->”`;
    const title = page.match(/Remove “<!-- -->(.+?)<!-- -->”/)?.[1] ?? "";
    expect(title).not.toBe("");
    const asked = await request("/desk/replies", { cookie: staff, form: { intent: "remove", id } });
    expect(asked.status).toBe(200);
    const question = await asked.text();
    expect(question).toContain(`Remove “${title}”?`);
    expect(question).toContain('name="confirmed" value="yes"');
    expect(await (await request("/desk/replies", { cookie: staff })).text()).toContain(button(title));
    const removed = await request("/desk/replies", { cookie: staff, form: { intent: "remove", id, confirmed: "yes" } });
    expect(await removed.text()).toContain("Saved reply removed.");
    expect(await (await request("/desk/replies", { cookie: staff })).text()).not.toContain(button(title));
  });

  it("answers figures asked for a month that is not one with 400 in the desk's layout, naming the format", async () => {
    for (const month of ["2026-13", "abc", "2026-02-30x", "2026-1", "%00", "2026-01%00", "0099-05", "2999-01"]) {
      const response = await request(`/desk?month=${month}`, { cookie: staff });
      expect(response.status, month).toBe(400);
      expectDeskHeaders(response);
      const page = await response.text();
      expect(page, month).toContain("Check the address");
      expect(page, month).toMatch(
        /Give the month of the figures as YYYY-MM, like \d{4}-\d{2}\.|That month has not begun/,
      );
      // The desk's own navigation, and the way back to this month's figures.
      expect(page, month).toContain('href="/desk/replies"');
      expect(page, month).toMatch(/<a[^>]*href="\/desk"[^>]*>Back to the inbox<\/a>/);
      expect(page, month).not.toContain("\u0000");
    }
    const earlier = await request("/desk?month=2026-01", { cookie: staff });
    expect(earlier.status).toBe(200);
    expect(await earlier.text()).toMatch(/Figures for (<!-- -->)?January 2026/);
  });

  it("takes at most 10 sign-in, reset and setup posts a minute from one address", async () => {
    for (const path of ["/desk/sign-in", "/desk/forgot-password"]) {
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++) {
        const response = await fetch(`${server.url}${path}`, {
          method: "POST",
          redirect: "manual",
          headers: { origin: server.url, "x-forwarded-for": `203.0.113.${path.length}` },
          body: new URLSearchParams({ email: `nobody${i}@desk.example`, password: "not the password" }),
        });
        await response.arrayBuffer();
        statuses.push(response.status);
      }
      expect(statuses.slice(0, 10)).not.toContain(429);
      expect(statuses[10], path).toBe(429);
    }
  });

  it("a wrong password is refused without saying whether the account exists", async () => {
    const wrong = await request("/desk/sign-in", {
      form: { email: "sam@desk.example", password: "wrong password!" },
    });
    const unknown = await request("/desk/sign-in", {
      form: { email: "kim@desk.example", password: "wrong password!" },
    });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    const message = "That e-mail address and password do not match a desk account.";
    expect(await wrong.text()).toContain(message);
    expect(await unknown.text()).toContain(message);
  });

  it("the desk is not in the sitemap", async () => {
    expect(await (await request("/sitemap.xml")).text()).not.toContain("/desk");
  });

  it("sign-out ends the session on the server; removal ends another's at once", async () => {
    const signedIn = await request("/desk/sign-in", { form: { email: "alex@desk.example", password } });
    expect(signedIn.status).toBe(302);
    const second = cookieOf(signedIn);
    expect((await request("/desk", { cookie: second })).status).toBe(200);
    const out = await request("/desk/sign-out", { cookie: second, form: {} });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toBe("/desk/sign-in?signed-out=1");
    // The old cookie, replayed, no longer works.
    expect((await request("/desk.data", { cookie: second })).status).toBe(401);

    expect((await request("/desk.data", { cookie: staff })).status).toBe(200);
    const people = await (await request("/desk/people", { cookie: admin })).text();
    const samId = people.match(/name="intent" value="remove"\/><input type="hidden" name="id" value="([^"]+)"/)?.[1];
    expect(samId).toBeTruthy();
    expect((await request("/desk/people", { cookie: admin, form: { intent: "remove", id: samId ?? "" } })).status).toBe(
      200,
    );
    // The first post only asks: nothing has changed yet.
    expect((await request("/desk.data", { cookie: staff })).status).toBe(200);
    const confirmed = { intent: "remove", id: samId ?? "", confirmed: "yes" };
    expect((await request("/desk/people", { cookie: admin, form: confirmed })).status).toBe(200);
    expect((await request("/desk.data", { cookie: staff })).status).toBe(401);
  });
});
