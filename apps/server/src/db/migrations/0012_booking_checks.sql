CREATE TABLE "booking_checks" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "booking_checks_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"booking_id" integer NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	"gds_time" timestamp with time zone,
	"result" text NOT NULL,
	"changed" boolean DEFAULT false NOT NULL,
	"error" text,
	"decisions" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "booking_checks" ADD CONSTRAINT "booking_checks_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_checks_booking_idx" ON "booking_checks" USING btree ("booking_id","checked_at" DESC NULLS FIRST);