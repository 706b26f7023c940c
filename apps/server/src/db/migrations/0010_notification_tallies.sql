CREATE TABLE "notification_tallies" (
	"kind" text NOT NULL,
	"level" text NOT NULL,
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"agency_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"type" text NOT NULL,
	"group" text NOT NULL,
	"currency" text DEFAULT '' NOT NULL,
	"key" text DEFAULT '' NOT NULL,
	"notifications" integer NOT NULL,
	"completed" integer NOT NULL,
	"unread" integer NOT NULL,
	"executed" integer NOT NULL,
	"potential_cents" bigint NOT NULL,
	"actual_cents" bigint NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "notification_tallies_period_idx" ON "notification_tallies" USING btree ("kind","level","grain","period");--> statement-breakpoint
CREATE INDEX "notification_tallies_unfolded_idx" ON "notification_tallies" USING btree ("kind","level","grain","period") WHERE not "notification_tallies"."compacted";
--> statement-breakpoint
-- What a change to one notification adds to the tallies: its columns, weighed +1 for the row
-- as it is now and -1 for the row as it was, with its booking's carrier, customer number and
-- departure at that moment (docs/decisions/016).
CREATE TYPE "notification_tally_change" AS (
	"weight" integer,
	"agency_id" integer,
	"branch_id" integer,
	"agent_id" integer,
	"type" text,
	"group" text,
	"subtype" text,
	"status" text,
	"notification_time" timestamp with time zone,
	"potential_saving" numeric,
	"actual_saving" numeric,
	"currency" text,
	"carrier_code" text,
	"customer_number" text,
	"departure_at" timestamp with time zone
);
--> statement-breakpoint
-- Each change counts in every kind it belongs to, by day and by month (pending ones by month
-- only), for its agent and for its agency; deleted notifications count nowhere. Differences
-- that cancel out (a notification edited in a column no tally reads) write nothing.
-- PL/pgSQL rather than SQL: its plan is kept for the session, where a SQL function's is made
-- again on every call, which the engine would pay on every notification it raises.
CREATE FUNCTION "add_notification_tallies"(changes "notification_tally_change"[]) RETURNS void
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
		(CASE WHEN c.carrier_code IS NOT NULL AND (c.type IN ('Churning', 'SegmentRemoval')
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
--> statement-breakpoint
CREATE FUNCTION "notifications_tally"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	-- Transition tables exist only for the events that have them, hence one branch each.
	IF TG_OP = 'INSERT' THEN
		PERFORM add_notification_tallies(array(
			SELECT row(1, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
				n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
				b.carrier_code, b.customer_number, b.departure_at)::notification_tally_change
			FROM new_rows n JOIN bookings b ON b.id = n.booking_id));
	ELSIF TG_OP = 'UPDATE' THEN
		PERFORM add_notification_tallies(array(
			SELECT row(-1, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
				n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
				b.carrier_code, b.customer_number, b.departure_at)::notification_tally_change
			FROM old_rows n JOIN bookings b ON b.id = n.booking_id
			UNION ALL
			SELECT row(1, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
				n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
				b.carrier_code, b.customer_number, b.departure_at)::notification_tally_change
			FROM new_rows n JOIN bookings b ON b.id = n.booking_id));
	ELSE
		PERFORM add_notification_tallies(array(
			SELECT row(-1, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
				n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
				b.carrier_code, b.customer_number, b.departure_at)::notification_tally_change
			FROM old_rows n JOIN bookings b ON b.id = n.booking_id));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_tally_insert" AFTER INSERT ON "notifications"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_tally();
--> statement-breakpoint
CREATE TRIGGER "notifications_tally_update" AFTER UPDATE ON "notifications"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notifications_tally();
--> statement-breakpoint
CREATE TRIGGER "notifications_tally_delete" AFTER DELETE ON "notifications"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_tally();
--> statement-breakpoint
-- A booking's new carrier, customer number or departure moves its notifications between the
-- keys and days of the kinds that read them. Bookings are never deleted (only emptied with
-- every table by the dev reset), so their notifications are always there to join.
CREATE FUNCTION "bookings_tally"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM add_notification_tallies(array(
		SELECT row(w.weight, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
			n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
			w.carrier_code, w.customer_number, w.departure_at)::notification_tally_change
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
CREATE TRIGGER "bookings_tally" AFTER UPDATE OF carrier_code, customer_number, departure_at
	ON "bookings" FOR EACH ROW
	WHEN (OLD.carrier_code IS DISTINCT FROM NEW.carrier_code
		OR OLD.customer_number IS DISTINCT FROM NEW.customer_number
		OR OLD.departure_at IS DISTINCT FROM NEW.departure_at)
	EXECUTE FUNCTION bookings_tally();
--> statement-breakpoint
-- The notifications already there, tallied once and folded.
SELECT add_notification_tallies(array(
	SELECT row(1, n.agency_id, n.branch_id, n.agent_id, n.type, n."group", n.subtype,
		n.status, n.notification_time, n.potential_saving, n.actual_saving, n.currency,
		b.carrier_code, b.customer_number, b.departure_at)::notification_tally_change
	FROM notifications n JOIN bookings b ON b.id = n.booking_id));
--> statement-breakpoint
UPDATE "notification_tallies" SET "compacted" = true;
