import { Form, useLocation } from "react-router";
import { button } from "#app/components/button.ts";
import { ConfirmPanel } from "#app/components/confirm-panel.tsx";
import { input } from "#app/components/input.ts";
import { answerId, useAnswerAction } from "#app/desk/request/answers.tsx";
import { VersionField } from "#app/desk/request/team-panels.tsx";
import { formatDay, londonDay } from "#app/lib/london-time.ts";
import type { QuoteStatus } from "#db/statuses.ts";

/** A chaser as the page offers it, and as it will read once chosen (`{link}` still to be made). */
export type ChaserChoice = { choice: string; title: string };
export type ChaserPreview = ChaserChoice & { subject: string; body: string; revision: string };

/** A quoted request's next contact with the buyer, its snooze and chaser; an expired one's re-issue. */
export function ChasePanel({
  quote,
  chasers,
  preview,
  busy,
}: {
  quote: { status: QuoteStatus; version: number; nextContactAt: Date | string | null; customerName: string };
  chasers: ChaserChoice[];
  preview: ChaserPreview | undefined;
  busy: boolean;
}) {
  const action = useAnswerAction("chase");
  if (quote.status === "quoted")
    return (
      <>
        <Form method="post" action={action} className="mt-4 flex flex-wrap items-center gap-2">
          <VersionField version={quote.version} />
          <input type="hidden" name="intent" value="snooze" />
          <p>
            {quote.nextContactAt
              ? `Chase the buyer from ${formatDay(londonDay(new Date(quote.nextContactAt)))}.`
              : "No date set to chase the buyer."}
          </p>
          <button type="submit" className={button({ variant: "quiet" })} disabled={busy}>
            Snooze
          </button>
        </Form>
        <ChaserPicker chasers={chasers} />
        {preview ? (
          <ConfirmChaser preview={preview} version={quote.version} customerName={quote.customerName} busy={busy} />
        ) : null}
      </>
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

/** Asks which chaser to send (a GET, so it works without scripts); the page then shows it and asks first. */
function ChaserPicker({ chasers }: { chasers: ChaserChoice[] }) {
  const [only] = chasers;
  return (
    <Form method="get" action={`#${answerId("chase")}`} className="mt-3 flex flex-wrap items-end gap-2">
      {chasers.length > 1 ? (
        <div className="min-w-0">
          <label htmlFor="chaser" className="block font-semibold text-navy">
            Chaser
          </label>
          <select id="chaser" name="chaser" className={input({ className: "mt-1.5 w-auto max-w-full" })}>
            {chasers.map((chaser) => (
              <option key={chaser.choice} value={chaser.choice}>
                {chaser.title}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <input type="hidden" name="chaser" value={only?.choice ?? ""} />
      )}
      <button type="submit" className={button({ variant: "quiet" })}>
        Send a chaser…
      </button>
    </Form>
  );
}

function ConfirmChaser({
  preview,
  version,
  customerName,
  busy,
}: {
  preview: ChaserPreview;
  version: number;
  customerName: string;
  busy: boolean;
}) {
  // Posted to the page without ?chaser, so once it has gone the question is not asked again.
  const { pathname } = useLocation();
  const body = preview.body.replaceAll("{link}", `[a new link to ${preview.revision} online]`);
  return (
    <ConfirmPanel
      id="confirm-chaser"
      tone="plain"
      className="mt-3"
      takeFocus
      title={
        <>
          Send “{preview.title}” to <bdi>{customerName}</bdi>?
        </>
      }
      text={`It answers the quotation's e-mail with a new link to ${preview.revision} online (the earlier links keep working), and the next contact moves on.`}
    >
      <div className="w-full rounded border border-slate-300 bg-white p-3 text-sm">
        <p className="font-semibold break-words">{preview.subject}</p>
        <p className="mt-2 break-words whitespace-pre-wrap">{body}</p>
      </div>
      <Form method="post" action={`${pathname}#${answerId("chase")}`}>
        <VersionField version={version} />
        <input type="hidden" name="intent" value="chaser" />
        <input type="hidden" name="chaser" value={preview.choice} />
        <button type="submit" className={button({ variant: "steel" })} disabled={busy}>
          Yes, send the chaser
        </button>
      </Form>
    </ConfirmPanel>
  );
}
