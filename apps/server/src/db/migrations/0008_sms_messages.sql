CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"user_id" uuid,
	"phone" text NOT NULL,
	"last_message_id" uuid,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unseen_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"type" text NOT NULL,
	"direction" text NOT NULL,
	"body" text NOT NULL,
	"language" text DEFAULT 'fr' NOT NULL,
	"phone" text NOT NULL,
	"status" text NOT NULL,
	"provider_id" text,
	"error" text,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"queued_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"delivered_at" timestamp with time zone,
	"seen_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sms_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"opted_out_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sms_send_slots" (
	"sender" text PRIMARY KEY NOT NULL,
	"next_slot_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "socket_io_attachments" (
	"id" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" "bytea",
	CONSTRAINT "socket_io_attachments_id_unique" UNIQUE("id")
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_user_type_key" ON "conversations" USING btree ("user_id","type") WHERE "conversations"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_unknown_phone_type_key" ON "conversations" USING btree ("phone","type") WHERE "conversations"."user_id" is null;--> statement-breakpoint
CREATE INDEX "conversations_recent_idx" ON "conversations" USING btree ("type","last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("type",("unseen_count" > 0),"last_message_at","id");--> statement-breakpoint
CREATE INDEX "conversations_phone_idx" ON "conversations" USING btree ("phone");--> statement-breakpoint
CREATE INDEX "messages_thread_idx" ON "messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "messages_phone_idx" ON "messages" USING btree ("phone","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_provider_id_key" ON "messages" USING btree ("provider_id") WHERE "messages"."provider_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_pending_idx" ON "messages" USING btree ("type","created_at") WHERE "messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "messages_unseen_idx" ON "messages" USING btree ("type") WHERE "messages"."direction" = 'in' and "messages"."seen_at" is null;