ALTER TABLE "quotes" ADD COLUMN "mailbox_key" text;--> statement-breakpoint
CREATE INDEX "quotes_mailbox_key_idx" ON "quotes" USING btree ("mailbox_key");--> statement-breakpoint
CREATE INDEX "quotes_source_ip_hash_idx" ON "quotes" USING btree ("source_ip_hash");