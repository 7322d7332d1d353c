import { AlertTriangle, Flame, MailOpen } from "lucide-react";
import type { ReactNode } from "react";
import { Form, isRouteErrorResponse, Link, NavLink, useLocation } from "react-router";
import { badge } from "#app/components/badge.ts";
import { type ClockState, formatDuration, responseClock, roleLabels } from "#app/desk/labels.ts";
import { formatWhen } from "#app/lib/london-time.ts";
import { useSite } from "#app/lib/root-data.ts";
import { statusLabels } from "#app/request/status.ts";
import type { QuoteStatus } from "#db/statuses.ts";

export type Health = { count: number; oldestAt: Date | string | null; oldestReference: string | null } | null;
export type SignedIn = { name: string; role: "admin" | "staff" };

const navClass =
  "inline-flex min-h-11 items-center rounded px-3 font-semibold text-white hover:bg-white/10 aria-[current=page]:bg-white/15 aria-[current=page]:underline aria-[current=page]:underline-offset-4";

/** The staff tool's own chrome: plainly not the public site. */
export function DeskShell({
  staff,
  health,
  heldMail = 0,
  now,
  children,
}: {
  staff?: SignedIn;
  health?: Health;
  /** E-mails set aside for staff (routes/desk/mail.tsx). */
  heldMail?: number;
  now?: Date;
  children: ReactNode;
}) {
  const site = useSite();
  const location = useLocation();
  const folder =
    location.pathname !== "/desk"
      ? undefined
      : new URLSearchParams(location.search).get("status") === "spam"
        ? "spam"
        : "inbox";
  return (
    <>
      <header className="bg-navy text-white">
        <div className="container-page flex flex-wrap items-center gap-x-4 gap-y-1 py-2">
          <p className="mr-auto py-2 font-bold">
            <Link to={staff ? "/desk" : "/desk/sign-in"} className="hover:underline">
              {site.name} · Quote desk
            </Link>
          </p>
          {staff ? (
            <nav aria-label="Desk">
              <ul className="flex flex-wrap items-center gap-1">
                <li>
                  <Link to="/desk" aria-current={folder === "inbox" ? "page" : undefined} className={navClass}>
                    Inbox
                  </Link>
                </li>
                <li>
                  <Link
                    to="/desk?status=spam"
                    aria-current={folder === "spam" ? "page" : undefined}
                    className={navClass}
                  >
                    Spam
                  </Link>
                </li>
                <li>
                  <NavLink to="/desk/mail" className={navClass}>
                    {heldMail > 0 ? `Mail not joined (${heldMail})` : "Mail not joined"}
                  </NavLink>
                </li>
                <li>
                  <NavLink to="/desk/replies" className={navClass}>
                    Saved replies
                  </NavLink>
                </li>
                {staff.role === "admin" ? (
                  <li>
                    <NavLink to="/desk/people" className={navClass}>
                      People
                    </NavLink>
                  </li>
                ) : null}
                <li>
                  <Form method="post" action="/desk/sign-out">
                    <button type="submit" className={`${navClass} border border-white/40`}>
                      Sign out<span className="sr-only"> {staff.name}</span>
                    </button>
                  </Form>
                </li>
              </ul>
            </nav>
          ) : null}
        </div>
        {staff ? (
          <p className="container-page pb-2 text-sm text-white/90">
            Signed in as {staff.name} ({roleLabels[staff.role]})
          </p>
        ) : null}
      </header>
      <main id="main" tabIndex={-1} className="flex-1 bg-paper pb-12 focus:outline-none">
        {health && now ? <HealthBanner health={health} now={now} /> : null}
        <div className="container-page pt-6">{children}</div>
      </main>
    </>
  );
}

function HealthBanner({ health, now }: { health: NonNullable<Health>; now: Date }) {
  return (
    <div role="alert" className="border-b border-red-800 bg-red-50 text-red-900">
      <p className="container-page flex flex-wrap items-center gap-x-2 py-3">
        <AlertTriangle aria-hidden="true" className="size-5 shrink-0" />
        <strong>
          {health.count} notification{health.count === 1 ? " is" : "s are"} failing or waiting over 15 minutes.
        </strong>
        {health.oldestAt ? (
          <span>
            Oldest since {formatWhen(health.oldestAt, now)}
            {health.oldestReference ? (
              <>
                {" "}
                (
                <Link to={`/desk/quotes/${health.oldestReference}`} className="font-semibold underline">
                  {health.oldestReference}
                </Link>
                )
              </>
            ) : null}
            .
          </span>
        ) : null}
      </p>
    </div>
  );
}

