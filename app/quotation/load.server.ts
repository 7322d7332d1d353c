import { eq } from "drizzle-orm";
import { data } from "react-router";
import { referencePattern } from "#app/request/reference.server.ts";
import { quotes } from "#db/schema.ts";
import type { Db } from "#db/types.ts";

/** The request a quotation page is for: 404 when there is none, 409 when it was merged into another. */
export async function loadQuote(db: Db, reference: string) {
  const [quote] = referencePattern.test(reference)
    ? await db.select().from(quotes).where(eq(quotes.reference, reference))
    : [];
  if (!quote) throw data(`404: There is no request with the reference ${reference.slice(0, 40)}.`, { status: 404 });
  if (quote.mergedIntoId !== null) {
    const [into] = await db
      .select({ reference: quotes.reference })
      .from(quotes)
      .where(eq(quotes.id, quote.mergedIntoId));
    throw data(`409: This request was merged into ${into?.reference ?? "another"}; quote on that one.`, {
      status: 409,
    });
  }
  return quote;
}
