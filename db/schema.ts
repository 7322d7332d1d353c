import { sql } from "drizzle-orm";
import { check, index, integer, jsonb, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

/** Spec §3 quote request, plus what we need to deliver it exactly once and to spot abuse. */
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
    status: text("status", { enum: ["new", "spam"] })
      .notNull()
      .default("new"),
    // Keyed hash, never the address itself: enough to group abuse, useless to identify a person.
    sourceIpHash: text("source_ip_hash"),
    userAgent: text("user_agent"),
    idempotencyKey: text("idempotency_key").notNull().unique(),
    createdAt: timestamptz("created_at").notNull().defaultNow(),
  },
  (t) => [
    check("quotes_status_check", sql`${t.status} in ('new', 'spam')`),
    index("quotes_created_at_idx").on(t.createdAt),
  ],
);

/** Notifications written in the same transaction as their quote, delivered later by the outbox worker. */
export const outbox = pgTable(
  "outbox",
  {
    id: serial("id").primaryKey(),
    quoteId: integer("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["email", "forward"] }).notNull(),
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
    check("outbox_kind_check", sql`${t.kind} in ('email', 'forward')`),
    check("outbox_status_check", sql`${t.status} in ('pending', 'sent', 'failed')`),
    index("outbox_due_idx").on(t.status, t.nextAttemptAt),
    index("outbox_quote_id_idx").on(t.quoteId),
  ],
);

/** Only the reference: the quote row stays the single copy of the customer's personal data. */
export type OutboxPayload = { reference: string };

/** Fixed-window counters shared by every server process when PostgreSQL is used. */
export const rateLimits = pgTable(
  "rate_limits",
  {
    key: text("key").notNull(),
    windowStart: timestamptz("window_start").notNull(),
    count: integer("count").notNull(),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] })],
);

/** Per-install values that every process must agree on, such as the salt for address hashes. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
});
