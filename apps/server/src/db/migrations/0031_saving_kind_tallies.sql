-- The dashboard and home count cash and airline credit apart (issue 36, docs/decisions/067):
-- each tally keeps the kind of money its reprices save, so a sum is of one currency and one
-- kind. Reprices kept before the kind was (saving_kind null) are cash; other types have ''.
ALTER TABLE "notification_tallies" ADD COLUMN "saving_kind" text DEFAULT '' NOT NULL;
--> statement-breakpoint
ALTER TYPE "notification_tally_change" ADD ATTRIBUTE "saving_kind" text;
--> statement-breakpoint
-- 0020's function with the kind beside the currency, in the row, its key and nothing else.
CREATE OR REPLACE FUNCTION "add_notification_tallies"(changes "notification_tally_change"[]) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO notification_tallies (kind, level, grain, period, agency_id, branch_id, agent_id,
		type, "group", currency, saving_kind, key, notifications, completed, unread, executed,
		potential_cents, actual_cents)
	SELECT d.kind, l.level, g.grain,
		CASE g.grain WHEN 'D' THEN d.day ELSE date_trunc('month', d.day)::date END,
		c.agency_id, l.branch_id, l.agent_id, c.type, c."group", coalesce(c.currency, ''),
		CASE WHEN c.type = 'Reprice' THEN coalesce(c.saving_kind, 'cash') ELSE '' END, d.key,
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
	GROUP BY 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12
	HAVING sum(c.weight) <> 0
		OR sum(c.weight * (c.subtype = 'Complete')::int) <> 0
		OR sum(c.weight * (c.status IN ('NEW', 'READY'))::int) <> 0
		OR sum(c.weight * (c.type = 'Reprice' AND c.actual_saving IS NOT NULL)::int) <> 0
		OR sum(c.weight * coalesce(c.potential_saving, 0)) <> 0
		OR sum(c.weight * coalesce(c.actual_saving, 0)) <> 0;
END
$$;
--> statement-breakpoint
-- 0010's trigger functions with the notification's kind in each change; a reprice revised from
-- cash to credit moves from one key to the other like any other column.
CREATE OR REPLACE FUNCTION "notifications_tally"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	-- Transition tables exist only for the events that have them, hence one branch each.
	IF TG_OP = 'INSERT' THEN
		PERFORM add_notification_tallies(array(
			SELECT row(1, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
				n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
				b.carrier_code, b.customer_number, b.departure_at,
				n.saving_kind)::notification_tally_change
			FROM new_rows n JOIN bookings b ON b.id = n.booking_id));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM add_notification_tallies(array(
			SELECT row(-1, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
				n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
				b.carrier_code, b.customer_number, b.departure_at,
				n.saving_kind)::notification_tally_change
			FROM old_rows n JOIN bookings b ON b.id = n.booking_id
			UNION ALL
			SELECT row(1, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
				n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
				b.carrier_code, b.customer_number, b.departure_at,
				n.saving_kind)::notification_tally_change
			FROM new_rows n JOIN bookings b ON b.id = n.booking_id));
	ELSE
		PERFORM add_notification_tallies(array(
			SELECT row(-1, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
				n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
				b.carrier_code, b.customer_number, b.departure_at,
				n.saving_kind)::notification_tally_change
			FROM old_rows n JOIN bookings b ON b.id = n.booking_id));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "bookings_tally"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM add_notification_tallies(array(
		SELECT row(w.weight, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
			n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
			w.carrier_code, w.customer_number, w.departure_at,
			n.saving_kind)::notification_tally_change
		FROM notifications n
		CROSS JOIN (VALUES
			(-1, OLD.carrier_code, OLD.customer_number, OLD.departure_at),
			(1, NEW.carrier_code, NEW.customer_number, NEW.departure_at)
		) AS w(weight, carrier_code, customer_number, departure_at)
		WHERE n.booking_id = NEW.id));
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- The tallies made again from the notifications, each reprice under its kind (0030 gave the
-- older ones theirs), once and folded, as 0010 made them first.
DELETE FROM "notification_tallies";
--> statement-breakpoint
SELECT add_notification_tallies(array(
	SELECT row(1, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
		n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
		b.carrier_code, b.customer_number, b.departure_at, n.saving_kind)::notification_tally_change
	FROM notifications n JOIN bookings b ON b.id = n.booking_id));
--> statement-breakpoint
UPDATE "notification_tallies" SET "compacted" = true;
