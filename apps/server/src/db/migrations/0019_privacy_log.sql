CREATE TABLE "access_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"actor_id" uuid,
	"subject_kind" text NOT NULL,
	"subject_id" uuid NOT NULL,
	"what" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_consent_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"phone" text NOT NULL,
	"kind" text NOT NULL,
	"keyword" text,
	"source" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sms_consent_events_kind" CHECK ("sms_consent_events"."kind" in ('opt_out', 'opt_in'))
);
--> statement-breakpoint
ALTER TABLE "access_log" ADD CONSTRAINT "access_log_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "access_log_subject_idx" ON "access_log" USING btree ("subject_id","at");--> statement-breakpoint
CREATE INDEX "access_log_actor_idx" ON "access_log" USING btree ("actor_id");--> statement-breakpoint
CREATE INDEX "sms_consent_events_phone_idx" ON "sms_consent_events" USING btree ("phone","at");--> statement-breakpoint
-- The opt-outs already recorded start each number's history.
INSERT INTO "sms_consent_events" ("phone", "kind", "keyword", "source", "at")
SELECT "phone", 'opt_out', "keyword", 'sms', "opted_out_at" FROM "sms_opt_outs";
