CREATE TABLE "timesheet_job_weeks" (
	"week_start" date PRIMARY KEY NOT NULL,
	"made_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "timesheet_job_weeks_sunday" CHECK (extract(dow from "timesheet_job_weeks"."week_start") = 0)
);
--> statement-breakpoint
ALTER TABLE "clients" ADD COLUMN "timesheet_auto_send" boolean DEFAULT false NOT NULL;