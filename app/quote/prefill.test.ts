import { describe, expect, it } from "vitest";
import { quoteCategories } from "#app/content/quote-request.ts";
import { categorySlugs } from "#app/content/schema.ts";
import { PREFILL_PART_MAX, quoteCategoryFor, quotePrefillHref, readQuotePrefill } from "#app/quote/prefill.ts";

describe("quote prefill links", () => {
  it("round-trips a part and its category through the home page address", () => {
    const href = quotePrefillHref({ part: "6205-2RS", category: "bearings" });
    expect(href).toBe("/?part=6205-2RS&category=bearings#quote");
    expect(readQuotePrefill(new URL(href, "http://x").search)).toEqual({ part: "6205-2RS", category: "bearings" });
    expect(quotePrefillHref({})).toBe("/#quote");
  });

  it("keeps odd text as text, cleaned and capped", () => {
    expect(readQuotePrefill("?part=%3Cscript%3Ealert(1)%3C%2Fscript%3E")).toEqual({
      part: "<script>alert(1)</script>",
    });
    expect(readQuotePrefill("?part=a%00b%0A%0Dc")).toEqual({ part: "a b c" });
    expect(readQuotePrefill(`?part=${"x".repeat(5000)}`).part).toHaveLength(PREFILL_PART_MAX);
    expect(readQuotePrefill("?part=%20%20")).toEqual({});
  });

  it("accepts only the form's own categories", () => {
    expect(readQuotePrefill("?category=electrical")).toEqual({ category: "electrical" });
    expect(readQuotePrefill("?category=other")).toEqual({ category: "other" });
    expect(readQuotePrefill("?category=industrial-electrical")).toEqual({});
    expect(readQuotePrefill("?category=%3Cb%3E")).toEqual({});
  });

  it("maps every catalogue page to a quote category the form offers", () => {
    const values = quoteCategories.map((c) => c.value);
    for (const slug of categorySlugs) expect(values).toContain(quoteCategoryFor[slug]);
    expect(new Set([...Object.values(quoteCategoryFor), "other"])).toEqual(new Set(values));
  });
});
