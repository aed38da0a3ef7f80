-- One accent and case fold for uniqueness, search and sort, instead of translate() with a fixed
-- list of letters (which left "Dvořák" beside "Dvorak", and a decomposed "e" + U+0301 beside "é"):
-- Unicode NFKD, combining marks removed, ASCII letters lower-cased under the C collation (the same on
-- every server, whatever its own collation), and the Latin letters that do not decompose spelled
-- out. Its JavaScript twin is accentFold() in packages/shared/src/text.ts; a test holds them equal.
CREATE FUNCTION "accent_fold"("value" text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT replace(replace(replace(replace(replace(replace(replace(replace(translate(
    lower(regexp_replace(normalize("value", NFKD), '[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]', '', 'g') COLLATE "C"),
    'øØłŁđĐðÐħĦıŧŦŋŊĸ', 'oollddddhhittnnk'),
    'œ', 'oe'), 'Œ', 'oe'), 'æ', 'ae'), 'Æ', 'ae'), 'ß', 'ss'), 'ẞ', 'ss'), 'þ', 'th'), 'Þ', 'th')
$$;--> statement-breakpoint
DROP INDEX "skills_name_fr_key";--> statement-breakpoint
DROP INDEX "skills_name_en_key";--> statement-breakpoint
DROP INDEX "tools_name_fr_key";--> statement-breakpoint
DROP INDEX "tools_name_en_key";--> statement-breakpoint
DROP INDEX "clients_name_key";--> statement-breakpoint
DROP INDEX "sites_client_name_key";--> statement-breakpoint
DROP INDEX "sites_name_order_idx";--> statement-breakpoint
DROP INDEX "employees_city_order_idx";--> statement-breakpoint
DROP INDEX "employees_city_desc_order_idx";--> statement-breakpoint
DROP INDEX "users_first_name_order_idx";--> statement-breakpoint
-- Names that the new fold makes twins ("Dvořák" beside "Dvorak") keep their rows, the later one
-- renamed "… (2)", so that the unique indexes can be built and an admin can merge or rename them.
UPDATE "clients" SET "name" = "clients"."name" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY accent_fold("name") ORDER BY "created_at", "id") AS n FROM "clients") twins WHERE twins."id" = "clients"."id" AND twins.n > 1;--> statement-breakpoint
UPDATE "sites" SET "name" = "sites"."name" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY "client_id", accent_fold("name") ORDER BY "created_at", "id") AS n FROM "sites") twins WHERE twins."id" = "sites"."id" AND twins.n > 1;--> statement-breakpoint
UPDATE "skills" SET "name_fr" = "skills"."name_fr" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY accent_fold("name_fr") ORDER BY "created_at", "id") AS n FROM "skills") twins WHERE twins."id" = "skills"."id" AND twins.n > 1;--> statement-breakpoint
UPDATE "skills" SET "name_en" = "skills"."name_en" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY accent_fold("name_en") ORDER BY "created_at", "id") AS n FROM "skills") twins WHERE twins."id" = "skills"."id" AND twins.n > 1;--> statement-breakpoint
UPDATE "tools" SET "name_fr" = "tools"."name_fr" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY accent_fold("name_fr") ORDER BY "created_at", "id") AS n FROM "tools") twins WHERE twins."id" = "tools"."id" AND twins.n > 1;--> statement-breakpoint
UPDATE "tools" SET "name_en" = "tools"."name_en" || ' (' || twins.n || ')' FROM (SELECT "id", row_number() OVER (PARTITION BY accent_fold("name_en") ORDER BY "created_at", "id") AS n FROM "tools") twins WHERE twins."id" = "tools"."id" AND twins.n > 1;--> statement-breakpoint
-- Search texts are folded the same way (users first: its trigger copies it to employees.sort_name).
UPDATE "users" SET "search_text" = accent_fold("search_text") WHERE "search_text" <> accent_fold("search_text");--> statement-breakpoint
UPDATE "clients" SET "search_text" = accent_fold("search_text") WHERE "search_text" <> accent_fold("search_text");--> statement-breakpoint
UPDATE "sites" SET "search_text" = accent_fold("search_text") WHERE "search_text" <> accent_fold("search_text");--> statement-breakpoint
UPDATE "skills" SET "search_text" = accent_fold("search_text") WHERE "search_text" <> accent_fold("search_text");--> statement-breakpoint
UPDATE "tools" SET "search_text" = accent_fold("search_text") WHERE "search_text" <> accent_fold("search_text");--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_fr_key" ON "skills" USING btree (accent_fold("name_fr"));--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_en_key" ON "skills" USING btree (accent_fold("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "tools_name_fr_key" ON "tools" USING btree (accent_fold("name_fr"));--> statement-breakpoint
CREATE UNIQUE INDEX "tools_name_en_key" ON "tools" USING btree (accent_fold("name_en"));--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_key" ON "clients" USING btree (accent_fold("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "sites_client_name_key" ON "sites" USING btree ("client_id",accent_fold("name"));--> statement-breakpoint
CREATE INDEX "sites_name_order_idx" ON "sites" USING btree (accent_fold("name"),"id");--> statement-breakpoint
CREATE INDEX "employees_city_order_idx" ON "employees" USING btree (accent_fold("city"));--> statement-breakpoint
CREATE INDEX "employees_city_desc_order_idx" ON "employees" USING btree (accent_fold("city") desc nulls last);--> statement-breakpoint
CREATE INDEX "users_first_name_order_idx" ON "users" USING btree (accent_fold("first_name"),"search_text","id");