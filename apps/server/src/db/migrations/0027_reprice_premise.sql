-- A reprice alert keeps the fare and offer it compared, so each check judges it again
-- (docs/decisions/060); older alerts have none and are left as they are.
ALTER TABLE "price_quotes" ADD COLUMN "premise" jsonb;