import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { useFetcher, useLocation } from "react-router";
import type { ActionReply } from "#app/desk/request/intents.server.ts";
import { AnswerNote } from "#app/quotation/answer-note.tsx";

// Each answer of the request page appears beside the control that caused it and takes the focus (as the
// quotation editor's do); without scripts the form's address ends in the answer's #id, which scrolls to it.

/** Where on the page each action is answered; anything else is answered at the top. */
const places = {
  assign: "owner",
  "send-reply": "reply",
  reply: "phone",
  status: "status",
  note: "note",
  release: "spam",
  retry: "notify",
  snooze: "chase",
  chaser: "chase",
  "quote-again": "again",
  reissue: "chase",
  merge: "merge",
  "confirm-order": "online",
  query: "online",
  quotation: "quotations",
} as const;
export type AnswerPlace = (typeof places)[keyof typeof places] | "top";

export const placeOf = (intent: string | undefined): AnswerPlace =>
  (intent && places[intent as keyof typeof places]) || "top";

export const answerId = (place: AnswerPlace) => `answer-${place}`;

/**
 * A form's action: this page (with its query, such as the saved reply chosen, less any `without` names) and
 * the place of its answer.
 */
export function useAnswerAction(place: AnswerPlace, without: string[] = []) {
  const query = new URLSearchParams(useLocation().search);
  for (const name of without) query.delete(name);
  const search = query.toString();
  return `${search ? `?${search}` : ""}#${answerId(place)}`;
}

/** A form's ref that empties the form once its own action succeeded (a note added, a reply sent), for the next. */
export function useResetAfterSuccess(message: ActionReply | undefined, intent: string) {
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (message?.ok && message.intent === intent) form.current?.reset();
  }, [message, intent]);
  return form;
}

/** An answer as the page shows it: `seq` tells a new answer from the same words answered again. */
export type ShownReply = ActionReply & { seq: number };

/**
 * The answer to whichever action came last (the phone call's button posts without navigating, the others
 * as forms), and the version of the request the page's next change must carry: the loader's, or a newer one
 * an answer left when the reload after it was cut short by the next action.
 */
export function useLatestActionReply(
  actionData: ActionReply | undefined,
  sentMessage: string | undefined,
  loaderVersion: number,
) {
  const phoned = useFetcher<ActionReply>({ key: "reply" });
  const [message, setMessage] = useState<ShownReply | undefined>(() => {
    const first = actionData ?? (sentMessage ? { ok: true, intent: "quotation", message: sentMessage } : undefined);
    return first && { ...first, seq: 0 };
  });
  const [answered, setAnswered] = useState(0);
  const show = useCallback((reply: ActionReply) => {
    setMessage((previous) => ({ ...reply, seq: (previous?.seq ?? 0) + 1 }));
    if (reply.version) setAnswered((seen) => Math.max(seen, reply.version ?? 0));
  }, []);
  useEffect(() => {
    if (phoned.data) show(phoned.data);
  }, [phoned.data, show]);
  useEffect(() => {
    if (actionData) show(actionData);
  }, [actionData, show]);
  return { message, version: Math.max(loaderVersion, answered) };
}

/**
 * The spot of one place's answers: the answer, and a confirmation the action asked for (`children`), both only
 * when the latest answer is this place's. The answer takes the focus when it appears.
 */
export function AnswerSpot({
  place,
  message,
  children,
}: {
  place: AnswerPlace;
  message: ShownReply | undefined;
  children?: ReactNode;
}) {
  const mine = message !== undefined && placeOf(message.intent) === place;
  return (
    <div id={answerId(place)} className="scroll-mt-24">
      {mine && message.message ? (
        <AnswerNote key={message.seq} id={`${answerId(place)}-note`} ok={message.ok} className="mt-2">
          {message.message}
        </AnswerNote>
      ) : null}
      {mine ? children : null}
    </div>
  );
}
