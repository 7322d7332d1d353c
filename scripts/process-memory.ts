// Memory of a server and every process it started (the embedded PostgreSQL's among them), Linux only.
import fs from "node:fs";

function children() {
  const byParent = new Map<number, number[]>();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // The command name sits in parentheses and may hold spaces: the parent pid is the second field after it.
      const stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
      const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      byParent.set(parent, [...(byParent.get(parent) ?? []), Number(entry)]);
    } catch {}
  }
  return byParent;
}

function kilobytes(file: string, field: string) {
  try {
    return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(file, "utf8"))?.[1] ?? 0);
  } catch {
    return 0;
  }
}

/**
 * In MB: the server's own resident memory, and the proportional set size of the whole tree (shared pages,
 * such as PostgreSQL's shared buffers, counted once across its processes rather than in each).
 */
export function processTreeMemory(pid: number) {
  const byParent = children();
  const tree = [pid];
  for (let i = 0; i < tree.length; i++) tree.push(...(byParent.get(tree[i] ?? 0) ?? []));
  const pss = tree.reduce((sum, p) => sum + kilobytes(`/proc/${p}/smaps_rollup`, "Pss"), 0);
  return { serverRss: kilobytes(`/proc/${pid}/status`, "VmRSS") / 1024, treePss: pss / 1024, processes: tree.length };
}
