import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";

type Encoding = "br" | "gzip" | "identity";

/** A prerendered page as the build prepared it (scripts/precompress.js): the same bytes for every visitor. */
export type PreparedPage = {
  bodies: Record<Encoding, Buffer>;
  /** Strong validators, one per encoding: each encoding is its own representation. */
  etags: Record<Encoding, string>;
  /** `script-src` naming the sha-256 of each of the page's inline scripts. */
  scriptSrc: string;
};

type PagesManifest = Record<string, { file: string; hash: string; scriptHashes: string[] }>;

/**
 * Prerendered pages by URL path, read once at boot from the build's manifest (build/server/pages.json)
 * and the compressed copies made with it.
 */
export function readPrerenderedPages(clientDir: string) {
  const pages = new Map<string, PreparedPage>();
  if (!fs.existsSync(clientDir)) return pages;
  const manifestFile = path.join(clientDir, "../server/pages.json");
  if (!fs.existsSync(manifestFile)) {
    throw new Error(`${manifestFile} is missing: build with \`npm run build\`, which prepares the pages.`);
  }
  const manifest: PagesManifest = JSON.parse(fs.readFileSync(manifestFile, "utf8"));
  for (const [route, { file, hash, scriptHashes }] of Object.entries(manifest)) {
    const full = path.join(clientDir, file);
    pages.set(route, {
      bodies: {
        br: fs.readFileSync(`${full}.br`),
        gzip: fs.readFileSync(`${full}.gz`),
        identity: fs.readFileSync(full),
      },
      etags: { br: `"${hash}-br"`, gzip: `"${hash}-gz"`, identity: `"${hash}"` },
      // 'strict-dynamic': only the hashed inline scripts and what they load may run; 'self' alone would also
      // trust any other script file on the origin. Browsers without CSP 3 fall back to 'self'.
      scriptSrc: ["'self'", "'strict-dynamic'", ...scriptHashes].join(" "),
    });
  }
  return pages;
}

/** The encoding to send: brotli, else gzip, when the browser accepts it (q=0 refuses). */
function preferredEncoding(header: string | undefined): Encoding {
  if (!header) return "identity";
  let br = false;
  let gzip = false;
  for (const part of header.toLowerCase().split(",")) {
    const [name = "", ...parameters] = part.split(";").map((token) => token.trim());
    if (parameters.some((parameter) => /^q=0(\.0*)?$/.test(parameter))) continue;
    if (name === "br" || name === "*") br = true;
    if (name === "gzip" || name === "*") gzip = true;
  }
  return br ? "br" : gzip ? "gzip" : "identity";
}

/** If-None-Match uses the weak comparison (RFC 9110 13.1.2). */
function matches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

/** The response's policy (set by the security middleware) with the page's hash-based `script-src`. */
function pagePolicy(policy: unknown, scriptSrc: string) {
  const directive = `script-src ${scriptSrc}`;
  if (typeof policy !== "string" || !policy) return `${directive}; object-src 'none'; base-uri 'none'`;
  return /(^|;)\s*script-src\s[^;]*/.test(policy)
    ? policy.replace(/(^|;)(\s*)script-src\s[^;]*/, (_match, start, space) => `${start}${space}${directive}`)
    : `${policy};${directive}`;
}

/**
 * Answers prerendered pages from memory: precompressed, a strong ETag and 304 on revalidation, and a
 * Content-Security-Policy whose `script-src` lists the hashes of the page's inline scripts, so every visitor
 * (and every cache) gets the same bytes. Server-rendered responses keep the per-request nonce.
 */
export function prerenderedPages(pages: Map<string, PreparedPage>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(req.path);
    if (!page) return next();
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const etag = page.etags[encoding];
    res.setHeader("Content-Security-Policy", pagePolicy(res.getHeader("Content-Security-Policy"), page.scriptSrc));
    sendFromMemory(req, res, {
      cacheControl: "no-cache",
      etag,
      type: "text/html; charset=utf-8",
      encoding,
      body: page.bodies[encoding],
    });
  };
}

/** A body prepared at boot, with its ETag: 304 when the browser has it, the bytes otherwise. */
function sendFromMemory(
  req: Request,
  res: Response,
  sent: { cacheControl: string; etag: string; type: string; encoding: string; body: Buffer },
) {
  res.setHeader("Cache-Control", sent.cacheControl);
  res.setHeader("Vary", "Accept-Encoding");
  res.setHeader("ETag", sent.etag);
  if (matches(req.headers["if-none-match"], sent.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.statusCode = 200;
  res.setHeader("Content-Type", sent.type);
  if (sent.encoding !== "identity") res.setHeader("Content-Encoding", sent.encoding);
  res.setHeader("Content-Length", sent.body.length);
  res.end(req.method === "HEAD" ? undefined : sent.body);
}

const assetTypes: Record<string, string> = {
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
};

/**
 * Hashed assets in the smallest encoding the browser accepts, from the copies the build made, held in
 * memory (the whole folder is about a megabyte): no file system work per request.
 */
export function precompressed(dir: string) {
  const assets = new Map<string, { type: string; bodies: Record<Encoding, Buffer>; etag: string }>();
  const available = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  for (const name of available) {
    const type = assetTypes[path.extname(name)];
    if (!type || !available.has(`${name}.br`) || !available.has(`${name}.gz`)) continue;
    const identity = fs.readFileSync(path.join(dir, name));
    assets.set(`/${name}`, {
      type,
      bodies: {
        identity,
        br: fs.readFileSync(path.join(dir, `${name}.br`)),
        gzip: fs.readFileSync(path.join(dir, `${name}.gz`)),
      },
      etag: crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 27),
    });
  }
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const asset = assets.get(req.path);
    if (!asset) return next();
    const encoding = preferredEncoding(req.headers["accept-encoding"]);
    const etag = encoding === "identity" ? `"${asset.etag}"` : `"${asset.etag}-${encoding === "br" ? "br" : "gz"}"`;
    sendFromMemory(req, res, {
      cacheControl: "public, max-age=31536000, immutable",
      etag,
      type: asset.type,
      encoding,
      body: asset.bodies[encoding],
    });
  };
}

/**
 * One URL per page: raw build paths (`/index.html`, `/products/index.html`), a trailing slash and other
 * letter cases answer 301 to the canonical path, so search engines and caches see each page once.
 */
export function canonicalPaths(canonical: Iterable<string>) {
  const byLowerCase = new Map([...canonical].map((p) => [p.toLowerCase(), p]));
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const requested = req.path;
    let candidate = requested.replace(/\/index\.html$/i, "/");
    if (candidate.length > 1) candidate = candidate.replace(/\/+$/, "");
    const target = byLowerCase.get(candidate.toLowerCase() || "/");
    if (!target || target === requested) return next();
    const query = req.originalUrl.indexOf("?");
    res.redirect(301, target + (query === -1 ? "" : req.originalUrl.slice(query)));
  };
}
