import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// How the app's code may reach what lies beneath it, read from the sources themselves.

const appDir = import.meta.dirname;

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [file] : [];
  });
}

const files = sources(appDir).map((file) => ({
  name: path.relative(appDir, file),
  text: fs.readFileSync(file, "utf8"),
}));
const importing = (pattern: RegExp) => files.filter((file) => pattern.test(file.text)).map((file) => file.name);

describe("the app's layers", () => {
  it("reach the services (database, outbox, storage) only through the router context module", () => {
    expect(importing(/from "#server\//)).toEqual(["lib/context.ts"]);
  });

  it("take the database's types from db/types.ts, never from the client that opens it", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(importing(/from "#db\/client\.server\.ts"/)).toEqual([]);
  });

  it("keep the desk's helpers in the desk: a quotation goes from the editor to its e-mail without the desk or the quote form", () => {
    const reachingDesk = files.filter(
      (file) => !/^(desk|routes)\//.test(file.name) && file.text.includes('from "#app/desk/'),
    );
    expect(reachingDesk.map((file) => file.name)).toEqual([]);
    const quotation = files.filter((file) => file.name.startsWith("quotation/"));
    expect(quotation.length).toBeGreaterThan(3);
    for (const file of quotation) expect(file.text, file.name).not.toMatch(/from "#app\/(desk|quote|mail-out|site)\//);
  });

  it("style text boxes and lists with the input style beside the button, not a copy of its classes", () => {
    expect(importing(/border border-slate-400 bg-white px-3/).sort()).toEqual([
      "components/input.ts",
      // The quotation editor's boxes, not yet moved over.
      "quotation/editor.tsx",
    ]);
    expect(importing(/#app\/components\/input\.ts/).length).toBeGreaterThan(3);
  });
});
