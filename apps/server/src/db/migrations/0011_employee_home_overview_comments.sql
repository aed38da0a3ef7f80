CREATE TABLE "overview_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text,
	"site_id" uuid,
	"order_id" uuid,
	"day" date,
	"author_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "overview_comments_one_pin" CHECK (num_nonnulls("overview_comments"."site_id", "overview_comments"."order_id", "overview_comments"."day") = 1),
	CONSTRAINT "overview_comments_title" CHECK (char_length("overview_comments"."title") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "employees" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "overview_comments" ADD CONSTRAINT "overview_comments_site_id_sites_id_fk" FOREIGN KEY ("site_id") REFERENCES "public"."sites"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overview_comments" ADD CONSTRAINT "overview_comments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "overview_comments" ADD CONSTRAINT "overview_comments_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "overview_comments_site_idx" ON "overview_comments" USING btree ("site_id");--> statement-breakpoint
CREATE INDEX "overview_comments_order_idx" ON "overview_comments" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "overview_comments_day_idx" ON "overview_comments" USING btree ("day");