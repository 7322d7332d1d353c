import crypto from "node:crypto";
import http from "node:http";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import type { Logger } from "pino";
import { errorSummary } from "#app/lib/logger.server.ts";
import { pathForLog } from "#app/lib/request-errors.server.ts";

/** Largest request body accepted; a quote request is a few kilobytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;
/** A quote request with its attachments: 25 MB of files and the form around them. */
export const UPLOAD_LIMIT_BYTES = 25 * 1024 * 1024 + 256 * 1024;

/** Only the quote form (the home page's action) may send files. */
const isQuoteUpload = (req: Request) =>
  req.method === "POST" &&
  ["/", "/_root.data", "/_.data", "/quote/send"].includes(req.path) &&
  /^multipart\/form-data\s*;/i.test(req.headers["content-type"] ?? "");

export function nonce(_req: Request, res: Response, next: NextFunction) {
  res.locals.nonce = crypto.randomBytes(16).toString("base64");
  next();
}

export function requestLog(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // Method, path and status only: no addresses, query strings or bodies (personal data).
      logger.info(
        { method: req.method, path: pathForLog(req.path), status: res.statusCode, ms: Math.round(ms) },
        "request",
      );
    });
    next();
  };
}

/** What the site answers: pages and assets, and the quote form's POST. */
const servedMethods = ["GET", "HEAD", "POST"];
const allow = servedMethods.join(", ");

/**
 * Refuses what the site never serves before it reaches a route (which would log a stack trace for
 * each): other methods get 405 (501 for names HTTP does not know), OPTIONS gets the list, and request
 * targets other than a path (`*`, `http://…`) or with broken percent-encoding get 400.
 */
export function allowedRequests(req: Request, res: Response, next: NextFunction) {
  res.set("Allow", allow);
  if (req.method === "OPTIONS") {
    res.status(204).end();
    return;
  }
  if (!servedMethods.includes(req.method)) {
    const known = http.METHODS.includes(req.method);
    refuse(res, known ? 405 : 501, known ? "This address only answers GET, HEAD and POST." : "Unknown method.");
    return;
  }
  if (!req.url.startsWith("/")) {
    refuse(res, 400, "Bad request target.");
    return;
  }
  try {
    decodeURIComponent(req.path);
  } catch {
    refuse(res, 400, "The address is not valid.");
    return;
  }
  next();
}

// A DNS name (letters, digits, hyphens; underscores are seen in the wild), IPv4 or bracketed IPv6, and
// an optional port.
const hostHeader =
  /^(?:[a-z0-9_](?:[a-z0-9_-]{0,62})(?:\.[a-z0-9_](?:[a-z0-9_-]{0,62}))*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

function validHost(value: string) {
  const match = value.length <= 260 ? hostHeader.exec(value) : null;
  return match !== null && (match[1] === undefined || Number(match[1]) <= 65_535);
}

/**
 * The Host (and a proxy's X-Forwarded-Host) ends up in URLs the router builds; a malformed one is
 * refused here, before anything uses it. HTTP/1.0 may leave Host out: such a request is answered as
 * if it named the site's own host, since the router cannot build a URL without one.
 */
export function wellFormedHost(siteUrl: string) {
  const siteHost = new URL(siteUrl).host;
  return (req: Request, res: Response, next: NextFunction) => {
    const host = req.headers.host;
    const forwarded = req.headers["x-forwarded-host"];
    const forwardedFirst = typeof forwarded === "string" ? forwarded.split(",")[0]?.trim() : forwarded;
    const missing = host === undefined && req.httpVersion === "1.0";
    if (
      (!missing && (host === undefined || !validHost(host))) ||
      (forwardedFirst !== undefined && !validHost(String(forwardedFirst)))
    ) {
      refuse(res, 400, "Bad Host header.");
      return;
    }
    if (missing) req.headers.host = siteHost;
    next();
  };
}

const loopbackNames = new Set(["localhost", "127.0.0.1", "[::1]"]);

export type SiteOrigins = ReturnType<typeof siteOrigins>;

/**
 * SITE_URL's origin and EXTRA_ORIGINS: where forms may come from, and (by host name) what the site answers
 * for. A site on loopback (the default SITE_URL, `npm start` on a laptop, the tests) is the same site on
 * any loopback name and port; a name pointed at loopback by someone else (DNS rebinding) is not.
 */
export function siteOrigins(siteUrl: string, extraOrigins: string[] = []) {
  const urls = [siteUrl, ...extraOrigins].map((origin) => new URL(origin));
  const origins = new Set(urls.map((url) => url.origin));
  const hostnames = new Set(urls.map((url) => url.hostname));
  const loopback = urls.some((url) => loopbackNames.has(url.hostname));
  const isOurHost = (hostname: string) => {
    const name = hostname.toLowerCase().replace(/\.$/, "");
    return hostnames.has(name) || (loopback && loopbackNames.has(name));
  };
  return {
    /** Host and port of each origin, as React Router's own check of an action's origin takes them. */
    hosts: urls.map((url) => url.host),
    isOurHost,
    isOurOrigin(origin: string) {
      const url = URL.parse(origin);
      return url !== null && (origins.has(url.origin) || (loopback && loopbackNames.has(url.hostname)));
    },
  };
}

/**
 * In production only the site's own host names are answered; another name that leads here (a stale DNS
 * record, or DNS rebinding aimed at the forms) gets 421. /healthz answers whatever the Host, since load
 * balancers probe by address. Behind a proxy the name is its X-Forwarded-Host when TRUST_PROXY trusts it.
 */
export function servedHosts(site: SiteOrigins) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.path === "/healthz" || site.isOurHost(req.hostname)) return next();
    refuse(res, 421, "This server does not answer for that host name.");
  };
}

