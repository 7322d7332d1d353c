import type { SenderCheck } from "#db/schema.ts";

type Result = { method: string; result: string; properties: Map<string, string> };

/**
 * Comments (nested ones too) say nothing a decision rests on, and may hold any text. One pass with a depth
 * count: taking off one level at a time cost 60 ms a header nested 4,096 deep, and a sender can send many.
 * A comment left open runs to the end, as nothing after it can be told from its text.
 */
function withoutComments(value: string) {
  let out = "";
  let depth = 0;
  for (const char of value) {
    if (char === "(") depth++;
    else if (char === ")" && depth > 0) {
      depth--;
      if (depth === 0) out += " ";
    } else if (depth === 0) out += char;
  }
  return out;
}

/** Splits on a separator outside double quotes (a reason="…" may hold one). */
function splitOutsideQuotes(value: string, separator: RegExp) {
  const parts: string[] = [];
  let current = "";
  let quoted = false;
  for (const char of value) {
    if (char === '"') quoted = !quoted;
    if (!quoted && separator.test(char)) {
      parts.push(current);
      current = "";
    } else current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter(Boolean);
}

/** An Authentication-Results header (RFC 8601): who added it, and each method's result. */
function parseResults(value: string) {
  const [head = "", ...infos] = splitOutsideQuotes(withoutComments(value), /;/);
  const authservId = head.split(/\s+/)[0]?.toLowerCase() ?? "";
  const results: Result[] = infos.map((info) => {
    const [methodSpec = "", ...rest] = splitOutsideQuotes(info, /\s/);
    const [method = "", result = ""] = methodSpec.split("=");
    const properties = new Map<string, string>();
    for (const item of rest) {
      const at = item.indexOf("=");
      if (at > 0) properties.set(item.slice(0, at).toLowerCase(), item.slice(at + 1).replace(/^"|"$/g, ""));
    }
    return { method: method.split("/")[0]?.toLowerCase() ?? "", result: result.toLowerCase(), properties };
  });
  return { authservId, results };
}

/** The domain of an address (`user@example.com`, `<user@example.com>`, `@example.com`) or a bare domain. */
const domainOf = (value: string | undefined) =>
  (value ?? "").replace(/^<|>$/g, "").split("@").pop()?.toLowerCase().replace(/\.$/, "") ?? "";

/**
 * Whether the receiving mail server vouched for the From domain: DMARC passed, or DKIM passed with that
 * domain's signature (d=), or SPF passed for it. Only the topmost Authentication-Results header is the
 * receiving server's own (a sender can write any below it); with `authservId` set, only that server's.
 */
export function checkSender(
  headers: { key: string; value: string }[],
  fromAddress: string,
  authservId?: string,
): SenderCheck {
  const added = headers.filter((h) => h.key === "authentication-results").map((h) => parseResults(h.value));
  const trusted = authservId ? added.find((h) => h.authservId === authservId.toLowerCase()) : added[0];
  if (!trusted) return "unknown";
  const domain = fromAddress.includes("@") ? domainOf(fromAddress) : "";
  const vouches = ({ method, result, properties }: Result) => {
    if (result !== "pass" || !domain) return false;
    if (method === "dmarc") return !properties.has("header.from") || domainOf(properties.get("header.from")) === domain;
    if (method === "dkim") return domainOf(properties.get("header.d") ?? properties.get("header.i")) === domain;
    if (method === "spf") return domainOf(properties.get("smtp.mailfrom")) === domain;
    return false;
  };
  return trusted.results.some(vouches) ? "verified" : "failed";
}
