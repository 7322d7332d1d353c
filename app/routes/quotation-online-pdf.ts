import { data } from "react-router";
import { servicesContext } from "#app/lib/context.ts";
import { findByToken } from "#app/quotation/online.server.ts";
import { renderQuotationPdf } from "#app/quotation/pdf.server.ts";
import type { Route } from "./+types/quotation-online-pdf";

/** /q/<token>/pdf: the revision's PDF, made from its stored content as its e-mail's was, to download. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const services = context.get(servicesContext);
  const found = await findByToken(services.database.db, params.token, new Date());
  if (!found) throw data("404: Not Found", { status: 404, headers: { "X-Robots-Tag": "noindex, nofollow" } });
  const { quote, quotation, content, revision } = found;
  const pdf = await renderQuotationPdf({
    site: services.config.site,
    reference: quote.reference,
    revision,
    buyer: { name: quote.customerName, company: quote.company, email: quote.email },
    content,
    issuedAt: quotation.queuedAt ?? quotation.createdAt,
  });
  return new Response(new Uint8Array(pdf), {
    headers: {
      "Content-Type": "application/pdf",
      "Content-Disposition": `attachment; filename="Quotation ${quote.reference}-${revision}.pdf"`,
      "X-Robots-Tag": "noindex, nofollow",
      "Cache-Control": "no-store",
    },
  });
}
