ALTER TABLE "branches" ADD COLUMN "gds_synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "reprice_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "check_lease_until" timestamp with time zone;