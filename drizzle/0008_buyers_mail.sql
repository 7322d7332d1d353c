ALTER TABLE "attachments" ADD COLUMN "message_id" integer;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD COLUMN "from_address" text;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD COLUMN "html" text;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD COLUMN "automatic" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD COLUMN "from_other" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD COLUMN "not_kept" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "customer_replied_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "attachments" ADD CONSTRAINT "attachments_message_id_quote_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."quote_messages"("id") ON DELETE cascade ON UPDATE no action;