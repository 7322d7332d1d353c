/**
 * "Now" for tests of figures that depend on the time: TEST_NOW when it is set (CI runs those suites a second
 * time at 00:30 on the 1st of a month in London, the hours a back-dated request falls in the month before),
 * the real time otherwise. The code under test takes it as its `now`; times the test writes into the
 * database are set relative to it, never to the database's own now().
 */
export function testNow() {
  const fixed = process.env.TEST_NOW;
  if (!fixed) return new Date();
  const at = new Date(fixed);
  if (Number.isNaN(at.getTime())) throw new Error(`TEST_NOW is not a time: ${fixed}`);
  return at;
}

/** The instant `ms` milliseconds before `now`. */
export const before = (now: Date, ms: number) => new Date(now.getTime() - ms);
