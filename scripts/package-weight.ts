// What a package would add to a production install: the packages it brings (from package-lock.json, as npm
// nests them) that our own dependencies do not already bring, and their size on disk.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

type LockEntry = { dependencies?: Record<string, string>; optionalDependencies?: Record<string, string> };
type Lock = { packages: Record<string, LockEntry> };

const root = path.resolve(import.meta.dirname, "..");
const lock = JSON.parse(fs.readFileSync(path.join(root, "package-lock.json"), "utf8")) as Lock;

/** Where npm resolves `name` from the package installed at `from`: its own node_modules, then each parent's. */
function resolve(name: string, from: string) {
  let dir = from;
  for (;;) {
    const candidate = dir ? `${dir}/node_modules/${name}` : `node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (!dir) return undefined;
    const parent = dir.lastIndexOf("/node_modules/");
    dir = parent === -1 ? "" : dir.slice(0, parent);
  }
}

/** Every installed path a set of top-level packages brings, themselves included. */
export function closure(names: string[]) {
  const seen = new Set<string>();
  const queue = names.map((name) => resolve(name, "")).filter((p): p is string => Boolean(p));
  while (queue.length > 0) {
    const at = queue.pop() ?? "";
    if (seen.has(at)) continue;
    seen.add(at);
    const entry = lock.packages[at] ?? {};
    for (const dep of Object.keys({ ...entry.dependencies, ...entry.optionalDependencies })) {
      const found = resolve(dep, at);
      if (found && !seen.has(found)) queue.push(found);
    }
  }
  return seen;
}

function diskBytes(paths: string[]) {
  const existing = paths.map((p) => path.join(root, p)).filter((p) => fs.existsSync(p));
  if (existing.length === 0) return 0;
  // Nested node_modules of a package are counted under their own path, not twice.
  const output = execFileSync("du", ["-sb", "--exclude=node_modules", ...existing], { encoding: "utf8" });
  return output
    .trim()
    .split("\n")
    .reduce((sum, line) => sum + Number(line.split("\t")[0]), 0);
}

/** The weight of `name` on top of the production dependencies in package.json. */
export function packageWeight(name: string) {
  const manifest = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  const ours = closure(Object.keys(manifest.dependencies));
  const all = [...closure([name])];
  const added = all.filter((p) => !ours.has(p));
  return { packages: all.length, added: added.length, addedBytes: diskBytes(added), names: added };
}
