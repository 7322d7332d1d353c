import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { CheckedQuotation, Draft } from "#app/quotation/draft.ts";
import { staffUser } from "#db/auth-schema.ts";
import { type OutboxPayload, outboxKinds } from "#db/outbox-payloads.ts";
import { openStatuses, quoteStatuses } from "#db/statuses.ts";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

const sqlList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));
const quoteStatusList = sqlList(quoteStatuses);

/**
 * Why a request looked like spam: `honeypot` holds it; weak signals (`fast-fill`, `no-form-time`) only
 * flag it as possible spam and it is still notified; later signals may be added by staff or checks.
 */
export type SpamReason = string;

/** A quote request: what the buyer sent (app/request/fields.ts), plus what we need to deliver it exactly once and to spot abuse. */
export const quotes = pgTable(
  "quotes",
  {
    id: serial("id").primaryKey(),
    reference: text("reference").notNull().unique(),
    customerName: text("customer_name").notNull(),
    email: text("email").notNull(),
    company: text("company"),
    phone: text("phone"),
    category: text("category"),
    requirements: text("requirements").notNull(),
    urgency: text("urgency").notNull().default("standard"),
    status: text("status", { enum: quoteStatuses }).notNull().default("new"),
    spamReasons: jsonb("spam_reasons").$type<SpamReason[]>().notNull().default([]),
    // Keyed hash, never the address itself: enough to group abuse, useless to identify a person.
    sourceIpHash: text("source_ip_hash"),
    userAgent: text("user_agent"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
    /** When sales first answered the customer: the time to first reply is what the business is judged by. */
    firstReplyAt: timestamptz("first_reply_at"),
    /** Who in the team has it; null when nobody does (a removed account leaves it unowned). */
    ownerId: text("owner_id").references((): AnyPgColumn => staffUser.id, { onDelete: "set null" }),
    /** Raised by every change staff make, so a change made from a stale page is refused, not applied. */
    version: integer("version").notNull().default(1),
    /** Merged into another request: this one is then only a link to it, out of the inbox and the counts. */
    mergedIntoId: integer("merged_into_id").references((): AnyPgColumn => quotes.id),
    /** Part numbers and the phone number as the desk's search compares them (see app/request/search-keys.ts). */
    searchKeys: text("search_keys").notNull().default(""),
    /** When it was marked Won or Lost (cleared if it is reopened). */
    closedAt: timestamptz("closed_at"),
    /** Won: the order's net value in pence, as confirmed by staff (the latest quotation's net when not said). */
    wonValuePence: bigint("won_value_pence", { mode: "number" }),
    /** Won: the buyer's purchase order number, when they gave one. */
    poNumber: text("po_number"),
    /** Lost: why (see lostReasons). */
    lostReason: text("lost_reason"),
    /** The buyer's latest e-mail still waiting for an answer from the desk (cleared when the desk answers). */
    customerRepliedAt: timestamptz("customer_replied_at"),
    /** The mailbox the e-mail address delivers to (app/quote/mailbox-key.ts): acknowledgements are counted by it. */
    mailboxKey: text("mailbox_key"),
    /** Quoted: when to chase the buyer next (set when a revision is sent, moved on by a snooze or a chaser). */
    nextContactAt: timestamptz("next_contact_at"),
    /** Opened by "Quote again" from this earlier, closed request of the same buyer (a repeat order). */
    repeatOfId: integer("repeat_of_id").references((): AnyPgColumn => quotes.id, { onDelete: "set null" }),
  },
  (t) => [
    check("quotes_status_check", sql`${t.status} in (${quoteStatusList})`),
    index("quotes_created_at_idx").on(t.createdAt),
    index("quotes_status_created_at_idx").on(t.status, t.createdAt),
    // The desk's inbox order: open emergencies first, then newest first (see app/desk/inbox/inbox.server.ts).
    index("quotes_inbox_order_idx").using("btree", inboxPinned(t), t.createdAt, t.id),
    // Trigram index for the desk's free-text search (the pg_trgm extension).
    index("quotes_search_idx").using("gin", sql`${quoteSearchText(t)} gin_trgm_ops`),
    index("quotes_owner_idx").on(t.ownerId),
    index("quotes_email_idx").on(sql`lower(${t.email})`),
    index("quotes_mailbox_key_idx").on(t.mailboxKey),
    index("quotes_source_ip_hash_idx").on(t.sourceIpHash),
    index("quotes_company_idx").on(sql`lower(${t.company})`),
    // The inbox's "Waiting on us" tab and its count.
    index("quotes_waiting_idx").on(t.createdAt).where(waitingOnUs(t)),
    // The desk's "To chase" list: quoted requests whose next contact is due.
    index("quotes_next_contact_idx").on(t.nextContactAt).where(sql`${t.status} = 'quoted'`),
    // A request's page names the requests quoted again from it.
    index("quotes_repeat_of_idx").on(t.repeatOfId).where(sql`${t.repeatOfId} is not null`),
  ],
);

type QuoteColumns = {
  reference: AnyPgColumn;
  customerName: AnyPgColumn;
  company: AnyPgColumn;
  email: AnyPgColumn;
  requirements: AnyPgColumn;
  searchKeys: AnyPgColumn;
  status: AnyPgColumn;
  urgency: AnyPgColumn;
  customerRepliedAt: AnyPgColumn;
};

/** Waiting on us: the buyer wrote last (their e-mail is unanswered), or accepted a quotation online. */
export function waitingOnUs(t: Pick<QuoteColumns, "status" | "customerRepliedAt">) {
  return sql`(${t.customerRepliedAt} is not null or ${t.status} = 'accepted')`;
}

/**
 * Open emergencies and requests waiting on us sort first in the inbox; the expression must read the same in
 * the index and the query.
 */
export function inboxPinned(t: Pick<QuoteColumns, "status" | "urgency" | "customerRepliedAt">) {
  return sql`((${t.urgency} = 'emergency' and ${t.status} in (${sqlList(openStatuses)})) or ${waitingOnUs(t)})`;
}

/** What the desk's search looks through, lower-cased; the same expression is indexed. */
export function quoteSearchText(t: QuoteColumns) {
  return sql`lower(${t.reference} || ' ' || ${t.customerName} || ' ' || coalesce(${t.company}, '') || ' ' || ${t.email} || ' ' || ${t.requirements} || ' ' || ${t.searchKeys})`;
}

/**
 * How many requests are in each status, kept exact by triggers on quotes (migration 0003), so the desk's
 * counts cost one small read instead of a scan of every request.
 */
export const quoteStatusCounts = pgTable("quote_status_counts", {
  status: text("status").primaryKey(),
  count: integer("count").notNull(),
});

/** The optional parts list of a request, in the order the buyer gave it. */
export const quoteLines = pgTable(
  "quote_lines",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    part: text("part").notNull(),
    quantity: integer("quantity").notNull().default(1),
    brand: text("brand"),
  },
  (t) => [
    uniqueIndex("quote_lines_quote_position_idx").on(t.quoteId, t.position),
    check("quote_lines_quantity_check", sql`${t.quantity} >= 1`),
  ],
);

