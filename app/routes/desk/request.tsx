import { data, type ShouldRevalidateFunction, useNavigation } from "react-router";
import { cardClass } from "#app/components/card.ts";
import { requestPageAction } from "#app/desk/request/action.server.ts";
import { AnswerSpot, useLatestActionReply } from "#app/desk/request/answers.tsx";
import { ChasePanel } from "#app/desk/request/chase-panel.tsx";
import { chasersOnPage } from "#app/desk/request/chaser.server.ts";
import { Conversation } from "#app/desk/request/conversation.tsx";
import { AcceptedNotice, OnlinePanel } from "#app/desk/request/order-panel.tsx";
import { OwnerPanel } from "#app/desk/request/owner-panel.tsx";
import { customerHistory, findRequest, staffList } from "#app/desk/request/read.server.ts";
import { QuoteAgainForm, RepeatLinks } from "#app/desk/request/repeat-panel.tsx";
import { listSavedReplies, messagesOf, placeholderValues } from "#app/desk/request/replies.server.ts";
import { RecordReplyButton, ReplyPanel } from "#app/desk/request/reply-panel.tsx";
import { MergedNotice, RequestHeading, SpamNotice } from "#app/desk/request/request-header.tsx";
import { NoteForm, NotificationPanel, RequestAsSent, StatusForm } from "#app/desk/request/request-panels.tsx";
import { HistoryPanel, QuotationsPanel } from "#app/desk/request/team-panels.tsx";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { answerSubject } from "#app/mail-out/thread.server.ts";
import { fillPlaceholders } from "#app/quotation/draft.ts";
import { onlineStates } from "#app/quotation/online.server.ts";
import { deliveryStates, quotationsOf } from "#app/quotation/quotation.server.ts";
import { referencePattern, revisionPattern } from "#app/request/reference.server.ts";
import { isClosed } from "#app/request/status.ts";
import type { Route } from "./+types/request";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.reference} · Quote desk` },
  { name: "robots", content: "noindex, nofollow" },
];

async function load(context: Route.LoaderArgs["context"], reference: string) {
  const found = referencePattern.test(reference)
    ? await findRequest(context.get(servicesContext).database.db, reference)
    : undefined;
  if (!found) throw data(`404: There is no request with the reference ${reference.slice(0, 40)}.`, { status: 404 });
  return found;
}

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const found = await load(context, params.reference);
  const db = context.get(servicesContext).database.db;
  const url = new URL(request.url);
  const [history, staff, quotations, deliveries, savedReplies, messages, online, chasing] = await Promise.all([
    customerHistory(db, found.quote),
    staffList(db),
    quotationsOf(db, found.quote.id),
    deliveryStates(db, found.quote.id),
    listSavedReplies(db),
    messagesOf(db, found.quote.id),
    onlineStates(db, found.quote.id),
    chasersOnPage(db, found.quote, url.searchParams.get("chaser")),
  ]);
  const sent = url.searchParams.get("sent");
  const chosen = savedReplies.find((reply) => String(reply.id) === url.searchParams.get("reply"));
  const values = placeholderValues(found.quote);
  // A blank reply answers the buyer's latest e-mail, so it reads as one thread in their mail program.
  const buyerLatest = messages.find((m) => m.direction === "in" && !m.automatic);
  return {
    ...found,
    history,
    staff,
    quotations: quotations.map(({ draft: _draft, content: _content, ...row }) => row),
    deliveries: Object.fromEntries(deliveries),
    savedReplies: savedReplies.map(({ id, title }) => ({ id, title })),
    chosenReply: chosen && {
      id: chosen.id,
      subject: fillPlaceholders(chosen.subject, values),
      body: fillPlaceholders(chosen.body, values),
    },
    answering: buyerLatest && { subject: answerSubject(buyerLatest.subject, found.quote.reference), body: "" },
    messages,
    online,
    chasing,
    sentMessage: sent && revisionPattern.test(sent) ? `Quotation ${sent} is on its way to the buyer.` : undefined,
    me: context.get(staffContext).id,
    now: new Date(),
    siteName: context.get(servicesContext).config.site.name,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { quote } = await load(context, params.reference);
  return requestPageAction(request, context, quote);
}

/**
 * A change refused as stale (409) brings the page up to date, keeping what was typed; so does one refused
 * for what was typed (422), so the page never lags behind a change made just before it.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionStatus, defaultShouldRevalidate }) =>
  actionStatus === 409 || actionStatus === 422 || defaultShouldRevalidate;

export default function RequestPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, files, notifications, events, history, mergedIntoReference } = loaderData;
  const busy = useNavigation().state === "submitting";
  const { message, version } = useLatestActionReply(actionData, loaderData.sentMessage, loaderData.quote.version);
  const quote = { ...loaderData.quote, version };
  return (
    <>
      <RequestHeading quote={quote} now={new Date(loaderData.now)} />
      <RepeatLinks repeats={loaderData.repeats} />
      {/* A merged request shows no forms: every answer (a refusal of what was sent meanwhile) shows here. */}
      <AnswerSpot place="top" message={mergedIntoReference && message ? { ...message, intent: undefined } : message} />
      {mergedIntoReference ? (
        <MergedNotice into={mergedIntoReference} unsent={message && !message.ok ? message.values : undefined} />
      ) : null}
      <AcceptedNotice reference={quote.reference} status={quote.status} rows={loaderData.online} />
      {quote.spamReasons.length > 0 ? <SpamNotice quote={quote} busy={busy} /> : null}
      <AnswerSpot place="spam" message={message} />

      <div className="mt-4 grid grid-cols-1 items-start gap-4 lg:grid-cols-[3fr_2fr]">
        {/* Two columns on a wide screen, each packed from the top; on a phone, one in reading order. */}
        <RequestAsSent quote={quote} lines={lines} files={files.filter((file) => file.messageId === null)} />
        {mergedIntoReference ? null : <WorkPanel page={loaderData} quote={quote} message={message} busy={busy} />}
        <div className="min-w-0 lg:col-start-1 lg:row-span-3 lg:row-start-2">
          <Conversation receivedAt={quote.createdAt} events={events} messages={loaderData.messages} files={files} />
        </div>
        {mergedIntoReference ? null : (
          <div className="min-w-0 space-y-4 lg:col-start-2 lg:row-start-3">
            <AnswerSpot place="quotations" message={message} />
            <QuotationsPanel
              reference={quote.reference}
              quotations={loaderData.quotations}
              deliveries={loaderData.deliveries}
            />
            <OnlinePanel
              reference={quote.reference}
              status={quote.status}
              version={quote.version}
              rows={loaderData.online}
              message={message}
              busy={busy}
            />
            <AnswerSpot place="online" message={message} />
          </div>
        )}
        {mergedIntoReference ? null : (
          <div className="min-w-0 lg:col-start-1 lg:row-start-5">
            <HistoryPanel
              version={quote.version}
              reference={quote.reference}
              history={history}
              message={message}
              busy={busy}
            />
          </div>
        )}
        <NotificationPanel
          notifications={notifications}
          spam={quote.status === "spam"}
          version={quote.version}
          message={message}
          busy={busy}
        />
      </div>
    </>
  );
}

type PageData = Route.ComponentProps["loaderData"];

/** "Work on it": every form that moves the request on, each with the spot where its answer shows. */
function WorkPanel({
  page,
  quote,
  message,
  busy,
}: {
  page: PageData;
  quote: PageData["quote"];
  message: ReturnType<typeof useLatestActionReply>["message"];
  busy: boolean;
}) {
  const latestSent = page.quotations.find((row) => row.revision !== null)?.revision;
  const subject = `Your quote request ${quote.reference} — ${page.siteName}`;
  const mailto = `mailto:${encodeURIComponent(quote.email)}?subject=${encodeURIComponent(subject)}`;
  return (
    <section
      aria-labelledby="work-heading"
      className={`${cardClass} min-w-0 lg:col-start-2 lg:row-span-2 lg:row-start-1`}
    >
      <h2 id="work-heading" className="text-lg font-bold text-navy">
        Work on it
      </h2>
      <OwnerPanel
        version={quote.version}
        ownerId={quote.ownerId}
        ownerName={page.ownerName}
        me={page.me}
        staff={page.staff}
        message={message}
        busy={busy}
      />
      <ReplyPanel
        version={quote.version}
        saved={page.savedReplies}
        chosen={page.chosenReply?.id}
        prefill={page.chosenReply ?? page.answering}
        mailto={mailto}
        message={message}
        busy={busy}
      />
      <AnswerSpot place="reply" message={message} />
      <RecordReplyButton version={quote.version} />
      <AnswerSpot place="phone" message={message} />
      {quote.status !== "spam" ? <StatusForm quote={quote} message={message} busy={busy} /> : null}
      <AnswerSpot place="status" message={message} />
      <ChasePanel quote={quote} chasers={page.chasing.chasers} preview={page.chasing.preview} busy={busy} />
      <AnswerSpot place="chase" message={message} />
      {isClosed(quote.status) && latestSent ? (
        <QuoteAgainForm version={quote.version} revision={`${quote.reference}/${latestSent}`} busy={busy} />
      ) : null}
      <AnswerSpot place="again" message={message} />
      <NoteForm version={quote.version} message={message} busy={busy} />
      <AnswerSpot place="note" message={message} />
    </section>
  );
}
