import { eq } from "drizzle-orm";
import { data, type RouterContextProvider } from "react-router";
import { noteSchema } from "#app/desk/form-schemas.ts";
import { forgetMonthFigures } from "#app/desk/inbox/figures.server.ts";
import { readFormData } from "#app/desk/read-form.server.ts";
import {
  addNote,
  assignOwner,
  changeStatus,
  mergeProblem,
  mergeRequests,
  recordReply,
  releaseFromSpam,
  retryNotifications,
} from "#app/desk/request/changes.server.ts";
import { followUpIntents } from "#app/desk/request/follow-up.server.ts";
import {
  type ActionReply,
  type Intent,
  type Reply,
  type RequestOnPage,
  readPost,
  refused,
  stale,
  type Work,
} from "#app/desk/request/intents.server.ts";
import {
  confirmOrder,
  orderMessages,
  queryAcceptance,
  readOrder,
  unansweredBeforeWon,
} from "#app/desk/request/order.server.ts";
import { sendReply } from "#app/desk/request/replies.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { readCc } from "#app/mail-out/cc.ts";
import { applyChange } from "#app/request/lifecycle.server.ts";
import { canMove, statusLabels } from "#app/request/status.ts";
import { quotes, staffUser } from "#db/schema.ts";

const intents: { [K in Intent["intent"]]: (work: Work, input: Extract<Intent, { intent: K }>) => Promise<Reply> } = {
  async status({ db, quote, staff, typed, change }, input) {
    if (quote.status !== input.status && !canMove(quote.status, input.status, "staff"))
      return refused("status", "Use “Not spam” to take a request out of spam");
    if (input.status === "lost" && !input.lostReason) return refused("lostReason", "Choose why it was lost");
    const order = readOrder(input);
    if (input.status === "won" && !order) return refused("orderValue", orderMessages.value, typed);
    const unanswered = input.status === "won" ? await unansweredBeforeWon(db, quote.id, input) : null;
    if (unanswered) return refused("closeUnanswered", orderMessages.unanswered(unanswered), typed);
    const outcome = await change(async (tx) => ({
      changed: await changeStatus(tx, quote.id, input.status, staff, input.lostReason, order),
    }));
    if (outcome.stale) return stale(outcome.latest, typed);
    if (outcome.result.changed) forgetMonthFigures(db);
    const message = outcome.result.changed
      ? `Status changed to ${statusLabels[input.status]}.`
      : "The status was already that.";
    return { ok: true, message };
  },

  async "confirm-order"({ db, services, quote, staff, typed, change }, input) {
    const order = readOrder(input);
    if (!order) return refused("orderValue", orderMessages.value, typed);
    if (quote.status !== "accepted") return refused("intent", "This request is no longer waiting for confirmation.");
    const unanswered = await unansweredBeforeWon(db, quote.id, input);
    if (unanswered) return refused("closeUnanswered", orderMessages.unanswered(unanswered), typed);
    const outcome = await change(async (tx) => {
      const confirmed = await confirmOrder(tx, quote, order, staff, input.tellBuyer === "yes");
      return { changed: confirmed.moved, ...confirmed };
    });
    if (outcome.stale) return stale(outcome.latest, typed);
    forgetMonthFigures(db);
    if (!outcome.result.queued) return { ok: true, message: "Order confirmed: the request is Won." };
    services.outbox.kick();
    return { ok: true, message: "Order confirmed: the request is Won, and the buyer's confirmation is on its way." };
  },

  async query({ quote, staff, typed, change }, input) {
    if (quote.status !== "accepted") return refused("intent", "This request is no longer waiting for confirmation.");
    const outcome = await change(async (tx) => ({ changed: await queryAcceptance(tx, quote.id, input.note, staff) }));
    if (outcome.stale) return stale(outcome.latest, typed);
    return { ok: true, message: "Queried: the request is In progress again, with your note." };
  },

  async note({ quote, staff, typed, change }, input) {
    const note = noteSchema.safeParse({ note: input.note });
    if (!note.success) return refused("note", note.error.issues[0]?.message ?? "Write a note first", typed);
    const outcome = await change(async (tx) => {
      await addNote(tx, quote.id, note.data.note, staff);
      return { changed: true };
    });
    if (outcome.stale) return stale(outcome.latest, typed);
    return { ok: true, intent: "note", message: "Note added." };
  },

  async reply({ quote, staff, typed, change }, input) {
    const outcome = await change(async (tx) => ({
      changed: true,
      first: await recordReply(tx, quote.id, input.channel, staff),
    }));
    if (outcome.stale) return stale(outcome.latest, typed);
    return {
      ok: true,
      message: outcome.result.first ? "Phone call recorded as the first reply." : "Phone call recorded.",
    };
  },

  async "send-reply"({ services, quote, staff, typed, change }, input) {
    const cc = readCc(input.cc);
    if (!cc.ok) return refused("cc", cc.message, typed);
    const outcome = await change(async (tx) => {
      await sendReply(tx, quote, { ...input, cc: cc.cc }, staff, services.config.site);
      return { changed: true };
    });
    if (outcome.stale) return stale(outcome.latest, typed);
    services.outbox.kick();
    return { ok: true, intent: "send-reply", message: "Reply on its way to the buyer." };
  },

  async release({ services, quote, staff, typed, change }) {
    const outcome = await change(async (tx) => {
      const result = await releaseFromSpam(tx, quote.id, staff, Boolean(services.config.quoteForwardUrl));
      return { changed: result.released, ...result };
    });
    if (outcome.stale) return stale(outcome.latest, typed);
    const result = outcome.result;
    if (result.queued > 0) services.outbox.kick();
    const message = !result.released
      ? "This request is not marked as spam."
      : result.cleared
        ? "Marked as not spam."
        : result.queued > 0
          ? "Moved to New; the notification is on its way."
          : "Moved to New. Its notification was sent before, so it is not sent again.";
    return { ok: result.released, message };
  },

  async retry({ services, quote, staff, typed, change }) {
    const outcome = await change(async (tx) => {
      const due = await retryNotifications(tx, quote.id, staff);
      return { changed: due > 0, due };
    });
    if (outcome.stale) return stale(outcome.latest, typed);
    if (outcome.result.due > 0) services.outbox.kick();
    const due = outcome.result.due > 0;
    return { ok: due, message: due ? "Trying again now." : "Nothing is waiting to be sent." };
  },

  ...followUpIntents,

  async assign({ db, services, quote, staff, form, typed, change }, input) {
    const ownerId = input.owner === "me" ? staff.id : input.owner || null;
    if (ownerId === staff.id && quote.ownerId && quote.ownerId !== staff.id && form.confirmed !== "yes") {
      const [owner] = await db.select({ name: staffUser.name }).from(staffUser).where(eq(staffUser.id, quote.ownerId));
      if (owner) return { ok: true, message: "", confirmTake: { ownerName: owner.name } };
    }
    const outcome = await change((tx) => assignOwner(tx, quote, ownerId, staff));
    if (outcome.stale) return stale(outcome.latest, typed);
    if (!outcome.result.known) return refused("owner", "Choose someone from the list");
    if (outcome.result.queued) services.outbox.kick();
    const message = !outcome.result.changed
      ? "It was already theirs."
      : ownerId === staff.id
        ? quote.ownerId
          ? "It is yours now; they have been sent an e-mail."
          : "It is yours now."
        : ownerId
          ? "Assigned; they have been sent an e-mail."
          : "It has no owner now.";
    return { ok: true, message };
  },

  /** Asks first (naming the other request), then merges it in. */
  async merge({ db, quote, staff, form, change }, input) {
    if (form.confirmed !== "yes") {
      const [other] = await db.select().from(quotes).where(eq(quotes.reference, input.other));
      if (!other)
        return refused("other", `There is no request with the reference ${input.other}.`, { other: input.other });
      const problem = mergeProblem(quote, other);
      if (problem) return refused("other", problem, { other: input.other });
      return { ok: true, message: "", confirmMerge: { reference: other.reference, customerName: other.customerName } };
    }
    const outcome = await change((tx) => mergeRequests(tx, quote, input.other, staff));
    if (outcome.stale) return stale(outcome.latest, { other: input.other });
    if (outcome.result.problem) return refused("other", outcome.result.problem, { other: input.other });
    return { ok: true, intent: "merge", message: `${outcome.result.reference} is merged into this request.` };
  },
};

