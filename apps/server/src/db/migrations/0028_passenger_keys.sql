-- The agency's other bookings of a passenger are found by name, case, spacing and punctuation
-- aside (personKey; docs/decisions/063): churning across PNRs and overlapping trips.
ALTER TABLE "bookings" ADD COLUMN "passenger_keys" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_passenger_keys_idx" ON "bookings" USING gin ("passenger_keys");--> statement-breakpoint
-- Existing bookings take their keys from their latest snapshot, as nameKey spells them.
UPDATE "bookings" SET "passenger_keys" = coalesce((
  SELECT array_agg(DISTINCT
    btrim(regexp_replace(lower(p->>'lastName'), '[^a-z]+', ' ', 'g'), ' ') || '/' ||
    btrim(regexp_replace(lower(p->>'firstName'), '[^a-z]+', ' ', 'g'), ' '))
  FROM "booking_snapshots" s, jsonb_array_elements(s."data"->'passengers') p
  WHERE s."id" = "bookings"."latest_snapshot_id"
), '{}'::text[]);
