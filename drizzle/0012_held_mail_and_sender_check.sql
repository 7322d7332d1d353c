CREATE TABLE "held_mail" (
	"id" serial PRIMARY KEY NOT NULL,
	"source_key" text NOT NULL,
	"mailbox" text,
	"uid_validity" bigint,
	"uid" bigint,
	"file_name" text,
	"received_at" timestamp with time zone NOT NULL,
	"from_address" text DEFAULT '' NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"why" text NOT NULL,
	"error_kind" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"state" text DEFAULT 'held' NOT NULL,
	"storage_key" text,
	"handled_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_mail_source_key_unique" UNIQUE("source_key"),
	CONSTRAINT "held_mail_storage_key_unique" UNIQUE("storage_key"),
	CONSTRAINT "held_mail_state_check" CHECK ("held_mail"."state" in ('retrying', 'held', 'dismissed', 'joined')),
	CONSTRAINT "held_mail_why_check" CHECK ("held_mail"."why" in ('unreadable', 'too large', 'no request', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "quote_messages" ADD COLUMN "sender_verified" text;--> statement-breakpoint
CREATE INDEX "held_mail_state_idx" ON "held_mail" USING btree ("state","received_at");--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_sender_verified_check" CHECK ("quote_messages"."sender_verified" in ('verified', 'failed', 'unknown'));