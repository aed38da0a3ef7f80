CREATE TABLE "privacy_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" serial NOT NULL,
	"occurred_on" date NOT NULL,
	"discovered_on" date NOT NULL,
	"description" text NOT NULL,
	"personal_information" text NOT NULL,
	"affected_count" integer,
	"affected_people" text,
	"serious_injury_risk" boolean NOT NULL,
	"risk_assessment" text,
	"commission_notified_on" date,
	"people_notified_on" date,
	"measures" text,
	"recorded_by_id" uuid,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_incidents_number_unique" UNIQUE("number"),
	CONSTRAINT "privacy_incidents_dates" CHECK ("privacy_incidents"."discovered_on" >= "privacy_incidents"."occurred_on")
);
--> statement-breakpoint
CREATE TABLE "privacy_officer" (
	"singleton" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"name" text NOT NULL,
	"title" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "privacy_officer_singleton" CHECK ("privacy_officer"."singleton")
);
--> statement-breakpoint
ALTER TABLE "privacy_incidents" ADD CONSTRAINT "privacy_incidents_recorded_by_id_users_id_fk" FOREIGN KEY ("recorded_by_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "privacy_incidents_search_trgm" ON "privacy_incidents" USING gin ("search_text" gin_trgm_ops);