-- A user whose row changes (disabled, new roles, renamed, moved) or goes is announced on
-- smt_sessions as 'user:<id>', so that every process forgets the sessions it cached of them at
-- once (docs/decisions/046). A sign-in's own write (last_sign_in_at alone) says nothing new.
CREATE FUNCTION "users_announce_change"() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('smt_sessions', 'user:' || OLD.id::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "users_announce_update" AFTER UPDATE ON "users" FOR EACH ROW
	WHEN ((OLD.*) IS DISTINCT FROM (NEW.*)
		AND OLD.last_sign_in_at IS NOT DISTINCT FROM NEW.last_sign_in_at)
	EXECUTE FUNCTION users_announce_change();
--> statement-breakpoint
CREATE TRIGGER "users_announce_delete" AFTER DELETE ON "users" FOR EACH ROW
	EXECUTE FUNCTION users_announce_change();
