import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";
import { quotations, quotes } from "#db/schema.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/**
 * A link to a sent revision's page online (/q/<token>): only the token's SHA-256 is kept, so the table
 * read by someone else opens no quotation. Each e-mail that carries a link (the quotation, a chaser, an
 * attempt the outbox made again) has its own, and every one answers until `expiresAt`: the buyer may open
 * any of them.
 */
export const quotationLinks = pgTable(
  "quotation_links",
  {
    id: serial("id").primaryKey(),
    quotationId: integer("quotation_id")
      .notNull()
      .references(() => quotations.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    expiresAt: timestamptz("expires_at").notNull(),
    /** When the buyer first and last opened the page by this link: a sign for the desk's chase. */
    firstViewedAt: timestamptz("first_viewed_at"),
    lastViewedAt: timestamptz("last_viewed_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (table) => [index("quotation_links_quotation_id_idx").on(table.quotationId)],
);

export const quotationAnswers = ["accepted", "declined"] as const;
export type QuotationAnswer = (typeof quotationAnswers)[number];

/** The buyer's answer to a revision online, stored once (unique per revision): accepted with a PO, or declined. */
export const quotationResponses = pgTable(
  "quotation_responses",
  {
    id: serial("id").primaryKey(),
    quotationId: integer("quotation_id")
      .notNull()
      .unique()
      .references(() => quotations.id, { onDelete: "cascade" }),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    answer: text("answer", { enum: quotationAnswers }).notNull(),
    /** Accepted: who accepted, their PO (or that it is to follow), where to deliver and anything else. */
    buyerName: text("buyer_name"),
    poNumber: text("po_number"),
    poToFollow: boolean("po_to_follow").notNull().default(false),
    deliveryAddress: text("delivery_address"),
    notes: text("notes"),
    /** Declined: why (a lost reason), and the buyer's words for "other". */
    declineReason: text("decline_reason"),
    declineText: text("decline_text"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [check("quotation_responses_answer_check", sql`${t.answer} in ('accepted', 'declined')`)],
);
