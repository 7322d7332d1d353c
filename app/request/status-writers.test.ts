import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// A request's status is written by moveStatus (app/request/lifecycle.server.ts) alone, so the transition
// table and the bookkeeping that goes with a move cannot be stepped around. This reads every source file
// for a write to quotes.status: a Drizzle `.update(quotes).set({ … status … })` or SQL `update quotes set
// … status`. Storing a new request (an insert) is not a move.

const root = path.resolve(import.meta.dirname, "../..");
const folders = ["app", "server", "scripts", "db"];
const sourceFile = /\.(ts|tsx|js)$/;
const testFile = /\.(test|spec)\.(ts|tsx)$/;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return sourceFile.test(entry.name) && !testFile.test(entry.name) ? [file] : [];
  });
}

/** What a call's parentheses hold, from the one opening at `open`. */
function argumentsAt(text: string, open: number) {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === "(") depth++;
    else if (text[i] === ")" && --depth === 0) return text.slice(open + 1, i);
  }
  return text.slice(open + 1);
}

const statusKey = /(^|[{,\s])status\s*[:,}]/;
const sqlStatusUpdate = /update\s+"?quotes"?\s+set\s[^;`]*\bstatus\b/i;

/** The places in `text` that write a request's status, as "line N". */
function statusWrites(text: string) {
  const places: number[] = [];
  for (const update of text.matchAll(/\.update\(quotes\)/g)) {
    const set = text.indexOf(".set(", update.index);
    const next = text.indexOf(".update(", update.index + 1);
    if (set === -1 || (next !== -1 && next < set)) continue;
    if (statusKey.test(argumentsAt(text, set + ".set".length))) places.push(update.index);
  }
  for (const update of text.matchAll(new RegExp(sqlStatusUpdate, "gi"))) places.push(update.index);
  return places.map((index) => `line ${text.slice(0, index).split("\n").length}`);
}

describe("a request's status", () => {
  const writers = folders
    .flatMap((folder) => sources(path.join(root, folder)))
    .flatMap((file) => {
      const places = statusWrites(fs.readFileSync(file, "utf8"));
      return places.map((place) => `${path.relative(root, file)} ${place}`);
    });

  it("is found where moveStatus writes it (the search works)", () => {
    expect(writers.some((writer) => writer.startsWith("app/request/lifecycle.server.ts"))).toBe(true);
    expect(statusWrites('await tx.update(quotes).set({ status: "won" }).where(x);')).toEqual(["line 1"]);
    expect(statusWrites("db.update(quotes)\n  .set({ ownerId, status })")).toEqual(["line 1"]);
    expect(statusWrites('sql`UPDATE "quotes" SET "status" = \'new\'`')).toEqual(["line 1"]);
    expect(statusWrites("tx.update(quotes).set({ customerRepliedAt: null, statusNote: 1 })")).toEqual([]);
  });

  it("is written by app/request/ alone", () => {
    expect(writers.filter((writer) => !writer.startsWith("app/request/"))).toEqual([]);
  });
});
