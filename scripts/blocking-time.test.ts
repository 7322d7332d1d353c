import { describe, expect, it } from "vitest";
import { cpuBlockingTime, type TraceEvent } from "#scripts/blocking-time.ts";

const main = { pid: 1, tid: 7 };
const task = (ts: number, tdur: number, dur = tdur * 3): TraceEvent => ({
  name: "RunTask",
  ph: "X",
  ...main,
  ts,
  dur,
  tdur,
});

describe("cpuBlockingTime", () => {
  it("sums 4 × CPU time − 50 ms over the main thread's tasks after the first paint", () => {
    const events: TraceEvent[] = [
      task(0, 40_000), // before the paint: not counted
      { name: "firstContentfulPaint", ph: "R", ...main, ts: 100_000 },
      task(200_000, 30_000), // 120 ms at 4× → 70 ms blocking
      task(300_000, 10_000), // 40 ms at 4×: under 50, nothing
      { ...task(400_000, 30_000), tid: 9 }, // another thread: not counted
      { ...task(500_000, 20_000), name: "FunctionCall" }, // not a task of its own
    ];
    expect(cpuBlockingTime(events)).toBe(70);
  });

  it("is not a number when the trace has no first paint", () => {
    expect(cpuBlockingTime([task(0, 40_000)])).toBeNaN();
  });
});
