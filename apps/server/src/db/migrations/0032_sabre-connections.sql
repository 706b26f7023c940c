ALTER TABLE "gds_connections" ADD COLUMN "environment" text;--> statement-breakpoint
ALTER TABLE "gds_connections" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "gds_connections" ADD COLUMN "sign_in_pcc" text;--> statement-breakpoint
ALTER TABLE "gds_connections" ADD COLUMN "customer_number" text;--> statement-breakpoint
ALTER TABLE "gds_connections" ADD COLUMN "queues" jsonb;