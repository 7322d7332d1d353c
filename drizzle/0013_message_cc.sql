ALTER TABLE "quotations" ADD COLUMN "cc" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_messages" ADD COLUMN "cc" jsonb DEFAULT '[]'::jsonb NOT NULL;