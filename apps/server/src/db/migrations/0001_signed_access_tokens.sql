DROP INDEX "sessions_access_token_key";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "access_token_hash";--> statement-breakpoint
ALTER TABLE "sessions" DROP COLUMN "access_expires_at";