DROP INDEX "conversations_unread_idx";--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "to_handle_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_status" text;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_handled_by" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "reply_handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reply_handled_by_users_id_fk" FOREIGN KEY ("reply_handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversations_waiting_idx" ON "conversations" USING btree ("type",("unseen_count" > 0 or "to_handle_count" > 0),"last_message_at","id");--> statement-breakpoint
CREATE INDEX "messages_to_handle_idx" ON "messages" USING btree ("type") WHERE "messages"."reply_status" = 'to_handle';--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_to_handle_count" CHECK ("conversations"."to_handle_count" >= 0);--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_reply_inbound" CHECK ("messages"."reply_status" is null or "messages"."direction" = 'in');--> statement-breakpoint
-- Hand-written: the Assignation replies nobody has read yet were waiting for the office; they are
-- now "to handle" (those already read were handled by whoever read them), and each conversation
-- counts its own.
UPDATE "messages" SET "reply_status" = 'to_handle'
WHERE "type" = 'Assignation' AND "direction" = 'in' AND "seen_at" IS NULL;--> statement-breakpoint
UPDATE "conversations" SET "to_handle_count" = waiting.n
FROM (
  SELECT "conversation_id", count(*)::int AS n FROM "messages"
  WHERE "reply_status" = 'to_handle' GROUP BY "conversation_id"
) AS waiting
WHERE waiting."conversation_id" = "conversations"."id";
