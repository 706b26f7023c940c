ALTER TABLE "bookings" ADD COLUMN "origins" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "destinations" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
CREATE INDEX "bookings_origins_idx" ON "bookings" USING gin ("origins");--> statement-breakpoint
CREATE INDEX "bookings_destinations_idx" ON "bookings" USING gin ("destinations");--> statement-breakpoint
-- Bookings already watched get their route by the rule of journeyRouteOf (packages/shared,
-- docs/decisions/032) from their latest snapshot: every flown leg's airports, and the
-- destination of a trip that comes back moved from its origin to its turnaround. Watched
-- bookings are rewritten at their next check anyway; departed and cancelled ones are not.
WITH legs AS (
  SELECT b.id, s.ord, s.leg->>'from' AS f, s.leg->>'to' AS t,
    replace(s.leg->>'departure', ' ', 'T')::timestamp AS dep,
    replace(s.leg->>'arrival', ' ', 'T')::timestamp AS arr
  FROM "bookings" b
  JOIN "booking_snapshots" bs ON bs.id = b.latest_snapshot_id
  CROSS JOIN LATERAL jsonb_array_elements(bs.data->'segments') WITH ORDINALITY AS s(leg, ord)
  WHERE s.leg->>'status' NOT IN ('UN', 'HX', 'NO', 'UC')
), stops AS (
  SELECT id, ord, f, t,
    first_value(f) OVER (PARTITION BY id ORDER BY ord) AS first_from,
    last_value(t) OVER (PARTITION BY id ORDER BY ord
      ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING) AS last_to,
    lead(f) OVER (PARTITION BY id ORDER BY ord) AS next_from,
    lead(dep) OVER (PARTITION BY id ORDER BY ord) - arr AS ground
  FROM legs
), routes AS (
  SELECT id,
    array_agg(DISTINCT f) AS origins,
    array_agg(DISTINCT t) AS destinations,
    min(first_from) AS origin,
    CASE WHEN min(last_to) <> min(first_from) THEN min(last_to)
      ELSE coalesce(
        (array_agg(t ORDER BY ord) FILTER (
          WHERE next_from IS NOT NULL AND (next_from <> t OR ground >= interval '24 hours')))[1],
        (array_agg(t ORDER BY ground DESC NULLS LAST, ord))[1])
    END AS destination
  FROM stops
  GROUP BY id
)
UPDATE "bookings" b
SET "origins" = r.origins, "destinations" = r.destinations,
  "origin" = r.origin, "destination" = r.destination
FROM routes r
WHERE r.id = b.id;
