ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_actor_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "skills_name_fr_lower_key";--> statement-breakpoint
DROP INDEX "skills_name_en_lower_key";--> statement-breakpoint
DROP INDEX "tools_name_fr_lower_key";--> statement-breakpoint
DROP INDEX "tools_name_en_lower_key";--> statement-breakpoint
DROP INDEX "clients_name_lower_key";--> statement-breakpoint
DROP INDEX "sites_client_name_lower_key";--> statement-breakpoint
-- Names are now unique whatever their case, accents and spacing. Existing names are single-spaced
-- first; names that were accepted beside a twin differing only by accents or case ("Construction
-- Berube & Fils" beside "Construction Bérubé & Fils") keep their rows, the later one renamed
-- "… (2)", so that the new unique indexes can be built and an admin can merge or rename them.
UPDATE "clients" SET "name" = regexp_replace(btrim("name"), '\s+', ' ', 'g') WHERE "name" <> regexp_replace(btrim("name"), '\s+', ' ', 'g');--> statement-breakpoint
UPDATE "clients" SET "name" = "clients"."name" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY translate(lower("name"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa') ORDER BY "created_at", "id") AS n FROM "clients") twins WHERE twins."id" = "clients"."id" AND twins.n > 1;--> statement-breakpoint
UPDATE "sites" SET "name" = regexp_replace(btrim("name"), '\s+', ' ', 'g') WHERE "name" <> regexp_replace(btrim("name"), '\s+', ' ', 'g');--> statement-breakpoint
UPDATE "sites" SET "name" = "sites"."name" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "client_id", translate(lower("name"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa') ORDER BY "created_at", "id") AS n FROM "sites") twins WHERE twins."id" = "sites"."id" AND twins.n > 1;--> statement-breakpoint
UPDATE "skills" SET "name_fr" = regexp_replace(btrim("name_fr"), '\s+', ' ', 'g') WHERE "name_fr" <> regexp_replace(btrim("name_fr"), '\s+', ' ', 'g');--> statement-breakpoint
UPDATE "skills" SET "name_fr" = "skills"."name_fr" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY translate(lower("name_fr"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa') ORDER BY "created_at", "id") AS n FROM "skills") twins WHERE twins."id" = "skills"."id" AND twins.n > 1;--> statement-breakpoint
UPDATE "skills" SET "name_en" = regexp_replace(btrim("name_en"), '\s+', ' ', 'g') WHERE "name_en" <> regexp_replace(btrim("name_en"), '\s+', ' ', 'g');--> statement-breakpoint
UPDATE "skills" SET "name_en" = "skills"."name_en" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY translate(lower("name_en"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa') ORDER BY "created_at", "id") AS n FROM "skills") twins WHERE twins."id" = "skills"."id" AND twins.n > 1;--> statement-breakpoint
UPDATE "tools" SET "name_fr" = regexp_replace(btrim("name_fr"), '\s+', ' ', 'g') WHERE "name_fr" <> regexp_replace(btrim("name_fr"), '\s+', ' ', 'g');--> statement-breakpoint
UPDATE "tools" SET "name_fr" = "tools"."name_fr" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY translate(lower("name_fr"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa') ORDER BY "created_at", "id") AS n FROM "tools") twins WHERE twins."id" = "tools"."id" AND twins.n > 1;--> statement-breakpoint
UPDATE "tools" SET "name_en" = regexp_replace(btrim("name_en"), '\s+', ' ', 'g') WHERE "name_en" <> regexp_replace(btrim("name_en"), '\s+', ' ', 'g');--> statement-breakpoint
UPDATE "tools" SET "name_en" = "tools"."name_en" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY translate(lower("name_en"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa') ORDER BY "created_at", "id") AS n FROM "tools") twins WHERE twins."id" = "tools"."id" AND twins.n > 1;--> statement-breakpoint
-- Sites are found by their client's name too (the application refreshes it when a client is renamed).
UPDATE "sites" SET "search_text" = "sites"."search_text" || ' ' || translate(lower("clients"."name"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa') FROM "clients" WHERE "clients"."id" = "sites"."client_id";--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "sort_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_fr_key" ON "skills" USING btree (translate(lower("name_fr"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa'));--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_en_key" ON "skills" USING btree (translate(lower("name_en"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa'));--> statement-breakpoint
CREATE UNIQUE INDEX "tools_name_fr_key" ON "tools" USING btree (translate(lower("name_fr"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa'));--> statement-breakpoint
CREATE UNIQUE INDEX "tools_name_en_key" ON "tools" USING btree (translate(lower("name_en"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa'));--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_key" ON "clients" USING btree (translate(lower("name"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa'));--> statement-breakpoint
CREATE UNIQUE INDEX "sites_client_name_key" ON "sites" USING btree ("client_id",translate(lower("name"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa'));--> statement-breakpoint
CREATE INDEX "sites_name_order_idx" ON "sites" USING btree (translate(lower("name"), 'àâäáãåçéèêëíìîïñóòôöõúùûüýÿœæ', 'aaaaaaceeeeiiiinooooouuuuyyoa'),"id");--> statement-breakpoint
CREATE INDEX "employees_status_order_idx" ON "employees" USING btree ("status","sort_name","user_id");--> statement-breakpoint
-- employees.sort_name is a copy of the account's users.search_text, kept by these triggers whoever
-- writes (the office, the person on their profile, a client renamed, the seeds): sorting by an
-- employees column then by name is then one index's order.
UPDATE "employees" SET "sort_name" = "users"."search_text" FROM "users" WHERE "users"."id" = "employees"."user_id";--> statement-breakpoint
CREATE FUNCTION "employees_copy_sort_name"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW."sort_name" := coalesce((SELECT "search_text" FROM "users" WHERE "id" = NEW."user_id"), '');
  RETURN NEW;
END
$$;--> statement-breakpoint
CREATE TRIGGER "employees_sort_name" BEFORE INSERT OR UPDATE OF "user_id", "sort_name" ON "employees"
  FOR EACH ROW EXECUTE FUNCTION "employees_copy_sort_name"();--> statement-breakpoint
CREATE FUNCTION "users_copy_search_text_to_employee"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "employees" SET "sort_name" = NEW."search_text" WHERE "user_id" = NEW."id";
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "users_search_text_to_employee" AFTER UPDATE OF "search_text" ON "users"
  FOR EACH ROW WHEN (OLD."search_text" IS DISTINCT FROM NEW."search_text")
  EXECUTE FUNCTION "users_copy_search_text_to_employee"();