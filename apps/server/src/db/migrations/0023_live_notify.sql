-- Live notifications (docs/decisions/045): whoever changes notifications or ends a session (the
-- engine, an API call, the admin CLI, a hand in psql), the API processes LISTENing hear of it.
-- NOTIFY is sent at commit and not at all on rollback, so a listener hears only what it can read.
--
-- A statement's notifications as the places they sit in, each [agency, branch, agent, newest id
-- touched there], 100 places a message: about 6 KB at most, well inside NOTIFY's 8000 bytes.
-- `latestId` is the newest id the whole statement touched.
CREATE FUNCTION "notifications_announce"() RETURNS trigger
LANGUAGE plpgsql AS $$
DECLARE
	places json[];
	latest bigint;
	chunk integer;
BEGIN
	-- Transition tables exist only for the events that have them, hence one branch each.
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(json_build_array(t.agency_id, t.branch_id, t.agent_id, t.newest)),
			max(t.newest)
		INTO places, latest
		FROM (SELECT agency_id, branch_id, agent_id, max(id) AS newest
			FROM new_rows GROUP BY 1, 2, 3) t;
	ELSIF TG_OP = 'UPDATE' THEN
		-- Both sides: a notification moved to another agent is news to both agents.
		SELECT array_agg(json_build_array(t.agency_id, t.branch_id, t.agent_id, t.newest)),
			max(t.newest)
		INTO places, latest
		FROM (SELECT agency_id, branch_id, agent_id, max(id) AS newest
			FROM (SELECT agency_id, branch_id, agent_id, id FROM old_rows
				UNION ALL SELECT agency_id, branch_id, agent_id, id FROM new_rows) r
			GROUP BY 1, 2, 3) t;
	ELSE
		SELECT array_agg(json_build_array(t.agency_id, t.branch_id, t.agent_id, t.newest)),
			max(t.newest)
		INTO places, latest
		FROM (SELECT agency_id, branch_id, agent_id, max(id) AS newest
			FROM old_rows GROUP BY 1, 2, 3) t;
	END IF;
	-- A statement that touched no row (an UPDATE that matched nothing) has nothing to say.
	IF places IS NULL THEN
		RETURN NULL;
	END IF;
	FOR chunk IN 0 .. (cardinality(places) - 1) / 100 LOOP
		PERFORM pg_notify('smt_notifications', json_build_object(
			'latestId', latest,
			'places', places[chunk * 100 + 1 : chunk * 100 + 100])::text);
	END LOOP;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notifications_announce_insert" AFTER INSERT ON "notifications"
	REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();
--> statement-breakpoint
CREATE TRIGGER "notifications_announce_update" AFTER UPDATE ON "notifications"
	REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
	FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();
--> statement-breakpoint
CREATE TRIGGER "notifications_announce_delete" AFTER DELETE ON "notifications"
	REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION notifications_announce();
--> statement-breakpoint
-- A session that ends (revoked, or deleted while still live) is announced by its id, so that
-- every process ends its live streams at once and forgets what it cached of it. An idle or
-- expired session ends by time, which no trigger sees: streams are bounded by their token.
CREATE FUNCTION "sessions_announce_end"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('smt_sessions', OLD.id::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_revoke" AFTER UPDATE OF revoked_at ON "sessions" FOR EACH ROW
	WHEN (OLD.revoked_at IS NULL AND NEW.revoked_at IS NOT NULL)
	EXECUTE FUNCTION sessions_announce_end();
--> statement-breakpoint
CREATE TRIGGER "sessions_announce_delete" AFTER DELETE ON "sessions" FOR EACH ROW
	WHEN (OLD.revoked_at IS NULL) EXECUTE FUNCTION sessions_announce_end();
