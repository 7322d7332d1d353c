CREATE TABLE "quotations" (
	"id" serial PRIMARY KEY NOT NULL,
	"quote_id" integer NOT NULL,
	"revision" integer,
	"draft" jsonb NOT NULL,
	"content" jsonb,
	"net_pence" bigint,
	"vat_pence" bigint,
	"gross_pence" bigint,
	"message_id" text,
	"sent_by" text,
	"sent_by_name" text,
	"queued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotations_message_id_unique" UNIQUE("message_id")
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "quotations" ADD CONSTRAINT "quotations_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_revision_idx" ON "quotations" USING btree ("quote_id","revision");--> statement-breakpoint
CREATE UNIQUE INDEX "quotations_one_draft_idx" ON "quotations" USING btree ("quote_id") WHERE "quotations"."revision" is null;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('email', 'forward', 'message', 'acknowledgement', 'quotation'));--> statement-breakpoint
-- A sent revision is never edited: only its delivery time may still be filled in.
CREATE FUNCTION "quotations_sent_are_final"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD."revision" IS NOT NULL AND (
    NEW."revision" IS DISTINCT FROM OLD."revision" OR NEW."draft" IS DISTINCT FROM OLD."draft"
    OR NEW."content" IS DISTINCT FROM OLD."content" OR NEW."gross_pence" IS DISTINCT FROM OLD."gross_pence"
    OR NEW."net_pence" IS DISTINCT FROM OLD."net_pence" OR NEW."vat_pence" IS DISTINCT FROM OLD."vat_pence"
    OR NEW."message_id" IS DISTINCT FROM OLD."message_id") THEN
    RAISE EXCEPTION 'quotation % of request % was sent and cannot be changed', OLD."revision", OLD."quote_id";
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quotations_sent_are_final" BEFORE UPDATE ON "quotations"
  FOR EACH ROW EXECUTE FUNCTION "quotations_sent_are_final"();
