CREATE TABLE "payroll_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"week_start" date NOT NULL,
	"exported_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"row_count" integer NOT NULL,
	CONSTRAINT "payroll_exports_sunday" CHECK (extract(dow from "payroll_exports"."week_start") = 0)
);
--> statement-breakpoint
ALTER TABLE "payroll_exports" ADD CONSTRAINT "payroll_exports_exported_by_users_id_fk" FOREIGN KEY ("exported_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payroll_exports_week_idx" ON "payroll_exports" USING btree ("week_start");