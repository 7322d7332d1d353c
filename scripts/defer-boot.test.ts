import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { deferBoot, loadWaitMs } from "#scripts/defer-boot.ts";

// /products as React Router 8 renders it (the build's stand-in nonce dropped), before this step.
const page = fs.readFileSync("scripts/fixtures/products-page.html", "utf8");
const boot = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(page)?.[1] ?? "";

describe("deferring React Router's boot until after the first paint", () => {
  const deferred = deferBoot(page, "products/index.html");

  it("keeps the boot word for word, inert, and starts nothing before the page has painted", () => {
    expect(boot).toContain("window.__reactRouterManifest = ");
    expect(deferred).toContain(`<script type="text/plain" id="deferred-boot">${boot}</script>`);
    expect(deferred).not.toMatch(/<script type="module"/);
    expect(deferred).not.toContain('rel="modulepreload"');
  });

  it("preloads the page's modules once, when it starts", () => {
    const starter = /<script>(\(function startAfterPaint[\s\S]*?)<\/script>/.exec(deferred)?.[1] ?? "";
    // Valid script, calling the function with the page's preloads and the longest wait.
    expect(() => new Function(starter)).not.toThrow();
    const call = starter.slice(starter.lastIndexOf(")(") + 1);
    const preloads = [...page.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]);
    expect(preloads.length).toBeGreaterThan(new Set(preloads).size);
    expect(call).toBe(`(${JSON.stringify([...new Set(preloads)])}, ${loadWaitMs})`);
    // Every page carries the starter's source text as it is, within its first round trip: no comments in it.
    expect(starter).not.toMatch(/\/\/|\/\*/);
  });

  it("leaves the rest of the page as it was", () => {
    const strip = (html: string) =>
      html
        .replace(/<link rel="modulepreload"[^>]*\/>/g, "")
        .replace(/<script type="module" async="">[\s\S]*?<\/script>/, "")
        .replace(
          /<script type="text\/plain" id="deferred-boot">[\s\S]*?<\/script><script>\(function startAfterPaint[\s\S]*?<\/script>/,
          "",
        );
    expect(strip(deferred)).toBe(strip(page));
  });

  it("fails the build, naming the page, when React Router's output no longer has the boot it expects", () => {
    const changed = page.replace('<script type="module" async="">', '<script type="module">');
    expect(() => deferBoot(changed, "contact/index.html")).toThrow(
      /^contact\/index\.html: React Router's boot module .* is missing/,
    );
  });
});
