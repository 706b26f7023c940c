-- A send the phone's limit stops is answered as sent but never goes out (docs/decisions/052):
-- it is kept, marked withheld, so it counts for the address and the e-mail but not the phone.
ALTER TABLE "sign_in_requests" ADD COLUMN "withheld" boolean DEFAULT false NOT NULL;
