ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_status_check";--> statement-breakpoint
DROP INDEX "quotes_inbox_order_idx";--> statement-breakpoint
ALTER TABLE "quotations" ADD COLUMN "expiry_warned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "next_contact_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "quotes_waiting_idx" ON "quotes" USING btree ("created_at") WHERE ("quotes"."customer_replied_at" is not null or "quotes"."status" = 'accepted');--> statement-breakpoint
CREATE INDEX "quotes_next_contact_idx" ON "quotes" USING btree ("next_contact_at") WHERE "quotes"."status" = 'quoted';--> statement-breakpoint
CREATE INDEX "quotes_inbox_order_idx" ON "quotes" USING btree ((("urgency" = 'emergency' and "status" in ('new', 'in_progress')) or ("customer_replied_at" is not null or "status" = 'accepted')),"created_at","id");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('email', 'forward', 'message', 'acknowledgement', 'quotation', 'reply', 'acceptance', 'acceptance-notice', 'decline-notice', 'assignment', 'buyer-answer-notice'));--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_status_check" CHECK ("quotes"."status" in ('new', 'in_progress', 'quoted', 'accepted', 'won', 'lost', 'expired', 'spam'));