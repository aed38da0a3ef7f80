CREATE TABLE "phone_changes" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_changes" ADD CONSTRAINT "phone_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- A mobile is one active person's. Two active accounts that already share one keep it (nobody can
-- tell here which of them it truly belongs to, and nothing is cleared silently): the index is then
-- not created, a warning says how many numbers are shared, and the services refuse any new sharing.
-- The server's start creates the index once the office has given each number to one person
-- (modules/users/phone-index.ts).
DO $$
DECLARE shared integer;
BEGIN
  SELECT count(*) INTO shared FROM (
    SELECT "phone" FROM "users" WHERE "active" AND "phone" IS NOT NULL GROUP BY "phone" HAVING count(*) > 1
  ) AS numbers;
  IF shared = 0 THEN
    CREATE UNIQUE INDEX "users_active_phone_key" ON "users" USING btree ("phone") WHERE "users"."active" and "users"."phone" is not null;
  ELSE
    RAISE WARNING 'users_active_phone_key not created: % mobile number(s) shared by active accounts', shared;
  END IF;
END $$;