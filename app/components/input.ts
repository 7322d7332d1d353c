import { cn } from "#app/lib/cn.ts";

const inputBase = "block w-full rounded-md border border-slate-400 bg-white px-3 py-2.5";

/** Class names for a text box, list box or text area, the site's and the desk's alike; className wins clashes. */
export function input({ className }: { className?: string } = {}) {
  return cn(inputBase, className);
}
