-- A pending schedule change nobody handled is chased: the agent reminded, then the branch's
-- managers told (docs/decisions/064), counted from when it was raised on the reservation
-- system's clock; each stage is a delivery of its own.
DROP INDEX "deliveries_target_key";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "escalation" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "gds_raised_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "stage" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "deliveries_target_key" ON "deliveries" USING btree ("notification_id","channel","recipient","stage");