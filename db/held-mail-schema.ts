import { sql } from "drizzle-orm";
import { bigint, check, index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

const timestamptz = (name: string) => timestamp(name, { withTimezone: true });

export const heldMailStates = ["retrying", "held", "dismissed", "joined"] as const;
export const heldMailReasons = ["unreadable", "too large", "no request", "failed"] as const;
export type HeldMailReason = (typeof heldMailReasons)[number];

/**
 * E-mails the reader could not join to a request: one failing is `retrying` (attempts counted here, so a
 * restart does not forget them), then `held` and shown on the desk until staff join or dismiss it.
 */
export const heldMail = pgTable(
  "held_mail",
  {
    id: serial("id").primaryKey(),
    /** `imap:<mailbox>:<uidvalidity>:<uid>` or `file:<name>:<size>:<mtime>`: one row per e-mail read. */
    sourceKey: text("source_key").notNull().unique(),
    mailbox: text("mailbox"),
    uidValidity: bigint("uid_validity", { mode: "number" }),
    uid: bigint("uid", { mode: "number" }),
    /** In the drop folder (DATA_DIR/inbox). */
    fileName: text("file_name"),
    receivedAt: timestamptz("received_at").notNull(),
    /** Cleaned as the conversation's are; empty when the headers could not be read. */
    fromAddress: text("from_address").notNull().default(""),
    subject: text("subject").notNull().default(""),
    why: text("why", { enum: heldMailReasons }).notNull(),
    /** For `failed` and `unreadable`: the kind of error (a database code, a parser's limit), never its text. */
    errorKind: text("error_kind"),
    attempts: integer("attempts").notNull().default(0),
    state: text("state", { enum: heldMailStates }).notNull().default("held"),
    /** The e-mail as received, in file storage, so staff can join it later; null when it was too large. */
    storageKey: text("storage_key").unique(),
    handledByName: text("handled_by_name"),
    updatedAt: timestamptz("updated_at").notNull().defaultNow(),
  },
  (t) => [
    check("held_mail_state_check", sql`${t.state} in ('retrying', 'held', 'dismissed', 'joined')`),
    check("held_mail_why_check", sql`${t.why} in ('unreadable', 'too large', 'no request', 'failed')`),
    index("held_mail_state_idx").on(t.state, t.receivedAt),
  ],
);