/** Everything staff do on a request page; each writes its entry in the request's timeline. */
export async function requestPageAction(
  request: Request,
  context: Readonly<RouterContextProvider>,
  quote: RequestOnPage,
): Promise<Reply> {
  const services = context.get(servicesContext);
  const db = services.database.db;
  const form = Object.fromEntries(await readFormData(request));
  const post = readPost(form, quote);
  if (post.refused)
    return answered(post.refused, { intent: typeof form.intent === "string" ? form.intent : undefined });
  let version: number | undefined;
  const change: Work["change"] = async (work) => {
    const outcome = await applyChange(db, quote.id, post.seen, work);
    if (!outcome.stale) version = outcome.version;
    return outcome;
  };
  const staff = context.get(staffContext);
  const handle = intents[post.input.intent] as (work: Work, input: Intent) => Promise<Reply>;
  const reply = await handle({ services, db, staff, quote, form, typed: post.typed, change }, post.input);
  return answered(reply, { intent: post.input.intent, version });
}

/** Every answer names the action it answers (the page shows it beside that control) and the version it left. */
function answered(reply: Reply, about: { intent: string | undefined; version?: number }): Reply {
  if (reply instanceof Response) return reply;
  const extra = {
    ...(about.intent === undefined ? {} : { intent: about.intent.slice(0, 40) }),
    ...(about.version === undefined ? {} : { version: about.version }),
  };
  if ("data" in reply && "init" in reply)
    return data<ActionReply>({ ...reply.data, ...extra }, reply.init ?? undefined);
  return { ...reply, ...extra };
}