/**
 * A body that trickles in holds a connection slot for up to REQUEST_TIMEOUT_MS. After a grace period the
 * body must keep up an average rate (as Kestrel's MinRequestBodyDataRate does), or the request gets 408
 * and its connection is closed. 240 bytes/s is far below any real upload: 25 MB over a 2 Mbit/s uplink
 * arrives at about 250,000 bytes/s.
 */
export function minimumBodyRate(options: { bytesPerSecond: number; graceMs: number }) {
  const { bytesPerSecond, graceMs } = options;
  return (req: Request, res: Response, next: NextFunction) => {
    const announced = Number(req.headers["content-length"] ?? 0) > 0 || req.headers["transfer-encoding"] !== undefined;
    if (bytesPerSecond <= 0 || !announced || req.complete) {
      next();
      return;
    }
    const { socket } = req;
    const startedAt = Date.now();
    const bytesAtStart = socket.bytesRead;
    const check = setInterval(
      () => {
        if (req.complete || socket.destroyed) return stop();
        const elapsedMs = Date.now() - startedAt;
        if (elapsedMs < graceMs) return;
        if (((socket.bytesRead - bytesAtStart) * 1000) / elapsedMs >= bytesPerSecond) return;
        stop();
        if (res.headersSent) {
          socket.destroy();
          return;
        }
        res.once("finish", () => socket.destroy());
        res.set("Connection", "close");
        refuse(res, 408, "The request body arrived too slowly. Please try again on a better connection.");
      },
      Math.min(1000, graceMs),
    );
    const stop = () => clearInterval(check);
    req.once("end", stop);
    res.once("close", stop);
    next();
  };
}

function refuse(res: Response, status: number, message: string) {
  res.status(status).type("text/plain").send(`${status}: ${message}`);
}

/**
 * The last middleware: errors that escaped a handler. Expected refusals (a 4xx such as a bad path for a
 * static file) make one line; anything else is logged by kind and place only, never by message (which
 * can quote what a visitor sent), and answered without details.
 */
export function errorResponses(logger: Logger) {
  return (error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const declared = (error as { status?: unknown; statusCode?: unknown } | undefined)?.status;
    const status = typeof declared === "number" && declared >= 400 && declared < 600 ? declared : 500;
    const where = { method: req.method, path: pathForLog(req.path), status };
    if (status < 500) logger.info({ ...where, error: (error as Error)?.name }, "request refused");
    else logger.error({ ...where, error: errorSummary(error) }, "request failed");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    refuse(
      res,
      status,
      status < 500
        ? (http.STATUS_CODES[status] ?? "Bad request")
        : "Something went wrong on our side. Please try again.",
    );
  };
}

/** Features no page uses, switched off for the site and anything it embeds. */
export const permissionsPolicy = [
  "accelerometer=()",
  "autoplay=()",
  "browsing-topics=()",
  "camera=()",
  "display-capture=()",
  "geolocation=()",
  "gyroscope=()",
  "magnetometer=()",
  "microphone=()",
  "midi=()",
  "payment=()",
  "usb=()",
].join(", ");

export function securityHeaders(siteUrl: string, options: { development?: boolean } = {}) {
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:", "blob:"],
        "font-src": ["'self'"],
        // Development only: Vite's hot-reload socket.
        "connect-src": options.development ? ["'self'", "ws:"] : ["'self'"],
        "frame-src": ["https://www.openstreetmap.org"],
        "manifest-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "object-src": ["'none'"],
        "base-uri": ["'none'"],
        ...(siteUrl.startsWith("https:") ? { "upgrade-insecure-requests": [] } : {}),
      },
    },
    strictTransportSecurity: { maxAge: 31_536_000, includeSubDomains: true },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
    crossOriginEmbedderPolicy: false,
    xFrameOptions: { action: "deny" },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    res.setHeader("Permissions-Policy", permissionsPolicy);
    headers(req, res, next);
  };
}

/** Bodies are streamed to the router untouched, so the limit is enforced on the declared length. */
export function limitBody(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const length = req.headers["content-length"];
  if (length === undefined) {
    if (req.headers["transfer-encoding"]) {
      res.status(411).type("text/plain").send("411: Please send the request with a Content-Length header.");
      return;
    }
    return next();
  }
  const upload = isQuoteUpload(req);
  if (Number(length) > (upload ? UPLOAD_LIMIT_BYTES : BODY_LIMIT_BYTES)) {
    const message = upload
      ? "413: The request is too large. Attached files can be up to 25 MB in all."
      : "413: The request is too large. Please shorten your message.";
    res.status(413).type("text/plain").send(message);
    return;
  }
  next();
}

/**
 * Forms may only be posted from our own pages: browsers name the page's origin on every POST (older ones
 * only the page, as Referer). It is compared with SITE_URL's origin and EXTRA_ORIGINS, never with the
 * request's own Host, which a name the attacker controls can carry (DNS rebinding).
 */
export function sameOriginPosts(site: SiteOrigins) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const { origin, referer } = req.headers;
    // A client that names neither is no browser, so no visitor's form is being forged.
    const claimed = origin ?? (referer === undefined ? undefined : (URL.parse(referer)?.origin ?? "null"));
    if (req.headers["sec-fetch-site"] === "cross-site" || (claimed !== undefined && !site.isOurOrigin(claimed))) {
      res.status(403).type("text/plain").send("403: Forms can only be sent from this website.");
      return;
    }
    next();
  };
}
