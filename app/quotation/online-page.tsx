import { Download } from "lucide-react";
import { Fragment, type Ref } from "react";
import { onlineQuotationText as text } from "#app/content/online-quotation.ts";
import { quotationPdfText as words } from "#app/content/quotation.ts";
import { formatDay } from "#app/lib/london-time.ts";
import type { CheckedQuotation } from "#app/quotation/draft.ts";
import { formatPence, percentText } from "#app/quotation/money.ts";
import type { Standing } from "#app/quotation/online.server.ts";

// A sent revision as the buyer sees it online: what its PDF shows, in the page's own words.

export type OnlineQuotation = {
  label: string;
  issuedOn: string;
  buyer: { name: string; company: string | null };
  content: Pick<
    CheckedQuotation,
    | "lines"
    | "deliveryPence"
    | "validUntil"
    | "paymentTerms"
    | "deliveryTerms"
    | "buyerReference"
    | "deliveryAddress"
    | "vatBasisPoints"
    | "netPence"
    | "vatPence"
    | "grossPence"
  >;
  standing: Standing;
  poNumber: string | null;
  pdfHref: string;
};

const box = "rounded-lg border border-slate-300 bg-white p-4 sm:p-6";

function Lines({ lines }: { lines: CheckedQuotation["lines"] }) {
  return (
    <ol aria-label="Lines" className="mt-4 divide-y divide-slate-200 border-y border-slate-200">
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a sent revision's lines are fixed; their number is their identity
        <li key={i} className="grid gap-1 py-3 sm:grid-cols-[2rem_1fr_auto] sm:gap-x-4">
          <span className="font-semibold text-slate-700">{i + 1}.</span>
          <div className="min-w-0 break-words">
            <p className="font-semibold" dir="auto">
              {line.description}
            </p>
            {line.part && line.part !== line.description ? <p dir="auto">Part: {line.part}</p> : null}
            {line.brand ? <p dir="auto">Brand: {line.brand}</p> : null}
            {line.alternative ? <p dir="auto">Alternative offered: {line.alternative}</p> : null}
            {line.note ? <p dir="auto">{line.note}</p> : null}
            <p className="text-slate-700">
              {line.quantity} × {line.unitPence === null ? words.poa : formatPence(line.unitPence)} ·{" "}
              {line.availabilityText}
            </p>
          </div>
          <p className="font-semibold sm:text-right">
            {line.totalPence === null ? words.poa : formatPence(line.totalPence)}
          </p>
        </li>
      ))}
    </ol>
  );
}

function Totals({ content }: { content: OnlineQuotation["content"] }) {
  const rows: [string, string][] = [
    [words.delivery, formatPence(content.deliveryPence)],
    [words.net, formatPence(content.netPence)],
    [`${words.vat} at ${percentText(content.vatBasisPoints)}`, formatPence(content.vatPence)],
    [words.gross, formatPence(content.grossPence)],
  ];
  return (
    <dl aria-label="Totals" className="mt-4 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 sm:ml-auto sm:max-w-sm">
      {rows.map(([name, value]) => (
        <Fragment key={name}>
          <dt className={name === words.gross ? "font-bold" : undefined}>{name}</dt>
          <dd className={`text-right ${name === words.gross ? "font-bold" : ""}`}>{value}</dd>
        </Fragment>
      ))}
    </dl>
  );
}

/** Where the quotation stands, when it can no longer be answered here (or has been). */
export function StandingNotice({
  standing,
  poNumber,
  notRecorded = false,
  ref,
}: {
  standing: Standing;
  poNumber: string | null;
  /** The answer just sent lost to one sent before it (another tab): it says so, in the same notice. */
  notRecorded?: boolean;
  ref?: Ref<HTMLParagraphElement>;
}) {
  const message =
    standing.kind === "answered"
      ? standing.answer === "declined"
        ? text.declined
        : standing.confirmed
          ? text.confirmed(poNumber)
          : text.accepted(poNumber)
      : standing.kind === "expired"
        ? text.expired(formatDay(standing.validUntil))
        : standing.kind === "superseded"
          ? text.superseded(standing.newer)
          : standing.kind === "closed"
            ? text.closed
            : undefined;
  if (!message) return null;
  const good = standing.kind === "answered";
  return (
    <p
      ref={ref}
      role="status"
      tabIndex={-1}
      className={`mt-6 rounded-md border p-4 font-semibold ${good ? "border-green-700 bg-green-50 text-green-900" : "border-amber-700 bg-amber-50 text-amber-950"}`}
    >
      {message}
      {notRecorded ? <span className="mt-2 block">{text.notRecorded}</span> : null}
    </p>
  );
}

/** The quotation itself: who it is for, every line, the totals, validity and terms, and its PDF. */
export function QuotationDocument({ quotation }: { quotation: OnlineQuotation }) {
  const { content } = quotation;
  return (
    <section aria-labelledby="quotation-heading" className={`${box} mt-6`}>
      <h2 id="quotation-heading" className="text-xl font-bold text-navy">
        {words.title} {quotation.label}
      </h2>
      <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[10rem_1fr]">
        <dt className="font-semibold text-slate-700">Date</dt>
        <dd>{formatDay(quotation.issuedOn)}</dd>
        <dt className="font-semibold text-slate-700">{words.validUntil}</dt>
        <dd>{formatDay(content.validUntil)}</dd>
        <dt className="font-semibold text-slate-700">For</dt>
        <dd className="min-w-0 break-words">
          <bdi>{quotation.buyer.name}</bdi>
          {quotation.buyer.company ? (
            <>
              , <bdi>{quotation.buyer.company}</bdi>
            </>
          ) : null}
        </dd>
        {content.buyerReference ? (
          <>
            <dt className="font-semibold text-slate-700">{words.buyerReference}</dt>
            <dd className="min-w-0 break-words">
              <bdi>{content.buyerReference}</bdi>
            </dd>
          </>
        ) : null}
        {content.deliveryAddress ? (
          <>
            <dt className="font-semibold text-slate-700">{words.deliveryAddress}</dt>
            <dd className="min-w-0 break-words whitespace-pre-line" dir="auto">
              {content.deliveryAddress}
            </dd>
          </>
        ) : null}
      </dl>
      <Lines lines={content.lines} />
      <Totals content={content} />
      {/* The terms the buyer accepts, as the PDF states them (delivery terms are missing from early revisions). */}
      <p className="mt-4 break-words">
        <strong>{words.paymentTerms}:</strong> {content.paymentTerms}
      </p>
      {content.deliveryTerms ? (
        <p className="mt-1 break-words">
          <strong>{words.deliveryTerms}:</strong> {content.deliveryTerms}
        </p>
      ) : null}
      <p className="mt-1 text-sm text-slate-700">{words.pricesNote}</p>
      <a href={quotation.pdfHref} className="mt-4 inline-flex items-center gap-2 font-semibold text-steel underline">
        <Download aria-hidden="true" className="size-5" />
        {text.downloadPdf} ({quotation.label})
      </a>
    </section>
  );
}
