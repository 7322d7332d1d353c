import crypto from "node:crypto";

export type Credentials = { accessKeyId: string; secretAccessKey: string; region: string; service: string };

export type SignedRequest = {
  method: string;
  /** The request target as sent: path and query string, still encoded. */
  target: string;
  /** Lower-case names, as node:http gives them. */
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
};

const sha256 = (data: string | Buffer) => crypto.createHash("sha256").update(data).digest("hex");
const hmac = (key: string | Buffer, data: string) => crypto.createHmac("sha256", key).update(data).digest();
/** RFC 3986 encoding, as SigV4 wants it (encodeURIComponent leaves !'()* alone). */
const encode = (text: string) =>
  encodeURIComponent(text).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);

function canonicalQuery(query: string) {
  return query
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const [name = "", value = ""] = pair.split("=").map((part) => decodeURIComponent(part.replace(/\+/g, " ")));
      return [encode(name), encode(value)] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

const header = (request: SignedRequest, name: string) => {
  const value = request.headers[name];
  return Array.isArray(value) ? value.join(",") : value;
};

/**
 * Checks an AWS Signature Version 4 `Authorization` header as S3 does, written out here rather than taken
 * from the signing library, so a request it signs wrongly is caught: the key, the scope, the time (within
 * 15 minutes), the payload's hash and the signature over the method, path, query and signed headers.
 * Returns why it is refused, or undefined when the signature holds.
 */
export function sigV4Refusal(request: SignedRequest, credentials: Credentials, now = new Date()) {
  const authorization = header(request, "authorization");
  if (!authorization) return "unsigned";
  const parsed =
    /^AWS4-HMAC-SHA256 Credential=([^/]+)\/(\d{8})\/([^/]+)\/([^/]+)\/aws4_request, ?SignedHeaders=([a-z0-9;-]+), ?Signature=([0-9a-f]{64})$/.exec(
      authorization,
    );
  if (!parsed) return "malformed Authorization header";
  const [, keyId, day, region, service, signedHeaders = "", signature = ""] = parsed;
  if (keyId !== credentials.accessKeyId) return "unknown access key";
  if (region !== credentials.region || service !== credentials.service) return "wrong scope";
  const amzDate = header(request, "x-amz-date") ?? "";
  const at = /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(amzDate);
  if (!at || amzDate.slice(0, 8) !== day) return "missing or mismatched x-amz-date";
  const [, y, mo, d, h, mi, s] = at.map(Number);
  const signedAt = Date.UTC(y ?? 0, (mo ?? 1) - 1, d, h, mi, s);
  if (Math.abs(now.getTime() - signedAt) > 15 * 60_000) return "request time too skewed";
  const names = signedHeaders.split(";");
  if (!names.includes("host") || !names.includes("x-amz-content-sha256")) return "host or payload hash not signed";
  const payloadHash = header(request, "x-amz-content-sha256") ?? "";
  if (payloadHash !== "UNSIGNED-PAYLOAD" && payloadHash !== sha256(request.body)) return "payload hash mismatch";

  const [path = "", query = ""] = request.target.split(/\?(.*)/s);
  const canonicalHeaders = names
    .map((name) => `${name}:${(header(request, name) ?? "").trim().replace(/\s+/g, " ")}\n`)
    .join("");
  const canonicalRequest = [
    request.method,
    path,
    canonicalQuery(query),
    canonicalHeaders,
    signedHeaders,
    payloadHash,
  ].join("\n");
  const scope = `${day}/${region}/${service}/aws4_request`;
  const toSign = ["AWS4-HMAC-SHA256", amzDate, scope, sha256(canonicalRequest)].join("\n");
  let key: Buffer = hmac(`AWS4${credentials.secretAccessKey}`, day ?? "");
  for (const part of [region ?? "", service ?? "", "aws4_request"]) key = hmac(key, part);
  const expected = hmac(key, toSign).toString("hex");
  return crypto.timingSafeEqual(Buffer.from(expected), Buffer.from(signature)) ? undefined : "signature mismatch";
}
