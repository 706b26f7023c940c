ALTER TABLE "bookings" ADD COLUMN "flights" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "passengers" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Bookings already watched get every flown leg's flight and every passenger from their latest
-- snapshot, by the rule of bookingColumnsOf (flightCodeOf: airline and number without leading
-- zeros), so the search box finds a return leg or a second passenger from the first day.
UPDATE "bookings" b
SET "flights" = coalesce((
    SELECT array_agg(DISTINCT (s.leg->>'airline') ||
      coalesce(nullif(ltrim(s.leg->>'flightNumber', '0'), ''), '0'))
    FROM jsonb_array_elements(bs.data->'segments') AS s(leg)
    WHERE s.leg->>'status' NOT IN ('UN', 'HX', 'NO', 'UC')
  ), '{}'::text[]),
  "passengers" = coalesce((
    SELECT array_agg((p.person->>'lastName') || '/' || (p.person->>'firstName') ORDER BY p.ord)
    FROM jsonb_array_elements(bs.data->'passengers') WITH ORDINALITY AS p(person, ord)
  ), '{}'::text[])
FROM "booking_snapshots" bs
WHERE bs.id = b.latest_snapshot_id;
