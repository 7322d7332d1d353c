import { describe, expect, it } from "vitest";
import { formTokenIssuedAt, issueFormToken } from "#app/quote/form-token.server.ts";
import { quoteFieldsWithGuardsSchema } from "#app/quote/schema.ts";
import { judgeSpam, MIN_FILL_MS } from "#app/quote/spam.server.ts";
import { STATIC_FORM_TOKEN } from "#app/quote/use-form-token.ts";

const secret = "test-secret";
const issued = Date.UTC(2026, 10, 22, 10, 0, 0);

describe("form tokens", () => {
  it("are signed by the server with the time they were issued, each one different", () => {
    const token = issueFormToken(secret, issued);
    expect(token).not.toBe(issueFormToken(secret, issued));
    expect(formTokenIssuedAt(token, secret)).toBe(issued);
    expect(quoteFieldsWithGuardsSchema.shape.formToken.safeParse(token).success).toBe(true);
  });

  it("tell nothing when forged, altered, signed with another secret or made up by the browser", () => {
    const token = issueFormToken(secret, issued);
    const [time, nonce, mac] = token.split(".") as [string, string, string];
    const earlier = `${(issued - 60_000).toString(36)}.${nonce}.${mac}`;
    for (const forged of [earlier, `${time}.${nonce}x.${mac}`, issueFormToken("other", issued), "abcdefgh99999"]) {
      expect(formTokenIssuedAt(forged, secret), forged).toBeUndefined();
    }
    expect(formTokenIssuedAt(STATIC_FORM_TOKEN, secret)).toBeUndefined();
    expect(formTokenIssuedAt("0.0.0", secret)).toBeUndefined();
  });
});

describe("judgeSpam", () => {
  const token = issueFormToken(secret, issued);
  const judge = (overrides: { honeypot?: string; formToken?: string; after?: number }) =>
    judgeSpam({
      honeypot: overrides.honeypot,
      formToken: overrides.formToken ?? token,
      secret,
      now: issued + (overrides.after ?? 60_000),
    });

  it("holds a request only on the honeypot", () => {
    expect(judge({ honeypot: "https://spam.example" })).toEqual({ held: true, reasons: ["honeypot"] });
    expect(judge({ honeypot: "x", after: 100 })).toEqual({ held: true, reasons: ["honeypot", "fast-fill"] });
  });

  it("flags a fast fill as possible spam but does not hold it (autofill is fast too)", () => {
    expect(judge({ after: MIN_FILL_MS - 1 })).toEqual({ held: false, reasons: ["fast-fill"] });
    expect(judge({ after: MIN_FILL_MS })).toEqual({ held: false, reasons: [] });
  });

  it("does not flag a request for want of a signed token alone: a buyer without JavaScript sends none", () => {
    expect(judge({ formToken: STATIC_FORM_TOKEN })).toEqual({ held: false, reasons: [] });
    expect(judge({ formToken: "abcdefgh99999" })).toEqual({ held: false, reasons: [] });
  });

  it("names the missing token beside another signal", () => {
    expect(judge({ formToken: STATIC_FORM_TOKEN, honeypot: "x" })).toEqual({
      held: true,
      reasons: ["honeypot", "no-form-time"],
    });
  });
});
