// When the outbox tries a message again: see startOutboxWorker (outbox.server.ts), which applies it.

export const maxAttempts = 10;

const minute = 60_000;
const hour = 60 * minute;

// After try n the next one waits retryDelays[n - 1]: the 8th try comes after more than 24 hours (an
// outage of a whole day is survived) and the 10th, the last, after about three days.
const retryDelays = [minute, 5 * minute, 15 * minute, hour, 3 * hour, 6 * hour, 14 * hour, 24 * hour, 24 * hour];

/** Delay before the next try after `attempts` failed ones; up to 20 % longer so a backlog spreads out. */
export function retryDelayMs(attempts: number, random: () => number = Math.random) {
  const base = retryDelays[Math.min(Math.max(attempts, 1), retryDelays.length) - 1] ?? hour;
  return Math.round(base * (1 + 0.2 * random()));
}

/** Ages at which the plain schedule makes its tries: 0, 1 min, 6 min, 21 min, 1 h 21 min, … */
const scheduledAges = retryDelays.map((_, i) => retryDelays.slice(0, i).reduce((sum, delay) => sum + delay, 0));
scheduledAges.push(retryDelays.reduce((sum, delay) => sum + delay, 0));
/** A message is given up only once it is this old, however many tries were brought forward. */
export const giveUpAgeMs = scheduledAges.at(-1) ?? 3 * 24 * hour;
/** An emergency request is retried at least this often in its first hour. */
const emergencyRetryMs = minute;
const emergencyWindowMs = hour;

/**
 * The wait after a failed try. Emergency requests: under a minute for their first hour. Otherwise the
 * schedule by tries made, but never further along than the message's age: tries brought forward
 * (emergency, or the mail server coming back) do not stretch the gaps after them.
 */
export function nextRetryDelayMs(
  message: { attempts: number; ageMs: number; emergency: boolean },
  random: () => number = Math.random,
) {
  if (message.emergency && message.ageMs < emergencyWindowMs) {
    return Math.round(emergencyRetryMs * (0.75 + 0.25 * random()));
  }
  const triesDue = scheduledAges.filter((age) => age <= message.ageMs).length;
  return retryDelayMs(Math.min(message.attempts, Math.max(triesDue, 1)), random);
}
