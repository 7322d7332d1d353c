import { data, Link, redirect } from "react-router";
import { button } from "#app/components/button.ts";
import { cardClass } from "#app/components/card.ts";
import { forgetMonthFigures } from "#app/desk/inbox/inbox.server.ts";
import { readFormData } from "#app/desk/read-form.server.ts";
import { stale } from "#app/desk/request/action.server.ts";
import { CcField } from "#app/desk/request/cc-field.tsx";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { formatWhen, londonDay } from "#app/lib/london-time.ts";
import { readCc } from "#app/mail-out/cc.ts";
import { checkDraft, type Draft, draftFromForm, emptyLine, maxLines } from "#app/quotation/draft.ts";
import { ConfirmSend, LineFields, TermsFields, TotalsAndActions } from "#app/quotation/editor.tsx";
import { loadQuote } from "#app/quotation/load.server.ts";
import { formatPence } from "#app/quotation/money.ts";
import { currentDraft, draftStamp, saveDraft, sendQuotation } from "#app/quotation/quotation.server.ts";
import { applyChange } from "#app/request/lifecycle.server.ts";
import type { Route } from "./+types/quotation";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Quotation for ${params.reference} · Quote desk` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { config, database } = context.get(servicesContext);
  const quote = await loadQuote(database.db, params.reference);
  const [draft, stamp] = await Promise.all([
    currentDraft(database.db, quote.id, config),
    draftStamp(database.db, quote.id),
  ]);
  const checked = checkDraft(draft, londonDay());
  return {
    quote: { reference: quote.reference, version: quote.version, email: quote.email, name: quote.customerName },
    draft,
    stamp,
    totals: checked.ok ? checked.value : null,
  };
}

type Reply = {
  message: string;
  ok: boolean;
  errors?: Record<string, string>;
  confirm?: { to: string; gross: string; poaLines: number };
  /** The Cc box as typed at the confirmation, given back when it was refused. */
  cc?: string;
  /** What was typed, shown again when the save was refused. */
  draft?: Draft;
};

/** Moves, removes or adds a line as the pressed button says; the rest of the draft is as posted. */
function arrange(draft: Draft, intent: string): Draft {
  const [op, at] = intent.split(":");
  const i = Number(at);
  const lines = [...draft.lines];
  if (op === "add" && lines.length < maxLines) lines.push(emptyLine());
  if (op === "remove" && lines[i]) lines.splice(i, 1);
  const j = op === "up" ? i - 1 : op === "down" ? i + 1 : -1;
  if (j >= 0 && lines[i] && lines[j]) [lines[i], lines[j]] = [lines[j], lines[i]];
  return { ...draft, lines };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const { config, database, outbox } = context.get(servicesContext);
  const db = database.db;
  const quote = await loadQuote(db, params.reference);
  const form = await readFormData(request);
  const intent = String(form.get("intent") ?? "save");
  const draft = arrange(draftFromForm(form), intent);
  if (intent === "add" && draft.lines.length >= maxLines)
    return data<Reply>({ ok: false, message: `A quotation has at most ${maxLines} lines.` }, { status: 422 });
  const staff = context.get(staffContext);
  const save = await saveDraft(db, quote.id, draft, String(form.get("draftStamp") ?? ""), staff);
  if (!save.saved) {
    const who = `${save.byName ?? "Someone else"} ${save.sent ? "sent" : "saved"} this quotation (${formatWhen(save.at, new Date())}) after you opened it.`;
    const next = save.sent
      ? "Open the quotation again to start the next revision from it."
      : "Save again to keep yours in place of theirs, or open the quotation again to see theirs.";
    return data<Reply>(
      { ok: false, message: `${who} Nothing was saved: what you typed is below. ${next}`, draft },
      { status: 409 },
    );
  }
  if (!intent.startsWith("send"))
    return { ok: true, message: intent === "save" ? "Draft saved." : "Draft saved with the lines rearranged." };
  const checked = checkDraft(draft, londonDay());
  if (!checked.ok) {
    const count = Object.keys(checked.errors).length;
    return data<Reply>(
      {
        ok: false,
        errors: checked.errors,
        message: `The draft is saved, but ${count === 1 ? "one box needs" : `${count} boxes need`} attention before it can be sent.`,
      },
      { status: 422 },
    );
  }
  const confirm = {
    to: quote.email,
    gross: formatPence(checked.value.grossPence),
    poaLines: checked.value.lines.filter((line) => line.unitPence === null).length,
  };
  if (intent !== "send-confirmed") return { ok: true, message: "", confirm };
  const typedCc = String(form.get("cc") ?? "");
  const cc = readCc(typedCc);
  if (!cc.ok)
    return data<Reply>(
      { ok: false, message: cc.message, errors: { cc: cc.message }, confirm, cc: typedCc },
      { status: 422 },
    );
  const outcome = await applyChange(db, quote.id, Number(form.get("version")), async (tx) => ({
    changed: true,
    ...(await sendQuotation(tx, quote, draft, checked.value, staff, config.site, cc.cc)),
  }));
  if (outcome.stale) return stale(outcome.latest, {});
  outbox.kick();
  forgetMonthFigures(db);
  return redirect(`/desk/quotes/${quote.reference}?sent=${encodeURIComponent(outcome.result.revision)}`);
}

export default function QuotationPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as Reply | undefined;
  const { quote, totals, stamp } = loaderData;
  const draft = reply?.draft ?? loaderData.draft;
  const errors = reply?.errors ?? {};
  const pdfUrl = `/desk/quotes/${quote.reference}/quotation-pdf/draft`;
  return (
    <>
      <p>
        <Link to={`/desk/quotes/${quote.reference}`} className="font-semibold text-steel underline">
          ← Back to {quote.reference}
        </Link>
      </p>
      <h1 className="mt-3 text-2xl font-bold text-navy">Quotation for {quote.reference}</h1>
      <p className="mt-1 text-slate-700">
        To <bdi>{quote.name}</bdi> &lt;<bdi>{quote.email}</bdi>&gt;. Prices in pounds, excluding VAT.
      </p>
      <div role="status" className="mt-3 min-h-6 font-semibold">
        {reply?.message ? <span className={reply.ok ? "text-green-800" : "text-red-700"}>{reply.message}</span> : null}
      </div>
      <form method="post" className="mt-2 space-y-4" noValidate>
        <input type="hidden" name="version" value={quote.version} />
        <input type="hidden" name="draftStamp" value={stamp} />
        <input type="hidden" name="lineCount" value={draft.lines.length} />
        {/* The form's default button: Enter in a box saves, never removes or sends. */}
        <button type="submit" name="intent" value="save" className="sr-only" tabIndex={-1} aria-hidden="true">
          Save draft
        </button>
        {reply?.confirm ? <CcField id="quotation-cc" value={reply.cc} error={errors.cc} /> : null}
        {reply?.confirm ? <ConfirmSend {...reply.confirm} /> : null}
        <section aria-labelledby="lines-heading" className={cardClass}>
          <h2 id="lines-heading" className="text-lg font-bold text-navy">
            Lines
          </h2>
          {errors.lines ? <p className="mt-1 font-semibold text-red-700">{errors.lines}</p> : null}
          <div className="mt-3 space-y-3">
            {draft.lines.map((line, index) => (
              <LineFields
                // biome-ignore lint/suspicious/noArrayIndexKey: lines have no identity; every change reloads the page
                key={index}
                line={line}
                index={index}
                count={draft.lines.length}
                errors={errors}
              />
            ))}
          </div>
          <button type="submit" name="intent" value="add" className={button({ variant: "quiet", className: "mt-3" })}>
            Add a line
          </button>
        </section>
        <section aria-labelledby="terms-heading" className={cardClass}>
          <h2 id="terms-heading" className="text-lg font-bold text-navy">
            Terms and e-mail
          </h2>
          <div className="mt-3">
            <TermsFields draft={draft} errors={errors} />
          </div>
        </section>
        <TotalsAndActions totals={totals} pdfUrl={pdfUrl} />
      </form>
    </>
  );
}
