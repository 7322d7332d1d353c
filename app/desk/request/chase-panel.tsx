import { Form } from "react-router";
import { button } from "#app/components/button.ts";
import { useAnswerAction } from "#app/desk/request/answers.tsx";
import { VersionField } from "#app/desk/request/team-panels.tsx";
import { formatDateTime } from "#app/lib/london-time.ts";
import type { QuoteStatus } from "#db/statuses.ts";

/** A quoted request's next contact with the buyer and its snooze; an expired one's re-issue. */
export function ChasePanel({
  quote,
  busy,
}: {
  quote: { status: QuoteStatus; version: number; nextContactAt: Date | string | null };
  busy: boolean;
}) {
  const action = useAnswerAction("chase");
  if (quote.status === "quoted")
    return (
      <Form method="post" action={action} className="mt-4 flex flex-wrap items-center gap-2">
        <VersionField version={quote.version} />
        <input type="hidden" name="intent" value="snooze" />
        <p>
          {quote.nextContactAt
            ? `Chase the buyer from ${formatDateTime(quote.nextContactAt)}.`
            : "No date set to chase the buyer."}
        </p>
        <button type="submit" className={button({ variant: "quiet" })} disabled={busy}>
          Snooze
        </button>
      </Form>
    );
  if (quote.status === "expired")
    return (
      <Form method="post" action={action} className="mt-4 flex flex-wrap items-center gap-2">
        <VersionField version={quote.version} />
        <input type="hidden" name="intent" value="reissue" />
        <p>The quotation expired unanswered.</p>
        <button type="submit" className={button({ variant: "steel" })} disabled={busy}>
          Re-issue with new dates
        </button>
      </Form>
    );
  return null;
}
