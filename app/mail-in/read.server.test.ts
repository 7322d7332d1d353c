import { describe, expect, it } from "vitest";
import { readMail } from "#app/mail-in/read.server.ts";
import { checkSender } from "#app/mail-in/sender-check.server.ts";
import { buyerMail } from "#test/buyer-mail.ts";
import { bidiEverywhere, rawMail } from "#test/hostile-mail.ts";

const reference = "Q-261122-7F3K9";

describe("reading an e-mail", () => {
  it("keeps only absolute http(s) and mailto links, each opening in a new tab without a way back to the desk", async () => {
    const html = [
      `<p><a href="https://works.example/drawing" target="_self" rel="opener">drawing</a></p>`,
      `<p><a href=" mailto:dana@works.example ">write</a></p>`,
      `<p><a href="//evil.example/desk">protocol-relative</a></p>`,
      `<p><a href="/desk/people">desk page</a></p>`,
      `<p><a href="quote.tsx">relative</a></p>`,
      `<p><a href="javascript:alert(1)">script</a></p>`,
      `<p><a href="data:text/html,x">data</a></p>`,
    ].join("");
    const mail = await readMail(await buyerMail({ subject: `Re: ${reference}`, html }));
    const links = [...(mail.html ?? "").matchAll(/<a [^>]*>/g)].map((m) => m[0]);
    expect(links).toEqual([
      '<a href="https://works.example/drawing" target="_blank" rel="noopener noreferrer">',
      '<a href="mailto:dana@works.example" target="_blank" rel="noopener noreferrer">',
    ]);
    // The others keep their words, as text.
    for (const text of ["protocol-relative", "desk page", "relative", "script", "data"]) {
      expect(mail.html).toContain(`<span>${text}</span>`);
    }
    expect(mail.html).not.toMatch(/evil|\/desk\/people|quote\.tsx|javascript|data:/);
  });

  it("leaves a visible marker where an image was, and keeps an HTML table's cells", async () => {
    const html = [
      `<p>Please quote the parts below.</p>`,
      `<table border="1" cellpadding="0" style="border-collapse:collapse"><tr><th>Part</th><th>Qty</th></tr>`,
      `<tr><td>6205-2RS</td><td>10</td></tr><tr><td><img src="cid:image001.png@01DB3F"></td><td>2</td></tr></table>`,
      `<p>Dana Fitter<br><img src="https://works.example/logo.png" alt="Severn Foods" width="120"></p>`,
    ].join("");
    const mail = await readMail(await buyerMail({ subject: `Re: ${reference}`, html }));
    expect(mail.html).toContain("<td>6205-2RS</td><td>10</td>");
    expect(mail.html).toContain("<td><span>[image removed]</span></td>");
    expect(mail.html).toContain("Dana Fitter<br /><span>[image removed]</span>");
    expect(mail.html).not.toMatch(/<img|logo\.png|cid:/);
  });

  it("cleans every text it keeps of NULs, lone surrogates and bidi overrides, in every header", async () => {
    const mail = await readMail(bidiEverywhere(reference, 1));
    const { messageId, answers, subject, fromAddress, attachments } = mail;
    const kept = JSON.stringify({
      messageId,
      answers,
      subject,
      fromAddress,
      files: attachments.map((a) => a.fileName),
    });
    expect(kept).not.toMatch(/\\u0000|\\ud800|\u202E|\u2066|\u2069/i);
    // The body keeps its words (a bidi control is text there); only what the database refuses goes.
    expect(mail.text).toBe("Body \u202E with a bidi override and  a NUL\n");
    expect(mail.subject).toBe(`Re: ${reference} fdp.exe x`);
    expect(mail.fromAddress).toBe("bidi1@works.example");
    expect(mail.attachments.map((a) => a.fileName)).toEqual(["gpj.pdf"]);
    expect(mail.messageId).toMatch(/^<[0-9a-f]{64}@no-message-id>$/);
  });

  it("ends a parse that outlives its time or memory bound, and says which", async () => {
    const raw = rawMail(
      ["From: dana@works.example", `Subject: Re: ${reference}`, "Content-Type: text/plain"],
      "Five metres of belt.\r\n".repeat(100_000),
    );
    await expect(readMail(raw, { parse: { timeoutMs: 1 } })).rejects.toMatchObject({ kind: "too slow" });
    await expect(readMail(raw, { parse: { maxHeapMb: 16 } })).rejects.toMatchObject({ kind: "too big to parse" });
    // Within its bounds the same e-mail reads, its text cut to what the desk keeps.
    expect((await readMail(raw)).text).toHaveLength(100_000);
    // Three workers each parse 2 MB: seconds on a busy machine.
  }, 90_000);
});

