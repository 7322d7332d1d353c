CREATE TABLE "quote_messages" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"direction" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"message_id" text,
	"sent_by" text,
	"sent_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "quote_messages_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
CREATE TABLE "saved_replies" (
	"id" serial PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"updated_by_name" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_replies_title_unique" UNIQUE("title")
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "quote_messages" ADD CONSTRAINT "quote_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_messages_quote_id_idx" ON "quote_messages" USING btree ("quote_id","created_at");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('email', 'forward', 'message', 'acknowledgement', 'quotation', 'reply'));--> statement-breakpoint
-- A starting set; the team edits, adds and removes them on the desk's Saved replies page.
INSERT INTO "saved_replies" ("title", "subject", "body") VALUES
  ('Quotation', 'Quotation {revision} for your request {reference}',
   E'Dear {name},\n\nThank you for your enquiry. Please find our quotation {revision} attached, valid until {validUntil}.\n\nTo order, or if you would like an alternative, simply reply to this e-mail.\n\nKind regards,'),
  ('More details needed', 'Your quote request {reference}',
   E'Dear {name},\n\nThank you for your request {reference}. To quote accurately we need a little more detail: the part number or size, the make and model of the machine it fits, and the quantity.\n\nA photo of the part or its label also helps; simply reply to this e-mail with it.\n\nKind regards,'),
  ('Call me back', 'Your quote request {reference}',
   E'Dear {name},\n\nThank you for your request {reference}. I tried to call you to talk it through; could you let me know a good time and number to reach you?\n\nKind regards,')
ON CONFLICT ("title") DO NOTHING;
