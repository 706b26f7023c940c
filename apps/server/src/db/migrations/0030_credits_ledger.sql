-- The credits ledger (issue 36, docs/decisions/068): every airline or provider credit the
-- product knows of, scoped like the notifications; and the kind of money a reprice saves
-- (docs/decisions/067), so that cash and credit are counted apart.
CREATE TABLE "credits" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credits_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"agency_id" integer NOT NULL,
	"branch_id" integer NOT NULL,
	"agent_id" integer NOT NULL,
	"booking_id" integer NOT NULL,
	"notification_id" bigint,
	"passenger_name" text NOT NULL,
	"passenger_key" text NOT NULL,
	"airline" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"currency" text NOT NULL,
	"expires_on" date,
	"source" text NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"reference" text,
	"warned_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "saving_kind" text;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_agency_id_agencies_id_fk" FOREIGN KEY ("agency_id") REFERENCES "public"."agencies"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credits" ADD CONSTRAINT "credits_notification_id_notifications_id_fk" FOREIGN KEY ("notification_id") REFERENCES "public"."notifications"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credits_agent_list_idx" ON "credits" USING btree ("agent_id","state","expires_on","id");--> statement-breakpoint
CREATE INDEX "credits_branch_list_idx" ON "credits" USING btree ("branch_id","state","expires_on","id");--> statement-breakpoint
CREATE INDEX "credits_agency_list_idx" ON "credits" USING btree ("agency_id","state","expires_on","id");--> statement-breakpoint
CREATE INDEX "credits_passenger_idx" ON "credits" USING btree ("agency_id","passenger_key","airline") WHERE "credits"."state" = 'open';--> statement-breakpoint
CREATE INDEX "credits_open_expiry_idx" ON "credits" USING btree ("expires_on") WHERE "credits"."state" = 'open';--> statement-breakpoint
CREATE UNIQUE INDEX "credits_notification_key" ON "credits" USING btree ("notification_id","passenger_key") WHERE "credits"."notification_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "credits_reference_key" ON "credits" USING btree ("agency_id","airline","reference") WHERE "credits"."reference" is not null;--> statement-breakpoint
-- Reprices raised before the kind was kept take it from their first quote, cash where it says none.
UPDATE "notifications" n SET "saving_kind" = coalesce(
  (SELECT q."saving"->>'kind' FROM "price_quotes" q WHERE q."notification_id" = n."id" ORDER BY q."seq_num" LIMIT 1),
  'cash')
WHERE n."type" = 'Reprice';
