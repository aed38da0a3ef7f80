ALTER TABLE "orders" ADD COLUMN "unpaid_break_minutes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Orders written before the field get the break a new one gets when none is said
-- (defaultUnpaidBreakMinutes): Québec's 30-minute meal break past 5 hours of work.
UPDATE "orders" SET "unpaid_break_minutes" = 30 WHERE "daily_end_minute" - "daily_start_minute" > 300;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_unpaid_break" CHECK ("orders"."unpaid_break_minutes" >= 0 and "orders"."unpaid_break_minutes" < "orders"."daily_end_minute" - "orders"."daily_start_minute");
