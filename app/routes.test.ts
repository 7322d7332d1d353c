import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { pages } from "#app/pages.ts";
import routes from "#app/routes.ts";

type Entry = { file: string; path?: string; index?: boolean; id?: string; children?: Entry[] };

const under = (file: string) => (routes as Entry[]).find((entry) => entry.file === file)?.children ?? [];
const files = (entries: Entry[]): string[] => entries.flatMap((entry) => [entry.file, ...files(entry.children ?? [])]);

describe("the site's layout", () => {
  it("holds every public page, the search and the 404 page, and no page of the desk", () => {
    const site = files(under("routes/site-layout.tsx"));
    expect(site).toEqual(
      expect.arrayContaining([...pages.map((page) => page.file), "routes/search.tsx", "routes/not-found.tsx"]),
    );
    expect(site.filter((file) => file.startsWith("routes/desk/"))).toEqual([]);
    expect(files(under("routes/desk/layout.tsx")).length).toBeGreaterThan(0);
  });

  it("is what gives a page the site's header and footer: the root asks nothing of the address", () => {
    const root = fs.readFileSync(path.join(import.meta.dirname, "root.tsx"), "utf8");
    expect(root).not.toMatch(/<Header|<Footer/);
    expect(root).not.toMatch(/useLocation|\/desk/);
    const layout = fs.readFileSync(path.join(import.meta.dirname, "routes/site-layout.tsx"), "utf8");
    expect(layout).toMatch(/<Header \/>[\s\S]*<main[\s\S]*<Footer \/>/);
  });
});
