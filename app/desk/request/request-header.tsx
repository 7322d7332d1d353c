import { Form, Link } from "react-router";
import { button } from "#app/components/button.ts";
import { spamReasonLabel } from "#app/desk/labels.ts";
import { useAnswerAction } from "#app/desk/request/answers.tsx";
import { VersionField } from "#app/desk/request/team-panels.tsx";
import { CustomerRepliedBadge, ResponseClock, StatusBadge, UrgencyBadge } from "#app/desk/ui.tsx";
import type { QuoteStatus } from "#db/statuses.ts";

type HeadedQuote = {
  reference: string;
  status: QuoteStatus;
  urgency: string;
  createdAt: Date | string;
  firstReplyAt: Date | string | null;
  customerRepliedAt: Date | string | null;
};

/** The way back, the reference and where the request stands. */
export function RequestHeading({ quote, now }: { quote: HeadedQuote; now: Date }) {
  const spam = quote.status === "spam";
  return (
    <>
      <p>
        <Link to={spam ? "/desk?status=spam" : "/desk"} className="font-semibold text-steel underline">
          ← Back to the {spam ? "spam folder" : "inbox"}
        </Link>
      </p>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <h1 className="font-mono text-2xl font-bold text-navy">{quote.reference}</h1>
        <StatusBadge status={quote.status} />
        <UrgencyBadge urgency={quote.urgency} />
        <CustomerRepliedBadge at={quote.customerRepliedAt} />
        <ResponseClock quote={quote} now={now} />
      </div>
    </>
  );
}

/** A merged request; words written on it while a colleague merged it (refused, never sent) are shown to copy. */
export function MergedNotice({ into, unsent }: { into: string; unsent?: Record<string, string> }) {
  const words = [unsent?.body, unsent?.note].filter((text) => text?.trim());
  return (
    <section aria-labelledby="merged-heading" className="mt-3 rounded-lg border border-steel bg-mist p-4">
      <h2 id="merged-heading" className="font-bold text-navy">
        Merged into{" "}
        <Link to={`/desk/quotes/${into}`} className="font-mono text-steel underline">
          {into}
        </Link>
      </h2>
      <p className="mt-1">Its parts lines and files are there now; work on that request.</p>
      {words.length > 0 ? (
        <div className="mt-3">
          <p className="font-semibold text-navy">What you wrote was not sent or kept; copy it to {into}:</p>
          {words.map((text) => (
            <p
              key={text}
              className="mt-1 rounded-md border border-slate-300 bg-white p-2 whitespace-pre-wrap break-words"
            >
              {text}
            </p>
          ))}
        </div>
      ) : null}
    </section>
  );
}

/** Why a request was held or flagged; staff who judge it is not spam say so here (a held one is released). */
export function SpamNotice({
  quote,
  busy,
}: {
  quote: { status: QuoteStatus; spamReasons: string[]; version: number };
  busy: boolean;
}) {
  const spam = quote.status === "spam";
  const action = useAnswerAction("spam");
  return (
    <section aria-labelledby="spam-heading" className="mt-3 rounded-lg border border-amber-600 bg-amber-50 p-4">
      <h2 id="spam-heading" className="font-bold text-amber-950">
        {spam ? "Held as spam" : "Possible spam"}
      </h2>
      <ul className="mt-1 list-disc pl-5">
        {quote.spamReasons.map((reason) => (
          <li key={reason}>{spamReasonLabel(reason)}</li>
        ))}
      </ul>
      <Form method="post" action={action} className="mt-3">
        <VersionField version={quote.version} />
        <input type="hidden" name="intent" value="release" />
        <button type="submit" className={button({ variant: "steel" })} disabled={busy}>
          Not spam
        </button>
      </Form>
    </section>
  );
}
