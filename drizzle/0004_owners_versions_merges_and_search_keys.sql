ALTER TABLE "outbox" DROP CONSTRAINT "outbox_kind_check";--> statement-breakpoint
DROP INDEX "quotes_search_idx";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "owner_id" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "merged_into_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "search_keys" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_owner_id_staff_user_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."staff_user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_merged_into_id_quotes_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."quotes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_owner_idx" ON "quotes" USING btree ("owner_id");--> statement-breakpoint
CREATE INDEX "quotes_email_idx" ON "quotes" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "quotes_company_idx" ON "quotes" USING btree (lower("company"));--> statement-breakpoint
CREATE INDEX "quotes_search_idx" ON "quotes" USING gin (lower("reference" || ' ' || "customer_name" || ' ' || coalesce("company", '') || ' ' || "email" || ' ' || "requirements" || ' ' || "search_keys") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_kind_check" CHECK ("outbox"."kind" in ('email', 'forward', 'message', 'acknowledgement'));--> statement-breakpoint
-- Search keys of the requests already stored, as app/desk/search-keys.ts makes them for new ones.
UPDATE "quotes" q SET "search_keys" = trim(
  coalesce((SELECT string_agg(lower(l."part") || ' ' || regexp_replace(lower(l."part"), '[^a-z0-9]', '', 'g'), ' ' ORDER BY l."position")
            FROM "quote_lines" l WHERE l."quote_id" = q."id"), '')
  || ' ' || coalesce(regexp_replace(regexp_replace(replace(q."phone", '(0)', ''), '[^0-9]', '', 'g'), '^44', '0'), ''));
--> statement-breakpoint
-- A merged request is only a link to the one it joined: it leaves the status counts.
CREATE OR REPLACE FUNCTION "quote_status_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."merged_into_id" IS NULL THEN
    UPDATE "quote_status_counts" SET "count" = "count" - 1 WHERE "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NEW."merged_into_id" IS NULL THEN
    INSERT INTO "quote_status_counts" ("status", "count") VALUES (NEW."status", 1)
    ON CONFLICT ("status") DO UPDATE SET "count" = "quote_status_counts"."count" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER "quotes_status_counts_status" ON "quotes";
--> statement-breakpoint
CREATE TRIGGER "quotes_status_counts_status" AFTER UPDATE OF "status", "merged_into_id" ON "quotes"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status" OR OLD."merged_into_id" IS DISTINCT FROM NEW."merged_into_id")
  EXECUTE FUNCTION "quote_status_counts_track"();
