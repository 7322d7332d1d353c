ALTER TABLE "quotes" DROP CONSTRAINT "quotes_status_check";--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "next_contact_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "quotes_next_contact_idx" ON "quotes" USING btree ("next_contact_at") WHERE "quotes"."status" = 'quoted';--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('new', 'in_progress', 'quoted', 'accepted', 'won', 'lost', 'expired', 'spam'));