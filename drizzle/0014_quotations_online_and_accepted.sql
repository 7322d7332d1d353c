CREATE TABLE "quotation_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"first_viewed_at" timestamp with time zone,
	"last_viewed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_links_quotation_id_unique" UNIQUE("quotation_id"),
	CONSTRAINT "quotation_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "quotation_responses" (
	"id" serial PRIMARY KEY NOT NULL,
	"quotation_id" integer NOT NULL,
	"quote_id" integer NOT NULL,
	"answer" text NOT NULL,
	"buyer_name" text,
	"po_number" text,
	"po_to_follow" boolean DEFAULT false NOT NULL,
	"delivery_address" text,
	"notes" text,
	"decline_reason" text,
	"decline_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotation_responses_quotation_id_unique" UNIQUE("quotation_id"),
	CONSTRAINT "quotation_responses_answer_check" CHECK ("quotation_responses"."answer" in ('accepted', 'declined'))
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_status_check";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "quotation_links" ADD CONSTRAINT "quotation_links_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_responses" ADD CONSTRAINT "quotation_responses_quotation_id_quotations_id_fk" FOREIGN KEY ("quotation_id") REFERENCES "public"."quotations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotation_responses" ADD CONSTRAINT "quotation_responses_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('email', 'forward', 'message', 'acknowledgement', 'quotation', 'reply', 'acceptance', 'acceptance-notice', 'decline-notice'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('new', 'in_progress', 'quoted', 'accepted', 'won', 'lost', 'spam'));