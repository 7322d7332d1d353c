import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { newReference, referenceInText, referencePattern, revisionPattern } from "#app/request/reference.server.ts";

const root = path.resolve(import.meta.dirname, "../..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.(ts|tsx|js)$/.test(entry.name) && !/\.(test|spec)\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

describe("a request's reference", () => {
  const reference = newReference(new Date("2026-11-22T10:00:00Z"));

  it("is read by one pattern: whole, in a text, and with a quotation's revision", () => {
    expect(reference).toMatch(/^Q-261122-/);
    expect(referencePattern.test(reference)).toBe(true);
    expect(referencePattern.test(`Re: ${reference}`)).toBe(false);
    expect(`Re: your quote ${reference.toLowerCase()} (thanks)`.match(referenceInText)?.[0]?.toUpperCase()).toBe(
      reference,
    );
    expect(revisionPattern.test(`${reference}/2`)).toBe(true);
    expect(revisionPattern.test(`${reference}/2 <script>`)).toBe(false);
  });

  it("is spelt out in that one place only", () => {
    const spelt = ["app", "server", "scripts"]
      .flatMap((folder) => sources(path.join(root, folder)))
      .filter((file) => /Q-(\\\\d|\\d|\[)/.test(fs.readFileSync(file, "utf8")))
      .map((file) => path.relative(root, file));
    expect(spelt).toEqual(["app/request/reference.server.ts"]);
  });
});
