-- employees.active is a copy of the account's users.active, kept by the triggers below with
-- sort_name (migration 0003): a page of the list sorted by an employees column is then read from
-- one index of employees alone, the active workers' own partial index by default.
ALTER TABLE "employees" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
UPDATE "employees" SET "active" = "users"."active" FROM "users" WHERE "users"."id" = "employees"."user_id";--> statement-breakpoint
DROP TRIGGER "employees_sort_name" ON "employees";--> statement-breakpoint
DROP TRIGGER "users_search_text_to_employee" ON "users";--> statement-breakpoint
DROP FUNCTION "employees_copy_sort_name"();--> statement-breakpoint
DROP FUNCTION "users_copy_search_text_to_employee"();--> statement-breakpoint
CREATE FUNCTION "employees_copy_account"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE account record;
BEGIN
  SELECT "search_text", "active" INTO account FROM "users" WHERE "id" = NEW."user_id";
  -- No account: the foreign key refuses the row right after.
  IF FOUND THEN
    NEW."sort_name" := account."search_text";
    NEW."active" := account."active";
  END IF;
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "employees_account_copy" BEFORE INSERT OR UPDATE OF "user_id", "sort_name", "active" ON "employees"
  FOR EACH ROW EXECUTE FUNCTION "employees_copy_account"();--> statement-breakpoint
CREATE FUNCTION "users_copy_to_employee"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "employees" SET "sort_name" = NEW."search_text", "active" = NEW."active" WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_account_to_employee" AFTER UPDATE OF "search_text", "active" ON "users"
  FOR EACH ROW WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text" OR OLD."active" IS DISTINCT FROM NEW."active")
  EXECUTE FUNCTION "users_copy_to_employee"();--> statement-breakpoint
CREATE INDEX "employees_active_status_order_idx" ON "employees" USING btree ("status","sort_name","user_id") WHERE "employees"."active";
