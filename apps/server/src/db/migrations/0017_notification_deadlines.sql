ALTER TABLE "notifications" ADD COLUMN "deadline_at" timestamp with time zone;--> statement-breakpoint
-- Notifications already raised get the deadline their payload holds; a text that does not read
-- as a time is left without one, as the writer does.
UPDATE "notifications" SET "deadline_at" = ("payload"->>'last_purchase_date')::timestamptz
  WHERE "payload"->>'last_purchase_date' ~ '^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$';--> statement-breakpoint
CREATE INDEX "notifications_agent_deadline_idx" ON "notifications" USING btree ("agent_id","group","subtype","deadline_at","id") WHERE "notifications"."status" <> 'DEL';--> statement-breakpoint
CREATE INDEX "notifications_branch_deadline_idx" ON "notifications" USING btree ("branch_id","group","subtype","deadline_at","id") WHERE "notifications"."status" <> 'DEL';--> statement-breakpoint
CREATE INDEX "notifications_agency_deadline_idx" ON "notifications" USING btree ("agency_id","group","subtype","deadline_at","id") WHERE "notifications"."status" <> 'DEL';--> statement-breakpoint
CREATE INDEX "notifications_group_deadline_idx" ON "notifications" USING btree ("group","subtype","deadline_at","id") WHERE "notifications"."status" <> 'DEL';
