CREATE TABLE "absences" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"employee_id" uuid NOT NULL,
	"type" text NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date,
	"from_minute" integer,
	"to_minute" integer,
	"client_id" uuid,
	"site_id" uuid,
	"reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "absences_end_after_start" CHECK ("absences"."ends_on" is null or "absences"."ends_on" >= "absences"."starts_on"),
	CONSTRAINT "absences_end_unless_blacklist" CHECK ("absences"."type" = 'blacklist' or "absences"."ends_on" is not null),
	CONSTRAINT "absences_blacklist_client" CHECK (("absences"."type" = 'blacklist') = ("absences"."client_id" is not null)),
	CONSTRAINT "absences_site_needs_client" CHECK ("absences"."site_id" is null or "absences"."client_id" is not null),
	CONSTRAINT "absences_part_day" CHECK (("absences"."from_minute" is null and "absences"."to_minute" is null) or ("absences"."from_minute" >= 0 and "absences"."to_minute" <= 1440 and "absences"."from_minute" < "absences"."to_minute"))
);
--> statement-breakpoint
CREATE TABLE "holiday_overrides" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"calendar" text NOT NULL,
	"year" integer NOT NULL,
	"kind" text NOT NULL,
	"holiday_key" text,
	"date" date,
	"name_fr" text,
	"name_en" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "holiday_overrides_shape" CHECK (("holiday_overrides"."kind" = 'move' and "holiday_overrides"."holiday_key" is not null and "holiday_overrides"."date" is not null)
        or ("holiday_overrides"."kind" = 'remove' and "holiday_overrides"."holiday_key" is not null and "holiday_overrides"."date" is null)
        or ("holiday_overrides"."kind" = 'add' and "holiday_overrides"."holiday_key" is null and "holiday_overrides"."date" is not null and "holiday_overrides"."name_fr" is not null and "holiday_overrides"."name_en" is not null))
);
--> statement-breakpoint
CREATE TABLE "applicant_skills" (
	"applicant_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	CONSTRAINT "applicant_skills_applicant_id_skill_id_pk" PRIMARY KEY("applicant_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "applicant_status_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"applicant_id" uuid NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"changed_by" uuid,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "applicants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"language" text DEFAULT 'fr' NOT NULL,
	"city" text,
	"years_of_experience" integer,
	"ccq_card_number" text,
	"ccq_card_level" text,
	"ccq_card_expires_on" date,
	"available_on" date,
	"source" text DEFAULT 'other' NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"notes" text,
	"cv_key" text,
	"cv_file_name" text,
	"cv_content_type" text,
	"cv_size" integer,
	"employee_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "applicants_experience" CHECK ("applicants"."years_of_experience" is null or "applicants"."years_of_experience" between 0 and 70)
);
--> statement-breakpoint
DROP INDEX "conversations_unknown_phone_type_key";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "applicant_id" uuid;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_employee_id_employees_user_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "holiday_overrides" ADD CONSTRAINT "holiday_overrides_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_skills" ADD CONSTRAINT "applicant_skills_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_skills" ADD CONSTRAINT "applicant_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_status_changes" ADD CONSTRAINT "applicant_status_changes_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicant_status_changes" ADD CONSTRAINT "applicant_status_changes_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_employee_id_employees_user_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("user_id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applicants" ADD CONSTRAINT "applicants_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "absences_period_idx" ON "absences" USING btree ("ends_on","starts_on") WHERE "absences"."type" <> 'blacklist';--> statement-breakpoint
CREATE INDEX "absences_range_idx" ON "absences" USING gist (daterange("starts_on", "ends_on", '[]')) WHERE "absences"."type" <> 'blacklist';--> statement-breakpoint
CREATE INDEX "absences_starts_idx" ON "absences" USING btree ("starts_on","id");--> statement-breakpoint
CREATE INDEX "absences_employee_idx" ON "absences" USING btree ("employee_id","starts_on");--> statement-breakpoint
CREATE INDEX "absences_blacklists_idx" ON "absences" USING btree ("starts_on","id") WHERE "absences"."type" = 'blacklist';--> statement-breakpoint
CREATE INDEX "absences_client_idx" ON "absences" USING btree ("client_id") WHERE "absences"."client_id" is not null;--> statement-breakpoint
CREATE INDEX "absences_site_idx" ON "absences" USING btree ("site_id") WHERE "absences"."site_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_overrides_holiday_key" ON "holiday_overrides" USING btree ("calendar","year","holiday_key") WHERE "holiday_overrides"."holiday_key" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "holiday_overrides_added_day_key" ON "holiday_overrides" USING btree ("calendar","date") WHERE "holiday_overrides"."kind" = 'add';--> statement-breakpoint
CREATE INDEX "applicant_skills_skill_idx" ON "applicant_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "applicant_status_changes_applicant_idx" ON "applicant_status_changes" USING btree ("applicant_id","changed_at");--> statement-breakpoint
CREATE INDEX "applicants_status_idx" ON "applicants" USING btree ("status","updated_at");--> statement-breakpoint
CREATE INDEX "applicants_search_trgm" ON "applicants" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applicants_phone_idx" ON "applicants" USING btree ("phone");--> statement-breakpoint
CREATE UNIQUE INDEX "applicants_employee_key" ON "applicants" USING btree ("employee_id") WHERE "applicants"."employee_id" is not null;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_applicant_id_applicants_id_fk" FOREIGN KEY ("applicant_id") REFERENCES "public"."applicants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_applicant_type_key" ON "conversations" USING btree ("applicant_id","type") WHERE "conversations"."applicant_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_unknown_phone_type_key" ON "conversations" USING btree ("phone","type") WHERE "conversations"."user_id" is null and "conversations"."applicant_id" is null;--> statement-breakpoint
-- Written by hand (drizzle cannot declare these). Two away periods of one employee never overlap,
-- even when two requests write at once; a blacklist is not about days and is left out.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
ALTER TABLE "absences" ADD CONSTRAINT "absences_no_overlap" EXCLUDE USING gist ("employee_id" WITH =, daterange("starts_on", "ends_on", '[]') WITH &&) WHERE ("type" <> 'blacklist');--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_one_person" CHECK ("user_id" is null or "applicant_id" is null);