/** Photos and drawings sent with a request; the bytes live in file or bucket storage under storageKey. */
export const attachments = pgTable(
  "attachments",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    /** Random, never derived from the sent name. */
    storageKey: text("storage_key").notNull().unique(),
    /** As sent, cleaned for display; never used as a path. */
    fileName: text("file_name").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** Came with this e-mail from the buyer, not with the form. */
    messageId: integer("message_id").references((): AnyPgColumn => quoteMessages.id, { onDelete: "cascade" }),
  },
  (t) => [index("attachments_quote_id_idx").on(t.quoteId)],
);

/** Append-only timeline of a request: who did what when (status changes, notes, replies, releases). */
export const quoteEvents = pgTable(
  "quote_events",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    at: timestamptz("at").notNull().defaultNow(),
    /** The staff user's id, or null for the system. */
    actorId: text("actor_id"),
    /** Kept as it was at the time, so the timeline still reads when the account is removed. */
    actorName: text("actor_name"),
    kind: text("kind").notNull(),
    detail: jsonb("detail").$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index("quote_events_quote_id_idx").on(t.quoteId, t.at)],
);

/** Messages written in the same transaction as what they tell, sent later by the outbox worker (db/outbox-payloads.ts). */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    /** Null for messages that belong to no request (staff invitations, password resets, digests). */
    quoteId: integer("quote_id").references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: outboxKinds }).notNull(),
    payload: jsonb("payload").$type<OutboxPayload>().notNull(),
    status: text("status", { enum: ["pending", "sent", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamptz("next_attempt_at").notNull().defaultNow(),
    lastError: text("last_error"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    sentAt: timestamptz("sent_at"),
  },
  (t) => [
    check("outbox_kind_check", sql`${t.kind} in (${sqlList(outboxKinds)})`),
    check("outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_quote_id_idx").on(t.quoteId),
  ],
);

/**
 * A request's quotations: at most one draft (revision null), edited freely, and the sent revisions
 * (reference/1, /2 …), which a trigger keeps as they were sent (migration 0005).
 */
export const quotations = pgTable(
  "quotations",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    revision: integer("revision"),
    /** As typed; kept for a sent revision too, to start the next draft from. */
    draft: jsonb("draft").$type<Draft>().notNull(),
    /** The checked quotation, fixed when it is sent. */
    content: jsonb("content").$type<CheckedQuotation>(),
    netPence: bigint("net_pence", { mode: "number" }),
    vatPence: bigint("vat_pence", { mode: "number" }),
    grossPence: bigint("gross_pence", { mode: "number" }),
    /** Our Message-ID, so the buyer's answer (In-Reply-To) finds the request. */
    messageId: text("message_id").unique(),
    /** Copied to (the buyer's colleagues); their answers count as the buyer's. */
    cc: jsonb("cc").$type<string[]>().notNull().default([]),
    sentBy: text("sent_by"),
    sentByName: text("sent_by_name"),
    /** Who saved the draft last: named when a save from an older page is refused. */
    updatedByName: text("updated_by_name"),
    /** When staff pressed Send; sentAt is when the e-mail actually left. */
    queuedAt: timestamptz("queued_at"),
    sentAt: timestamptz("sent_at"),
    /** When the owner was told this revision's validity is ending (once per revision). */
    expiryWarnedAt: timestamptz("expiry_warned_at"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("quotations_revision_idx").on(t.quoteId, t.revision),
    uniqueIndex("quotations_one_draft_idx").on(t.quoteId).where(sql`${t.revision} is null`),
  ],
);

/** Replies the team keeps for common answers; {name}, {reference} and {company} are filled when sent. */
export const savedReplies = pgTable("saved_replies", {
  id: serial("id").primaryKey(),
  title: text("title").notNull().unique(),
  subject: text("subject").notNull(),
  body: text("body").notNull(),
  updatedByName: text("updated_by_name"),
  updatedAt: timestamptz("updated_at").notNull().defaultNow(),
});

export const senderChecks = ["verified", "failed", "unknown"] as const;
export type SenderCheck = (typeof senderChecks)[number];

/** E-mails exchanged with the buyer about a request (other than quotations, which have their own table). */
export const quoteMessages = pgTable(
  "quote_messages",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    direction: text("direction", { enum: ["out", "in"] }).notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    /** Ours, or the buyer's as received: unique, so an e-mail read twice joins its request once. */
    messageId: text("message_id").unique(),
    /** An outgoing one: copied to (the buyer's colleagues); their answers count as the buyer's. */
    cc: jsonb("cc").$type<string[]>().notNull().default([]),
    sentBy: text("sent_by"),
    sentByName: text("sent_by_name"),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
    /** When an outgoing one left the outbox. */
    sentAt: timestamptz("sent_at"),
    /** An incoming one: its sender, and its HTML (sanitised) when it had no text. */
    fromAddress: text("from_address"),
    html: text("html"),
    /** An auto-reply or out-of-office message: kept, but it does not reopen the request. */
    automatic: boolean("automatic").notNull().default(false),
    /** Sent from an address other than the one on the request. */
    fromOther: boolean("from_other").notNull().default(false),
    /** An incoming one's attachments that were not kept, and why. */
    notKept: jsonb("not_kept").$type<string[]>().notNull().default([]),
    /**
     * An incoming one: whether the receiving mail server vouched for its From domain (DMARC, aligned DKIM
     * or SPF in its Authentication-Results); `unknown` when it said nothing (a dropped .eml file).
     */
    senderVerified: text("sender_verified", { enum: senderChecks }),
  },
  (t) => [
    index("quote_messages_quote_id_idx").on(t.quoteId, t.createdAt),
    check("quote_messages_sender_verified_check", sql`${t.senderVerified} in ('verified', 'failed', 'unknown')`),
  ],
);

/** Window counters (see app/quote/rate-limit.server.ts) shared by every server process when PostgreSQL is used. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamptz("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/**
 * The request limits of the Express app (server/limit-store.server.ts): one row per client and limit, a
 * keyed hash, counted from the client's first request of its window. Shared by every server process.
 */
export const requestLimits = pgTable("request_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowStart: timestamptz("window_start").notNull(),
});

/** Per-install values that every process must agree on, such as the salt for address hashes. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});

export * from "#db/auth-schema.ts";
export * from "#db/held-mail-schema.ts";
