-- Watched until the last flight lands (docs/decisions/059): is_departed stays the PNR's Departed
-- label; is_flown ends the watch, and the watch indexes follow it.
DROP INDEX "bookings_live_flights_idx";--> statement-breakpoint
DROP INDEX "bookings_next_check_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "is_flown" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_live_flights_idx" ON "bookings" USING gin ("flights") WHERE "bookings"."monitored" and not "bookings"."is_cancelled" and not "bookings"."is_flown";--> statement-breakpoint
CREATE INDEX "bookings_next_check_idx" ON "bookings" USING btree ("next_check_at") WHERE "bookings"."monitored" and not "bookings"."is_cancelled" and not "bookings"."is_flown";--> statement-breakpoint
-- Bookings the engine stopped watching at their first departure are checked once more: one
-- with a flight still ahead is watched again, one whose flights have all flown is marked so
-- (docs/decisions/059).
UPDATE "bookings" SET "next_check_at" = now() WHERE "is_departed" AND "monitored" AND NOT "is_cancelled" AND "next_check_at" IS NULL;
