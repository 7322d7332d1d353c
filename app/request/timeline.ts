/**
 * Who did something to a request, as its timeline keeps them: a member of staff, or the system (no id),
 * named as it was at the time so the timeline still reads when the account is removed.
 */
export type Actor = { id: string | null; name: string };

/** The system, when nobody in particular did it: the buyer's e-mail arriving, say. */
export const systemActor = (name: string): Actor => ({ id: null, name });

/** A timeline entry, made by `actor`, to insert into quote_events (an append-only record of the request). */
export function timelineEvent(quoteId: number, actor: Actor, kind: string, detail: Record<string, unknown> = {}) {
  return { quoteId, actorId: actor.id, actorName: actor.name, kind, detail };
}
