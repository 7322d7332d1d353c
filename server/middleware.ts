import crypto from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import helmet from "helmet";
import type { Logger } from "pino";

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
      logger.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms) }, "request");
    });
    next();
  };
}

export function securityHeaders(siteUrl: string, options: { development?: boolean } = {}) {
  return helmet({
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

/** Forms may only be posted from our own pages; browsers name the page's origin on every POST. */
export function sameOriginPosts(siteUrl: string) {
  const allowed = new URL(siteUrl).host;
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const origin = req.headers.origin;
    const fetchSite = req.headers["sec-fetch-site"];
    let host: string | undefined;
    try {
      host = origin && origin !== "null" ? new URL(origin).host : undefined;
    } catch {}
    const crossSite =
      fetchSite === "cross-site" || (origin !== undefined && host !== allowed && host !== req.headers.host);
    if (crossSite) {
      res.status(403).type("text/plain").send("403: Forms can only be sent from this website.");
      return;
    }
    next();
  };
}
