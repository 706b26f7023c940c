-- A check asks for the agency's other live bookings on its flights (docs/decisions/040).
CREATE INDEX "bookings_live_flights_idx" ON "bookings" USING gin ("flights") WHERE "bookings"."monitored" and not "bookings"."is_cancelled" and not "bookings"."is_departed";--> statement-breakpoint
-- DuplicateBooking is an ADM: it counts per airline like Churning and SegmentRemoval, as the
-- dashboard's ADM chart reads it (ADM_TYPES). Only that line differs from 0010's function; no
-- DuplicateBooking exists before this migration, so no tally needs making again.
CREATE OR REPLACE FUNCTION "add_notification_tallies"(changes "notification_tally_change"[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO notification_tallies (kind, level, grain, period, agency_id, branch_id, agent_id,
		type, "group", currency, key, notifications, completed, unread, executed, potential_cents,
		actual_cents)
	SELECT d.kind, l.level, g.grain,
		CASE g.grain WHEN 'D' THEN d.day ELSE date_trunc('month', d.day)::date END,
		c.agency_id, l.branch_id, l.agent_id, c.type, c."group", coalesce(c.currency, ''), d.key,
		sum(c.weight)::int,
		sum(c.weight * (c.subtype = 'Complete')::int)::int,
		sum(c.weight * (c.status IN ('NEW', 'READY'))::int)::int,
		sum(c.weight * (c.type = 'Reprice' AND c.actual_saving IS NOT NULL)::int)::int,
		sum(c.weight * CASE WHEN c.type = 'Reprice'
			THEN round(coalesce(c.potential_saving, 0) * 100) ELSE 0 END)::bigint,
		sum(c.weight * CASE WHEN c.type = 'Reprice'
			THEN round(coalesce(c.actual_saving, 0) * 100) ELSE 0 END)::bigint
	FROM unnest(changes) c
	CROSS JOIN LATERAL (VALUES
		('type', (c.notification_time AT TIME ZONE 'UTC')::date, ''),
		(CASE WHEN c.carrier_code IS NOT NULL AND (c.type IN ('Churning', 'SegmentRemoval', 'DuplicateBooking')
			OR (c.type = 'Reprice' AND c.actual_saving IS NOT NULL)) THEN 'airline' END,
			(c.notification_time AT TIME ZONE 'UTC')::date, c.carrier_code),
		(CASE WHEN c.type = 'Reprice' AND c.customer_number IS NOT NULL THEN 'customer' END,
			(c.notification_time AT TIME ZONE 'UTC')::date, c.customer_number),
		(CASE WHEN c.departure_at IS NOT NULL THEN 'departure' END,
			(c.departure_at AT TIME ZONE 'UTC')::date, ''),
		(CASE WHEN c.subtype = 'Pending' THEN 'pending' END,
			(c.notification_time AT TIME ZONE 'UTC')::date, '')
	) AS d(kind, day, key)
	CROSS JOIN (VALUES ('D'), ('M')) AS g(grain)
	CROSS JOIN LATERAL (VALUES ('agent', c.branch_id, c.agent_id), ('agency', 0, 0))
		AS l(level, branch_id, agent_id)
	WHERE d.kind IS NOT NULL AND c.status <> 'DEL' AND NOT (d.kind = 'pending' AND g.grain = 'D')
	GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11
	HAVING sum(c.weight) <> 0
		OR sum(c.weight * (c.subtype = 'Complete')::int) <> 0
		OR sum(c.weight * (c.status IN ('NEW', 'READY'))::int) <> 0
		OR sum(c.weight * (c.type = 'Reprice' AND c.actual_saving IS NOT NULL)::int) <> 0
		OR sum(c.weight * coalesce(c.potential_saving, 0)) <> 0
		OR sum(c.weight * coalesce(c.actual_saving, 0)) <> 0;
END
$$;
