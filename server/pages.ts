import fs from "node:fs";
import path from "node:path";
import type { NextFunction, Request, Response } from "express";
import { PRERENDER_NONCE } from "../app/lib/context";

/** Prerendered pages by URL path, read once at boot. */
export function readPrerenderedPages(clientDir: string) {
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
  if (fs.existsSync(clientDir)) walk(clientDir);
  return pages;
}

/** Answers prerendered pages from memory with the response's own nonce in place of the build's stand-in. */
export function prerenderedPages(pages: Map<string, string>) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const page = pages.get(req.path);
    if (!page) return next();
    res
      .status(200)
      .type("html")
      .set("Cache-Control", "no-cache")
      .send(page.replaceAll(PRERENDER_NONCE, res.locals.nonce));
  };
}

const encodings = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

/** Hashed assets in the smallest encoding the browser accepts, from the copies the build made. */
export function precompressed(dir: string) {
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
