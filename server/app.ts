import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import * as serverBuild from "virtual:react-router/server-build";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import { sql } from "drizzle-orm";
import express, { type NextFunction, type Request, type Response } from "express";
import { rateLimit } from "express-rate-limit";
import helmet from "helmet";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { clientAddressContext, nonceContext, PRERENDER_NONCE } from "../app/lib/context";
import { getConfig } from "../app/lib/env.server";
import { getLogger } from "../app/lib/logger.server";
import { closeQuoteServices, getQuoteServices } from "../app/quote/services.server";

// Prerendering at build time loads this bundle as the React Router server build.
export * from "virtual:react-router/server-build";

/** Largest request body accepted; a quote request is a few kilobytes. */
export const BODY_LIMIT_BYTES = 64 * 1024;

const clientDir = path.resolve(import.meta.dirname, "../client");

/** Prerendered pages by URL path, read once at boot. */
function readPrerenderedPages() {
  const pages = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name === "index.html") {
        const route = `/${path.relative(clientDir, path.dirname(full)).split(path.sep).join("/")}`;
        pages.set(route, fs.readFileSync(full, "utf8"));
      }
    }
  };
  walk(clientDir);
  return pages;
}

function securityHeaders(siteUrl: string) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        "default-src": ["'self'"],
        "script-src": ["'self'", (_req, res) => `'nonce-${(res as Response).locals.nonce}'`],
        "style-src": ["'self'", "'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "font-src": ["'self'"],
        "connect-src": ["'self'"],
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
function limitBody(req: Request, res: Response, next: NextFunction) {
  if (req.method === "GET" || req.method === "HEAD") return next();
  const length = req.headers["content-length"];
  if (length === undefined) {
    if (req.headers["transfer-encoding"]) {
      res.status(411).type("text/plain").send("411: Please send the request with a Content-Length header.");
      return;
    }
    return next();
  }
  if (Number(length) > BODY_LIMIT_BYTES) {
    res.status(413).type("text/plain").send("413: The request is too large. Please shorten your message.");
    return;
  }
  next();
}

const encodings = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

/** Hashed assets in the smallest encoding the browser accepts, from the copies the build made. */
function precompressed(dir: string) {
  const available = new Set(fs.existsSync(dir) ? fs.readdirSync(dir) : []);
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const name = req.path.slice(1);
    const accepted = req.acceptsEncodings(encodings.map(([encoding]) => encoding));
    const choice = encodings.find(([encoding, suffix]) => encoding === accepted && available.has(`${name}${suffix}`));
    if (!choice || name.includes("/")) return next();
    res.set({ "Content-Encoding": choice[0], Vary: "Accept-Encoding" });
    res.type(path.extname(name));
    res.sendFile(`${name}${choice[1]}`, { root: dir, dotfiles: "deny", maxAge: "1y", immutable: true });
  };
}

/** Forms may only be posted from our own pages; browsers name the page's origin on every POST. */
function sameOriginPosts(siteUrl: string) {
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

export async function start() {
  const config = getConfig();
  const logger = getLogger();
  const pages = readPrerenderedPages();
  // Opening the store at boot applies migrations and takes the embedded database's lock before serving.
  const quoteServices = await getQuoteServices();
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback, linklocal, uniquelocal");

  app.use((_req, res, next) => {
    res.locals.nonce = crypto.randomBytes(16).toString("base64");
    next();
  });
  app.use((req, res, next) => {
    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      // Method, path and status only: no addresses, query strings or bodies (personal data).
      logger.info({ method: req.method, path: req.path, status: res.statusCode, ms: Math.round(ms) }, "request");
    });
    next();
  });
  app.use(securityHeaders(config.siteUrl));
  app.use(compression());

  app.get("/healthz", async (_req, res) => {
    res.set("Cache-Control", "no-store");
    try {
      await quoteServices.database.db.execute(sql`select 1`);
      res.json({ status: "ok" });
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  });

  app.use("/assets", precompressed(path.join(clientDir, "assets")));
  app.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), {
      immutable: true,
      maxAge: "1y",
      index: false,
      redirect: false,
      fallthrough: false,
    }),
  );
  app.use(
    express.static(clientDir, {
      index: false,
      redirect: false,
      setHeaders(res, file) {
        res.setHeader(
          "Cache-Control",
          file.endsWith(".html") || file.endsWith(".data") ? "no-cache" : "public, max-age=86400",
        );
      },
    }),
  );

  app.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(req.path);
    if (!page) return next();
    res
      .status(200)
      .type("html")
      .set("Cache-Control", "no-cache")
      .send(page.replaceAll(PRERENDER_NONCE, res.locals.nonce));
  });

  app.use(
    rateLimit({
      windowMs: 60_000,
      limit: 300,
      standardHeaders: "draft-8",
      legacyHeaders: false,
      message: "429: Too many requests. Please wait a minute and try again.",
    }),
  );
  app.use(limitBody);
  app.use(sameOriginPosts(config.siteUrl));

  const allowedActionOrigins = [new URL(config.siteUrl).host];
  app.use(
    createRequestHandler({
      build: { ...(serverBuild as ServerBuild), allowedActionOrigins },
      getLoadContext(req, res) {
        const context = new RouterContextProvider();
        context.set(nonceContext, res.locals.nonce);
        context.set(clientAddressContext, req.ip);
        return context;
      },
    }),
  );

  return {
    app,
    config,
    logger,
    close: closeQuoteServices,
  };
}
