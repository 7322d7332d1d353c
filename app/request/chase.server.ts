import { eq, sql } from "drizzle-orm";
import { type ClosureRange, closedDays, closureLength } from "#app/lib/opening-hours.server.ts";
import { addDays, weekdayOf } from "#app/lib/opening-hours.ts";
import { type Actor, timelineEvent } from "#app/request/timeline.ts";
import { quoteEvents, quotes } from "#db/schema.ts";
import type { Tx } from "#db/types.ts";

// When the desk next contacts the buyer about an open quotation, counted in working days: Monday to Friday,
// England and Wales bank holidays and the site's own closures (SITE_CLOSURES) excluded.

/** The day (YYYY-MM-DD) `count` working days after `day` (before it, for a negative count). */
export async function addWorkingDays(day: string, count: number, closures: readonly ClosureRange[] = []) {
  const step = count < 0 ? -1 : 1;
  // Wide enough for any run of weekends, holidays and closures the count can cross.
  const span = Math.abs(count) * 2 + 14 + closures.reduce((sum, range) => sum + closureLength(range), 0);
  const [from, to] = step > 0 ? [day, addDays(day, span)] : [addDays(day, -span), day];
  const closed = await closedDays(from, to, closures);
  let current = day;
  for (let left = Math.abs(count); left > 0; ) {
    current = addDays(current, step);
    const weekday = weekdayOf(current);
    if (weekday !== 0 && weekday !== 6 && !closed.has(current)) left--;
  }
  return current;
}

/** The day the desk next contacts the buyer after something went to them on `today`: `chaseDays` working days on. */
export const nextContactDay = (
  today: string,
  config: { quotation: { chaseDays: number }; closures?: readonly ClosureRange[] },
) => addWorkingDays(today, config.quotation.chaseDays, config.closures);

/** The first moment of a UK day, as the database keeps instants. */
export const londonMidnight = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/London'`;

/** The request's next contact with the buyer: the start of that UK day (due from then on). */
export async function setNextContact(tx: Tx, quoteId: number, day: string) {
  await tx
    .update(quotes)
    .set({ nextContactAt: londonMidnight(day) })
    .where(eq(quotes.id, quoteId));
}

/** Staff put off chasing the buyer until `day`: the request leaves the To chase list until then. */
export async function snoozeChase(tx: Tx, quoteId: number, day: string, actor: Actor) {
  await setNextContact(tx, quoteId, day);
  await tx.insert(quoteEvents).values(timelineEvent(quoteId, actor, "snoozed", { until: day }));
  return { changed: true };
}
