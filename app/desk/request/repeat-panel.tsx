import { Form, Link } from "react-router";
import { button } from "#app/components/button.ts";
import { useAnswerAction } from "#app/desk/request/answers.tsx";
import { VersionField } from "#app/desk/request/team-panels.tsx";

const linkClass = "font-mono font-semibold text-steel underline underline-offset-2";

/** The request this one quotes again, and those that quoted it again: a repeat order's history. */
export function RepeatLinks({ repeats }: { repeats: { of: string | null; again: string[] } }) {
  if (!repeats.of && repeats.again.length === 0) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1" aria-label="Repeat orders">
      {repeats.of ? (
        <li>
          Repeat of{" "}
          <Link to={`/desk/quotes/${repeats.of}`} className={linkClass}>
            {repeats.of}
          </Link>
        </li>
      ) : null}
      {repeats.again.map((reference) => (
        <li key={reference}>
          Quoted again as{" "}
          <Link to={`/desk/quotes/${reference}`} className={linkClass}>
            {reference}
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** A closed request with a quotation starts a repeat order: a new request with the same lines to price. */
export function QuoteAgainForm({ version, revision, busy }: { version: number; revision: string; busy: boolean }) {
  const action = useAnswerAction("again");
  return (
    <Form method="post" action={action} className="mt-4">
      <VersionField version={version} />
      <input type="hidden" name="intent" value="quote-again" />
      <p id="quote-again-hint">
        A new request for this buyer, yours, with a draft quotation of {revision}'s lines and prices and new dates.
      </p>
      <button
        type="submit"
        aria-describedby="quote-again-hint"
        className={button({ variant: "quiet", className: "mt-2" })}
        disabled={busy}
      >
        Quote again
      </button>
    </Form>
  );
}
