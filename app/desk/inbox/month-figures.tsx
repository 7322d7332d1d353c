import { Link } from "react-router";
import type { MonthFigures as Figures } from "#app/desk/inbox/figures.server.ts";
import type { PersonFigures } from "#app/desk/inbox/figures.ts";
import { formatDuration } from "#app/desk/labels.ts";
import { formatPence } from "#app/quotation/money.ts";
import { lostReasonLabels } from "#app/request/status.ts";
import type { LostReason } from "#db/statuses.ts";

const monthName = (since: Date | string) =>
  new Intl.DateTimeFormat("en-GB", { month: "long", year: "numeric", timeZone: "Europe/London" }).format(
    new Date(since),
  );
const percent = (value: number | null) => (value === null ? "—" : `${Math.round(value * 100)}%`);
const duration = (seconds: number | null) => (seconds === null ? "—" : formatDuration(seconds));

/** A month's requests, times to first reply, quotations, wins and losses, for the team and each person. */
export function MonthFigures({
  figures,
  previous,
  current,
}: {
  figures: Figures;
  /** The month before, as YYYY-MM; and whether this is the month we are in. */
  previous: string;
  current: boolean;
}) {
  const closed = figures.won + figures.lost + figures.expired;
  const reasons = Object.entries(figures.lostReasons).filter(([, count]) => count > 0);
  return (
    <section aria-labelledby="figures-heading" className="mt-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="figures-heading" className="text-lg font-bold text-navy">
          Figures for {monthName(figures.since)}
        </h2>
        <p className="flex flex-wrap gap-3 text-sm">
          <Link to={`?month=${previous}`} className="text-steel underline underline-offset-2 hover:text-navy">
            ← {monthName(`${previous}-15T12:00:00Z`)}
          </Link>
          {current ? null : (
            <Link to="/desk" className="text-steel underline underline-offset-2 hover:text-navy">
              This month
            </Link>
          )}
        </p>
      </div>
      <dl className="mt-2 grid grid-cols-3 gap-2 sm:gap-3">
        <Figure label="Requests" value={String(figures.received)} />
        <Figure label="Median time to first reply" value={duration(figures.medianSeconds)} />
        <Figure label="90% replied within" value={duration(figures.p90Seconds)} />
      </dl>
      <p className="mt-2 text-sm text-slate-700">
        Times to first reply count each unanswered request by its age so far ({figures.unanswered} unanswered). A first
        reply is a quotation or reply that left by e-mail, or a phone reply recorded.
      </p>
      <dl className="mt-3 grid grid-cols-2 gap-2 sm:grid-cols-4 sm:gap-3">
        <Figure label="Quotations sent" value={String(figures.quotationsSent)} />
        <Figure label="Value quoted (net)" value={formatPence(figures.quotedPence)} />
        <Figure label="Value won (net)" value={formatPence(figures.wonPence)} />
        <Figure label="Win rate" value={closed === 0 ? "—" : `${percent(figures.winRate)} of ${closed}`} />
        <Figure label="Win rate by value" value={percent(figures.winRateByValue)} />
        <Figure label="Lost" value={String(figures.lost)} />
        <Figure label="Expired" value={String(figures.expired)} />
        <Figure label="Quotation to order (median)" value={duration(figures.quoteToOrderSeconds)} />
      </dl>
      <p className="mt-2 text-sm text-slate-700">
        A request's value quoted is its latest revision's net, counted once in the month that revision was sent. The win
        rate counts requests won, lost and expired this month.
        {reasons.length > 0
          ? ` Lost for: ${reasons.map(([reason, count]) => `${lostReasonLabels[reason as LostReason]} ${count}`).join(", ")}.`
          : null}
      </p>
      {figures.people.length > 0 ? <People people={figures.people} /> : null}
    </section>
  );
}

function People({ people }: { people: PersonFigures[] }) {
  return (
    <details className="mt-3">
      <summary className="cursor-pointer font-semibold text-navy">By person</summary>
      <ul className="mt-2 grid grid-cols-1 gap-2 md:grid-cols-2">
        {people.map((p) => (
          <li key={p.ownerId ?? "nobody"} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <h3 className="font-bold text-navy">
              <bdi>{p.name}</bdi>
            </h3>
            <p className="mt-1 break-words">
              {p.received} requests, median first reply {duration(p.medianSeconds)}; {p.quotationsSent} quotations,{" "}
              {formatPence(p.quotedPence)} quoted; {p.won} won ({formatPence(p.wonPence)}), {p.lost} lost, {p.expired}{" "}
              expired; win rate {percent(p.winRate)}, by value {percent(p.winRateByValue)}.
            </p>
          </li>
        ))}
      </ul>
    </details>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-3 shadow-sm sm:p-4">
      <dt className="text-sm font-semibold text-slate-700">{label}</dt>
      <dd className="mt-1 text-lg font-bold text-navy sm:text-2xl">{value}</dd>
    </div>
  );
}
