ALTER TABLE "quotes" ADD COLUMN "repeat_of_id" integer;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_repeat_of_id_quotes_id_fk" FOREIGN KEY ("repeat_of_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_repeat_of_idx" ON "quotes" USING btree ("repeat_of_id") WHERE "quotes"."repeat_of_id" is not null;