CREATE TABLE "newsletters" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"preheader" text DEFAULT '' NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"rate_per_minute" integer DEFAULT 60,
	"scheduled_at" timestamp with time zone,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"recipients" integer,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletters_status_known" CHECK ("newsletters"."status" in ('draft', 'scheduled', 'sending', 'paused', 'sent')),
	CONSTRAINT "newsletters_rate_range" CHECK ("newsletters"."rate_per_minute" is null or "newsletters"."rate_per_minute" between 1 and 6000),
	CONSTRAINT "newsletters_scheduled_has_time" CHECK ("newsletters"."status" <> 'scheduled' or "newsletters"."scheduled_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "notifications" DROP CONSTRAINT "notifications_status_known";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "newsletter_id" uuid;--> statement-breakpoint
CREATE INDEX "newsletters_created_at_idx" ON "newsletters" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "newsletters_scheduled_idx" ON "newsletters" USING btree ("scheduled_at") WHERE "newsletters"."status" = 'scheduled';--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_newsletter_id_newsletters_id_fk" FOREIGN KEY ("newsletter_id") REFERENCES "public"."newsletters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "notifications_newsletter_recipient_unique" ON "notifications" USING btree ("newsletter_id",lower("recipient")) WHERE "notifications"."newsletter_id" is not null;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_status_known" CHECK ("notifications"."status" in ('pending', 'sending', 'sent', 'failed', 'held', 'cancelled'));