CREATE INDEX "deliveries_sent_at_idx" ON "deliveries" USING btree ("sent_at");--> statement-breakpoint
CREATE INDEX "booking_checks_checked_at_idx" ON "booking_checks" USING btree ("checked_at");