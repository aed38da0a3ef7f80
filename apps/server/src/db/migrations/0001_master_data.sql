-- Trigram indexes make the accent-free substring search of the lists fast.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "skills" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"expirable" boolean DEFAULT false NOT NULL,
	"important" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "tools" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name_fr" text NOT NULL,
	"name_en" text NOT NULL,
	"description" text,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"phone" text,
	"email" text,
	"street" text,
	"city" text,
	"province" text DEFAULT 'QC' NOT NULL,
	"postal_code" text,
	"language" text DEFAULT 'fr' NOT NULL,
	"notes" text,
	"active" boolean DEFAULT true NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "site_supervisors" (
	"site_id" uuid NOT NULL,
	"supervisor_id" uuid NOT NULL,
	CONSTRAINT "site_supervisors_site_id_supervisor_id_pk" PRIMARY KEY("site_id","supervisor_id")
);
--> statement-breakpoint
CREATE TABLE "sites" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"name" text NOT NULL,
	"street" text,
	"city" text,
	"province" text DEFAULT 'QC' NOT NULL,
	"postal_code" text,
	"latitude" double precision,
	"longitude" double precision,
	"po" text,
	"job_number" text,
	"type" text DEFAULT 'aucun' NOT NULL,
	"admin_hours_name" text,
	"admin_hours_email" text,
	"start_date" date,
	"end_date" date,
	"comments" text,
	"archived" boolean DEFAULT false NOT NULL,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sites_end_not_before_start" CHECK ("sites"."end_date" is null or "sites"."start_date" is null or "sites"."end_date" >= "sites"."start_date")
);
--> statement-breakpoint
CREATE TABLE "employee_skills" (
	"employee_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"obtained_on" date,
	"expires_on" date,
	CONSTRAINT "employee_skills_employee_id_skill_id_pk" PRIMARY KEY("employee_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "employee_tools" (
	"employee_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	CONSTRAINT "employee_tools_employee_id_tool_id_pk" PRIMARY KEY("employee_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "employees" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"employee_number" text NOT NULL,
	"street" text,
	"city" text,
	"province" text DEFAULT 'QC' NOT NULL,
	"postal_code" text,
	"status" text DEFAULT 'disponible' NOT NULL,
	"fear_of_heights" boolean DEFAULT false NOT NULL,
	"warranty_until" date,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "email" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "client_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "site_supervisors" ADD CONSTRAINT "site_supervisors_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "site_supervisors" ADD CONSTRAINT "site_supervisors_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sites" ADD CONSTRAINT "sites_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_skills" ADD CONSTRAINT "employee_skills_employee_id_employees_user_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_skills" ADD CONSTRAINT "employee_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_tools" ADD CONSTRAINT "employee_tools_employee_id_employees_user_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employee_tools" ADD CONSTRAINT "employee_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "employees" ADD CONSTRAINT "employees_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_fr_lower_key" ON "skills" USING btree (lower("name_fr"));--> statement-breakpoint
CREATE UNIQUE INDEX "skills_name_en_lower_key" ON "skills" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "skills_search_trgm" ON "skills" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "tools_name_fr_lower_key" ON "tools" USING btree (lower("name_fr"));--> statement-breakpoint
CREATE UNIQUE INDEX "tools_name_en_lower_key" ON "tools" USING btree (lower("name_en"));--> statement-breakpoint
CREATE INDEX "tools_search_trgm" ON "tools" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_lower_key" ON "clients" USING btree (lower("name"));--> statement-breakpoint
CREATE INDEX "clients_search_trgm" ON "clients" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "site_supervisors_supervisor_idx" ON "site_supervisors" USING btree ("supervisor_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sites_client_name_lower_key" ON "sites" USING btree ("client_id",lower("name"));--> statement-breakpoint
CREATE INDEX "sites_client_idx" ON "sites" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "sites_search_trgm" ON "sites" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "employee_skills_skill_idx" ON "employee_skills" USING btree ("skill_id","expires_on");--> statement-breakpoint
CREATE INDEX "employee_tools_tool_idx" ON "employee_tools" USING btree ("tool_id");--> statement-breakpoint
CREATE UNIQUE INDEX "employees_number_lower_key" ON "employees" USING btree (lower("employee_number"));--> statement-breakpoint
CREATE INDEX "employees_status_idx" ON "employees" USING btree ("status");--> statement-breakpoint
CREATE INDEX "employees_city_idx" ON "employees" USING btree ("city");--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_client_idx" ON "users" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");--> statement-breakpoint
CREATE INDEX "users_search_trgm" ON "users" USING gin ("search_text" gin_trgm_ops);