CREATE TABLE "quote_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
-- Kept exact by the database itself, whoever writes to quotes (the site, the desk, scripts, another process).
CREATE FUNCTION "quote_status_counts_track"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    UPDATE "quote_status_counts" SET "count" = "count" - 1 WHERE "status" = OLD."status";
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO "quote_status_counts" ("status", "count") VALUES (NEW."status", 1)
    ON CONFLICT ("status") DO UPDATE SET "count" = "quote_status_counts"."count" + 1;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "quote_status_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "quote_status_counts";
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "quotes_status_counts_rows" AFTER INSERT OR DELETE ON "quotes"
  FOR EACH ROW EXECUTE FUNCTION "quote_status_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "quotes_status_counts_status" AFTER UPDATE OF "status" ON "quotes"
  FOR EACH ROW WHEN (OLD."status" IS DISTINCT FROM NEW."status") EXECUTE FUNCTION "quote_status_counts_track"();
--> statement-breakpoint
CREATE TRIGGER "quotes_status_counts_truncate" AFTER TRUNCATE ON "quotes"
  FOR EACH STATEMENT EXECUTE FUNCTION "quote_status_counts_clear"();
--> statement-breakpoint
INSERT INTO "quote_status_counts" ("status", "count") SELECT "status", count(*) FROM "quotes" GROUP BY "status";
