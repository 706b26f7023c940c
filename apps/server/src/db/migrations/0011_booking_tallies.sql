CREATE TABLE "booking_tallies" (
	"departure_day" date,
	"agency_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"priced" integer NOT NULL,
	"unpriced" integer NOT NULL,
	"compacted" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE INDEX "booking_tallies_departure_idx" ON "booking_tallies" USING btree ("departure_day");
--> statement-breakpoint
-- Bookings counted with (priced) and without a current price, +1 as they are now and -1 as
-- they were (docs/decisions/016).
CREATE FUNCTION "add_booking_tallies"(weight integer, departure_at timestamp with time zone,
	agency_id integer, branch_id integer, agent_id integer, current_price numeric) RETURNS void
LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO booking_tallies (departure_day, agency_id, branch_id, agent_id, priced, unpriced)
	VALUES ((add_booking_tallies.departure_at AT TIME ZONE 'UTC')::date,
		add_booking_tallies.agency_id, add_booking_tallies.branch_id, add_booking_tallies.agent_id,
		CASE WHEN add_booking_tallies.current_price IS NOT NULL THEN weight ELSE 0 END,
		CASE WHEN add_booking_tallies.current_price IS NULL THEN weight ELSE 0 END);
END
$$;
--> statement-breakpoint
CREATE FUNCTION "bookings_price_tally"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	-- Inserts and deletes come a statement at a time (a sync adds many bookings at once);
	-- updates a row at a time, and only those that move a booking between tallies.
	IF TG_OP = 'INSERT' THEN
		INSERT INTO booking_tallies (departure_day, agency_id, branch_id, agent_id, priced, unpriced)
		SELECT (b.departure_at AT TIME ZONE 'UTC')::date, b.agency_id, b.branch_id, b.agent_id,
			count(*) FILTER (WHERE b.current_price IS NOT NULL),
			count(*) FILTER (WHERE b.current_price IS NULL)
		FROM new_rows b GROUP BY 1, 2, 3, 4;
	ELSIF TG_OP = 'DELETE' THEN
		INSERT INTO booking_tallies (departure_day, agency_id, branch_id, agent_id, priced, unpriced)
		SELECT (b.departure_at AT TIME ZONE 'UTC')::date, b.agency_id, b.branch_id, b.agent_id,
			-count(*) FILTER (WHERE b.current_price IS NOT NULL),
			-count(*) FILTER (WHERE b.current_price IS NULL)
		FROM old_rows b GROUP BY 1, 2, 3, 4;
	ELSE
		PERFORM add_booking_tallies(-1, OLD.departure_at, OLD.agency_id, OLD.branch_id,
			OLD.agent_id, OLD.current_price);
		PERFORM add_booking_tallies(1, NEW.departure_at, NEW.agency_id, NEW.branch_id,
			NEW.agent_id, NEW.current_price);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "bookings_price_tally_insert" AFTER INSERT ON "bookings"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_price_tally();
--> statement-breakpoint
CREATE TRIGGER "bookings_price_tally_delete" AFTER DELETE ON "bookings"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION bookings_price_tally();
--> statement-breakpoint
CREATE TRIGGER "bookings_price_tally_update" AFTER UPDATE ON "bookings" FOR EACH ROW
	WHEN ((OLD.departure_at AT TIME ZONE 'UTC')::date
			IS DISTINCT FROM (NEW.departure_at AT TIME ZONE 'UTC')::date
		OR OLD.agency_id <> NEW.agency_id OR OLD.branch_id <> NEW.branch_id
		OR OLD.agent_id <> NEW.agent_id
		OR (OLD.current_price IS NULL) <> (NEW.current_price IS NULL))
	EXECUTE FUNCTION bookings_price_tally();
--> statement-breakpoint
-- The bookings already there, tallied once.
INSERT INTO booking_tallies (departure_day, agency_id, branch_id, agent_id, priced, unpriced,
	compacted)
SELECT (b.departure_at AT TIME ZONE 'UTC')::date, b.agency_id, b.branch_id, b.agent_id,
	count(*) FILTER (WHERE b.current_price IS NOT NULL),
	count(*) FILTER (WHERE b.current_price IS NULL), true
FROM bookings b GROUP BY 1, 2, 3, 4;
