import { redirect } from "react-router";
import { forgetMonthFigures } from "#app/desk/inbox/figures.server.ts";
import { chosenChaser, queueChaser } from "#app/desk/request/chaser.server.ts";
import { type Intent, type Reply, refused, stale, type Work } from "#app/desk/request/intents.server.ts";
import { formatDay, londonDay } from "#app/lib/london-time.ts";
import { reissueQuotation } from "#app/quotation/reissue.server.ts";
import { quoteAgain } from "#app/quotation/requote.server.ts";
import { nextContactDay, snoozeChase } from "#app/request/chase.server.ts";

// What a request page does once a quotation has gone: chase the buyer (snooze, a chaser), re-issue an
// expired quotation, and quote a closed one again (app/desk/request/action.server.ts runs them).

type FollowUp = "snooze" | "reissue" | "chaser" | "quote-again";
type Handler<K extends FollowUp> = (work: Work, input: Extract<Intent, { intent: K }>) => Promise<Reply>;

export const followUpIntents: { [K in FollowUp]: Handler<K> } = {
  async snooze({ services, quote, staff, typed, change }) {
    if (quote.status !== "quoted") return refused("intent", "Only a quoted request is chased.");
    const day = await nextContactDay(londonDay(), services.config);
    const outcome = await change((tx) => snoozeChase(tx, quote.id, day, staff));
    return outcome.stale ? stale(outcome.latest, typed) : { ok: true, message: `Next contact on ${formatDay(day)}.` };
  },

  /** A chaser to the buyer from a saved reply, with a fresh link to the latest revision online. */
  async chaser({ services, db, quote, staff, typed, change }, input) {
    if (quote.status !== "quoted") return refused("intent", "Only a quoted request is chased.");
    const chaser = await chosenChaser(db, input.chaser);
    if (!chaser) return refused("chaser", "Choose a chaser from the list.");
    const nextContact = await nextContactDay(londonDay(), services.config);
    const outcome = await change(async (tx) => {
      const queued = await queueChaser(tx, quote, chaser, staff, {
        site: services.config.site,
        nextContactDay: nextContact,
      });
      return { changed: queued !== undefined, queued };
    });
    if (outcome.stale) return stale(outcome.latest, typed);
    if (!outcome.result.queued) return refused("intent", "There is no sent quotation to chase.");
    services.outbox.kick();
    return {
      ok: true,
      message: `Chaser about ${outcome.result.queued.revision} on its way to the buyer. Next contact on ${formatDay(nextContact)}.`,
    };
  },

  async reissue({ services, db, quote, staff, typed, change }) {
    if (quote.status !== "expired") return refused("intent", "Only an expired quotation is re-issued.");
    const { site, quotation } = services.config;
    const today = londonDay();
    const options = {
      today,
      validityDays: quotation.validityDays,
      deliveryTerms: quotation.deliveryTerms,
      nextContactDay: await nextContactDay(today, services.config),
    };
    const outcome = await change(async (tx) => {
      const done = await reissueQuotation(tx, quote, staff, site, options);
      return { changed: done.ok, done };
    });
    if (outcome.stale) return stale(outcome.latest, typed);
    if (!outcome.result.done.ok) return refused("intent", outcome.result.done.message);
    services.outbox.kick();
    forgetMonthFigures(db);
    return { ok: true, message: `Re-issued as ${outcome.result.done.revision}: it is on its way to the buyer.` };
  },

  /** A repeat order: a new request for the same buyer with a draft from the old lines; the rep lands in its editor. */
  async "quote-again"({ services, db, quote, staff, typed, change }) {
    const { quotation } = services.config;
    const options = {
      today: londonDay(),
      validityDays: quotation.validityDays,
      deliveryTerms: quotation.deliveryTerms,
    };
    const outcome = await change(async (tx) => {
      const made = await quoteAgain(tx, quote.id, staff, options);
      return { changed: made.ok, made };
    });
    if (outcome.stale) return stale(outcome.latest, typed);
    if (!outcome.result.made.ok) return refused("intent", outcome.result.made.message);
    forgetMonthFigures(db);
    return redirect(`/desk/quotes/${outcome.result.made.reference}/quotation`);
  },
};
