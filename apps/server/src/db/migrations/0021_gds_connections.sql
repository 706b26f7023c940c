CREATE TABLE "gds_connections" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "gds_connections_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"provider" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"api_url" text,
	"sealed_token" text,
	"token_hint" text,
	"sealed_webhook_secret" text,
	"default_branch_id" integer,
	"agent_metadata_key" text DEFAULT 'agent_email' NOT NULL,
	"last_test" jsonb,
	"synced_at" timestamp with time zone,
	"disconnected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "provider_events" (
	"connection_id" integer NOT NULL,
	"event_id" text NOT NULL,
	"type" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "connection_id" integer;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "provider_booking_id" text;--> statement-breakpoint
ALTER TABLE "gds_connections" ADD CONSTRAINT "gds_connections_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gds_connections" ADD CONSTRAINT "gds_connections_default_branch_id_branches_id_fk" FOREIGN KEY ("default_branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "provider_events" ADD CONSTRAINT "provider_events_connection_id_gds_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."gds_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gds_connections_agency_idx" ON "gds_connections" USING btree ("agency_id");--> statement-breakpoint
CREATE UNIQUE INDEX "gds_connections_live_key" ON "gds_connections" USING btree ("agency_id","provider") WHERE "gds_connections"."status" = 'ACTIVE';--> statement-breakpoint
CREATE UNIQUE INDEX "provider_events_key" ON "provider_events" USING btree ("connection_id","event_id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_connection_id_gds_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."gds_connections"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bookings_provider_booking_idx" ON "bookings" USING btree ("connection_id","provider_booking_id");--> statement-breakpoint
-- The simulator is a connection too: every agency had it implicitly, and its bookings came through it.
INSERT INTO "gds_connections" ("agency_id", "provider") SELECT "id", 'SIMULATOR' FROM "agencies";--> statement-breakpoint
UPDATE "bookings" SET "connection_id" = c."id" FROM "gds_connections" c WHERE c."agency_id" = "bookings"."agency_id" AND c."provider" = 'SIMULATOR';