describe("who sent it: the receiving server's Authentication-Results", () => {
  const answer = (results: string[], from = "dana@works.example") =>
    rawMail(
      [
        ...results.map((value) => `Authentication-Results: ${value}`),
        `From: Dana <${from}>`,
        `Subject: Re: ${reference}`,
        "Message-ID: <a1@works.example>",
      ],
      "Order placed.",
    );
  const check = async (results: string[], authservId?: string) =>
    (await readMail(answer(results), { authservId })).senderCheck;

  it("believes a pass for the From domain: DMARC, DKIM signed by that domain, or SPF for it", async () => {
    expect(await check(["mx.wrekin.example; dmarc=pass (p=reject) header.from=works.example"])).toBe("verified");
    expect(await check(["mx.wrekin.example; dkim=pass header.d=works.example header.s=s1; spf=none"])).toBe("verified");
    expect(await check(['mx.wrekin.example 1; spf=pass (sender ok) smtp.mailfrom="dana@works.example"'])).toBe(
      "verified",
    );
  });

  it("does not believe a fail, a softfail, none, another domain's signature, or a forged header below the server's", async () => {
    expect(await check(["mx.wrekin.example; dmarc=fail header.from=works.example"])).toBe("failed");
    expect(await check(["mx.wrekin.example; spf=softfail smtp.mailfrom=dana@works.example"])).toBe("failed");
    expect(await check(["mx.wrekin.example; none"])).toBe("failed");
    expect(await check(["mx.wrekin.example; dkim=pass header.d=bulk-sender.example"])).toBe("failed");
    expect(await check(["mx.wrekin.example; dmarc=pass header.from=other.example"])).toBe("failed");
    expect(
      await check(["mx.wrekin.example; dmarc=fail header.from=works.example", "mx.wrekin.example; dmarc=pass"]),
    ).toBe("failed");
  });

  it("reads through nested comments, and a sender's deeply nested ones do not hold the reader", () => {
    const header = (value: string) => ({ key: "authentication-results", value });
    expect(
      checkSender(
        [header("mx.wrekin.example (a (b) c); dmarc=pass (p=reject (x)) header.from=works.example")],
        "dana@works.example",
      ),
    ).toBe("verified");
    // 200 headers nested 8,000 deep: 20 s on two cores when comments were taken off one level at a time (the
    // parser keeps 8,192 characters of a header; a server may keep more).
    const nested = header(`mx.wrekin.example; ${"(".repeat(8000)}${")".repeat(8000)} dmarc=pass`);
    expect(checkSender(Array(200).fill(nested), "dana@works.example")).toBe("verified");
  }, 3000);

  it("says unknown without a header, and with IMAP_AUTHSERV_ID believes only that server's", async () => {
    expect(await check([])).toBe("unknown");
    const forgedOnTop = ["forger.example; dmarc=pass", "mx.wrekin.example; dmarc=fail header.from=works.example"];
    expect(await check(forgedOnTop, "mx.wrekin.example")).toBe("failed");
    expect(await check(["forger.example; dmarc=pass"], "mx.wrekin.example")).toBe("unknown");
    expect(await check(["MX.Wrekin.example; dmarc=pass"], "mx.wrekin.example")).toBe("verified");
  });
});
