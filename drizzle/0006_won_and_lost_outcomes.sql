ALTER TABLE "quotes" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "won_value_pence" bigint;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "lost_reason" text;--> statement-breakpoint
UPDATE "quotes" SET "closed_at" = "updated_at" WHERE "status" IN ('won', 'lost');
