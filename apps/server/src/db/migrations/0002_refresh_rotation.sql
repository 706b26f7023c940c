DROP INDEX "sign_in_requests_secret_key";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "previous_refresh_token_hash" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "refresh_rotated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "sessions_previous_refresh_token_idx" ON "sessions" USING btree ("previous_refresh_token_hash");--> statement-breakpoint
CREATE INDEX "sign_in_requests_secret_idx" ON "sign_in_requests" USING btree ("secret_hash");