import { Link } from "react-router";
import { cardClass } from "#app/components/card.ts";
import { RequestAside, RequestFolded } from "#app/desk/request/request-aside.tsx";
import { requestSpreadsheets } from "#app/desk/request/spreadsheet.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { londonDay } from "#app/lib/london-time.ts";
import { checkDraft } from "#app/quotation/draft.ts";
import { TermsFields, TotalsAndActions } from "#app/quotation/editor.tsx";
import { keepEnterFromSubmitting } from "#app/quotation/line-grid.tsx";
import { LinesSection } from "#app/quotation/lines-section.tsx";
import { loadQuote } from "#app/quotation/load.server.ts";
import { currentDraft, draftStamp } from "#app/quotation/quotation.server.ts";
import { buyerRequest } from "#app/quotation/request-aside.server.ts";
import { type EditorReply, editorAction } from "#app/routes/desk/quotation-action.server.ts";
import type { Route } from "./+types/quotation";

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Quotation for ${params.reference} · Quote desk` },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const { config, database } = context.get(servicesContext);
  const quote = await loadQuote(database.db, params.reference);
  const [draft, stamp, request, spreadsheets] = await Promise.all([
    currentDraft(database.db, quote.id, config),
    draftStamp(database.db, quote.id),
    buyerRequest(database.db, quote),
    requestSpreadsheets(database.db, quote.id),
  ]);
  const checked = checkDraft(draft, londonDay());
  return {
    quote: { reference: quote.reference, version: quote.version, email: quote.email, name: quote.customerName },
    draft,
    stamp,
    request,
    spreadsheets,
    totals: checked.ok ? checked.value : null,
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const quote = await loadQuote(context.get(servicesContext).database.db, params.reference);
  return editorAction(request, context, quote);
}

export default function QuotationPage({ loaderData, actionData }: Route.ComponentProps) {
  const reply = actionData as EditorReply | undefined;
  const { quote, totals, stamp, request, spreadsheets } = loaderData;
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
      <RequestFolded request={request} reference={quote.reference} />
      <div className="mt-3 items-start gap-4 xl:grid xl:grid-cols-[minmax(0,1fr)_18rem]">
        <form method="post" className="min-w-0 space-y-4" noValidate onKeyDown={keepEnterFromSubmitting}>
          <input type="hidden" name="version" value={quote.version} />
          <input type="hidden" name="draftStamp" value={stamp} />
          <input type="hidden" name="lineCount" value={draft.lines.length} />
          {/* The form's default button, which Enter presses when scripts have not stopped it: it only saves. */}
          <button
            type="submit"
            name="intent"
            value="save"
            formAction="#editor-answer"
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
          >
            Save draft
          </button>
          <LinesSection lines={draft.lines} errors={errors} reply={reply} spreadsheets={spreadsheets} />
          <section aria-labelledby="terms-heading" className={cardClass}>
            <h2 id="terms-heading" className="text-lg font-bold text-navy">
              Terms and e-mail
            </h2>
            <div className="mt-3">
              <TermsFields draft={draft} errors={errors} />
            </div>
          </section>
          <TotalsAndActions totals={totals} pdfUrl={pdfUrl} answer={reply?.at === "actions" ? reply : undefined} />
        </form>
        <RequestAside request={request} reference={quote.reference} />
      </div>
    </>
  );
}
