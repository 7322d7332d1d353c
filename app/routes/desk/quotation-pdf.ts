import { and, eq } from "drizzle-orm";
import { data } from "react-router";
import { readFormData } from "#app/desk/read-form.server.ts";
import { staffContext } from "#app/desk/session.server.ts";
import { servicesContext } from "#app/lib/context.ts";
import { londonDay } from "#app/lib/london-time.ts";
import { type CheckedQuotation, checkDraft, draftFromForm } from "#app/quotation/draft.ts";
import { loadQuote } from "#app/quotation/load.server.ts";
import { renderQuotationPdf } from "#app/quotation/pdf.server.ts";
import { quotations } from "#db/schema.ts";
import type { Route } from "./+types/quotation-pdf";

type Quote = Awaited<ReturnType<typeof loadQuote>>;

async function pdfResponse(
  context: Route.LoaderArgs["context"],
  quote: Quote,
  revision: number | null,
  content: CheckedQuotation,
  issuedAt: Date,
) {
  const pdf = await renderQuotationPdf({
    site: context.get(servicesContext).config.site,
    reference: quote.reference,
    revision,
    buyer: { name: quote.customerName, company: quote.company, email: quote.email },
    content,
    issuedAt,
    // A preview names who is preparing it; a sent revision names its sender from its content.
    sender: revision === null ? context.get(staffContext) : null,
  });
  const name = `Quotation ${quote.reference}${revision === null ? " draft" : `-${revision}`}.pdf`;
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${name}"` },
  });
}

/** A sent revision's PDF, exactly as it went to the buyer (its content is fixed). */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(servicesContext).database.db;
  const quote = await loadQuote(db, params.reference);
  const revision = /^\d{1,6}$/.test(params.revision) ? Number(params.revision) : Number.NaN;
  const [sent] = Number.isNaN(revision)
    ? []
    : await db
        .select()
        .from(quotations)
        .where(and(eq(quotations.quoteId, quote.id), eq(quotations.revision, revision)));
  if (!sent?.content)
    throw data(`404: ${quote.reference} has no quotation ${params.revision.slice(0, 20)}.`, { status: 404 });
  return pdfResponse(context, quote, revision, sent.content, sent.queuedAt ?? sent.createdAt);
}

/** The preview: the draft as posted from the editor, shown as the buyer would get it (not saved: the editor saves). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (params.revision !== "draft") throw data("405: Only the draft can be previewed.", { status: 405 });
  const db = context.get(servicesContext).database.db;
  const quote = await loadQuote(db, params.reference);
  const draft = draftFromForm(await readFormData(request));
  const checked = checkDraft(draft, londonDay());
  if (!checked.ok) {
    const problems = Object.entries(checked.errors).map(([field, message]) => `${field}: ${message}`);
    return new Response(
      `This draft cannot be shown as a PDF yet. Go back to the quotation and fix:\n\n${problems.join("\n")}\n`,
      { status: 422, headers: { "Content-Type": "text/plain; charset=utf-8" } },
    );
  }
  return pdfResponse(context, quote, null, checked.value, new Date());
}
