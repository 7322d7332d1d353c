// What Lighthouse counts as blocking, read from its trace; used by scripts/bench-lighthouse.ts.

export type TraceEvent = {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  tdur?: number;
};

/**
 * Total blocking time as Lighthouse sums it (each main-thread task after the first paint, times 4, less 50 ms),
 * but over each task's CPU time instead of its wall-clock time: what the page itself costs, whatever else the
 * machine was doing.
 */
export function cpuBlockingTime(events: TraceEvent[]) {
  const paint = events.find((e) => e.name === "firstContentfulPaint");
  if (!paint) return Number.NaN;
  return events
    .filter((e) => e.pid === paint.pid && e.tid === paint.tid && e.ph === "X" && e.name === "RunTask")
    .filter((e) => e.ts >= paint.ts)
    .reduce((sum, e) => sum + Math.max(0, ((e.tdur ?? e.dur ?? 0) / 1000) * 4 - 50), 0);
}
