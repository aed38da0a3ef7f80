CREATE TABLE "assignations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"employee_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"message_id" uuid,
	"replaces_id" uuid,
	"override_reason" text,
	"answered_by" text,
	"answered_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_skills" (
	"order_id" uuid NOT NULL,
	"skill_id" uuid NOT NULL,
	"mandatory" boolean DEFAULT false NOT NULL,
	CONSTRAINT "order_skills_order_id_skill_id_pk" PRIMARY KEY("order_id","skill_id")
);
--> statement-breakpoint
CREATE TABLE "order_tools" (
	"order_id" uuid NOT NULL,
	"tool_id" uuid NOT NULL,
	CONSTRAINT "order_tools_order_id_tool_id_pk" PRIMARY KEY("order_id","tool_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" uuid NOT NULL,
	"site_id" uuid NOT NULL,
	"supervisor_id" uuid,
	"workers_needed" integer NOT NULL,
	"starts_on" date NOT NULL,
	"ends_on" date NOT NULL,
	"include_weekends" boolean DEFAULT false NOT NULL,
	"daily_start_minute" integer NOT NULL,
	"daily_end_minute" integer NOT NULL,
	"height_metres" real,
	"priority" integer DEFAULT 2 NOT NULL,
	"notes" text,
	"cancelled_at" timestamp with time zone,
	"cancelled_by" uuid,
	"cancel_reason" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_workers" CHECK ("orders"."workers_needed" between 1 and 500),
	CONSTRAINT "orders_dates" CHECK ("orders"."ends_on" >= "orders"."starts_on"),
	CONSTRAINT "orders_hours" CHECK ("orders"."daily_start_minute" >= 0 and "orders"."daily_end_minute" <= 1440 and "orders"."daily_start_minute" < "orders"."daily_end_minute"),
	CONSTRAINT "orders_priority" CHECK ("orders"."priority" between 1 and 3),
	CONSTRAINT "orders_height" CHECK ("orders"."height_metres" is null or "orders"."height_metres" > 0)
);
--> statement-breakpoint
ALTER TABLE "assignations" ADD CONSTRAINT "assignations_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignations" ADD CONSTRAINT "assignations_employee_id_employees_user_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."employees"("user_id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignations" ADD CONSTRAINT "assignations_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "assignations" ADD CONSTRAINT "assignations_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_skills" ADD CONSTRAINT "order_skills_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_skills" ADD CONSTRAINT "order_skills_skill_id_skills_id_fk" FOREIGN KEY ("skill_id") REFERENCES "public"."skills"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tools" ADD CONSTRAINT "order_tools_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_tools" ADD CONSTRAINT "order_tools_tool_id_tools_id_fk" FOREIGN KEY ("tool_id") REFERENCES "public"."tools"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_supervisor_id_users_id_fk" FOREIGN KEY ("supervisor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_cancelled_by_users_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "assignations_open_key" ON "assignations" USING btree ("order_id","employee_id") WHERE "assignations"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE INDEX "assignations_order_idx" ON "assignations" USING btree ("order_id","status");--> statement-breakpoint
CREATE INDEX "assignations_employee_idx" ON "assignations" USING btree ("employee_id","created_at") WHERE "assignations"."status" in ('pending', 'confirmed');--> statement-breakpoint
CREATE INDEX "assignations_message_idx" ON "assignations" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "order_skills_skill_idx" ON "order_skills" USING btree ("skill_id");--> statement-breakpoint
CREATE INDEX "order_tools_tool_idx" ON "order_tools" USING btree ("tool_id");--> statement-breakpoint
CREATE INDEX "orders_site_idx" ON "orders" USING btree ("site_id","starts_on");--> statement-breakpoint
CREATE INDEX "orders_client_idx" ON "orders" USING btree ("client_id","starts_on");--> statement-breakpoint
CREATE INDEX "orders_range_idx" ON "orders" USING gist (daterange("starts_on", "ends_on", '[]')) WHERE "orders"."cancelled_at" is null;--> statement-breakpoint
CREATE INDEX "orders_starts_idx" ON "orders" USING btree ("starts_on","id");