import { and, desc, eq, isNotNull, isNull } from "drizzle-orm";
import { addDays } from "#app/lib/opening-hours.ts";
import { checkDraft, draftFromStored, startingWordsFor } from "#app/quotation/draft.ts";
import { type QuoteRow, sendQuotation } from "#app/quotation/quotation.server.ts";
import type { Actor } from "#app/request/timeline.ts";
import { quotations } from "#db/schema.ts";
import type { Tx } from "#db/types.ts";

export type ReissueOptions = {
  /** Today, UK time (YYYY-MM-DD): the new revision holds for `validityDays` from it. */
  today: string;
  validityDays: number;
  deliveryTerms: string;
  nextContactDay: string;
};

/**
 * An expired quotation re-issued in one step: the latest revision sent again as the next one, with the same
 * lines and prices and a new validity. Refused (with the reason) while a draft is open, so nothing typed
 * into it is overwritten, or when the latest revision no longer passes the checks.
 */
export async function reissueQuotation(
  tx: Tx,
  quote: QuoteRow,
  actor: Actor & { email: string },
  site: { email: string },
  options: ReissueOptions,
): Promise<{ ok: true; revision: string } | { ok: false; message: string }> {
  const [draft] = await tx
    .select({ id: quotations.id })
    .from(quotations)
    .where(and(eq(quotations.quoteId, quote.id), isNull(quotations.revision)));
  if (draft) return { ok: false, message: "A draft quotation is open: send it from the quotation page instead." };
  const [latest] = await tx
    .select({ draft: quotations.draft, cc: quotations.cc })
    .from(quotations)
    .where(and(eq(quotations.quoteId, quote.id), isNotNull(quotations.revision)))
    .orderBy(desc(quotations.revision))
    .limit(1);
  if (!latest) return { ok: false, message: "There is no quotation to re-issue: prepare one instead." };
  const renewed = {
    ...startingWordsFor(draftFromStored(latest.draft, { deliveryTerms: options.deliveryTerms }), true),
    validUntil: addDays(options.today, options.validityDays),
  };
  const checked = checkDraft(renewed, options.today);
  if (!checked.ok) return { ok: false, message: "The latest revision needs changes first: open the quotation page." };
  const sent = await sendQuotation(tx, quote, renewed, checked.value, actor, site, latest.cc, options.nextContactDay);
  return { ok: true, revision: sent.revision };
}