const statusTone: Record<QuoteStatus, string> = {
  new: "bg-sky-100 text-sky-900 border-sky-300",
  in_progress: "bg-violet-100 text-violet-900 border-violet-300",
  quoted: "bg-teal-100 text-teal-900 border-teal-300",
  accepted: "bg-amber-100 text-amber-900 border-amber-300",
  won: "bg-green-100 text-green-900 border-green-300",
  lost: "bg-slate-200 text-slate-800 border-slate-300",
  expired: "bg-orange-100 text-orange-900 border-orange-300",
  spam: "bg-stone-200 text-stone-800 border-stone-400",
};

export function StatusBadge({ status }: { status: QuoteStatus }) {
  return <span className={badge({ className: statusTone[status] })}>{statusLabels[status]}</span>;
}

/** The buyer has written and the desk has not answered yet. */
export function CustomerRepliedBadge({ at }: { at: Date | string | null }) {
  if (!at) return null;
  return (
    <span className={badge({ tone: "navy" })}>
      <MailOpen aria-hidden="true" className="size-4" />
      Customer replied
    </span>
  );
}

export function UrgencyBadge({ urgency }: { urgency: string }) {
  if (urgency === "emergency") {
    return (
      <span className={badge({ tone: "alarm" })}>
        <Flame aria-hidden="true" className="size-4" />
        Emergency
      </span>
    );
  }
  return <span className="text-sm whitespace-nowrap">{urgency === "urgent" ? "Urgent" : "Standard"}</span>;
}

const clockTone: Record<ClockState, string> = {
  ok: "text-slate-800",
  amber: "rounded bg-amber-100 px-1.5 font-semibold text-amber-900",
  red: "rounded bg-red-700 px-1.5 font-semibold text-white",
  replied: "text-green-800",
  closed: "text-slate-600",
};

export function ResponseClock({
  quote,
  now,
}: {
  quote: { createdAt: Date | string; firstReplyAt: Date | string | null; status: QuoteStatus };
  now: Date;
}) {
  const clock = responseClock(quote, now);
  const text =
    clock.state === "replied"
      ? `Replied in ${formatDuration(clock.seconds)}`
      : clock.state === "red"
        ? `${formatDuration(clock.seconds)} · over 24 h`
        : clock.state === "closed"
          ? "No reply recorded"
          : `${formatDuration(clock.seconds)} waiting`;
  return (
    <span className={`text-sm whitespace-nowrap ${clockTone[clock.state]}`} data-clock={clock.state}>
      {text}
    </span>
  );
}

const errorTitles: Partial<Record<number, string>> = {
  400: "Check the address",
  401: "Please sign in again",
  403: "Not allowed",
  404: "Not found",
  409: "Changed meanwhile",
};

/** What went wrong, in the desk's words (404 unknown reference, 403 admins only, 401 signed out, 409 merged). */
export function DeskError({ error }: { error: unknown }) {
  const location = useLocation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const detail =
    isRouteErrorResponse(error) && typeof error.data === "string" && error.data
      ? error.data
      : `${status}: Something went wrong.`;
  const title = errorTitles[status] ?? "Something went wrong";
  return (
    <>
      <title>{`${title} · Quote desk`}</title>
      <meta name="robots" content="noindex, nofollow" />
      <h1 className="text-2xl font-bold text-navy">{title}</h1>
      <p className="mt-3">{detail}</p>
      <p className="mt-6 flex flex-wrap gap-4">
        <Link to="/desk" className="font-semibold text-steel underline">
          Back to the inbox
        </Link>
        {status === 401 ? (
          <Link
            to={`/desk/sign-in?next=${encodeURIComponent(location.pathname + location.search)}`}
            className="font-semibold text-steel underline"
          >
            Sign in
          </Link>
        ) : null}
      </p>
    </>
  );
}
