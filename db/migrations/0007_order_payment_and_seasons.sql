ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_known";--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "season_start" text;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "season_end" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "from_payment" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "to_payment" text;--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "payment_details" jsonb;--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD COLUMN "payment_status" text DEFAULT 'awaiting_contact' NOT NULL;--> statement-breakpoint
-- Edited by hand (drizzle-kit cannot name the old primary key, and put the new one before
-- its column): the counters are keyed by status and payment state from here on (issue 19).
ALTER TABLE "order_status_counts" DROP CONSTRAINT "order_status_counts_pkey";--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD CONSTRAINT "order_status_counts_status_payment_status_pk" PRIMARY KEY("status","payment_status");--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'awaiting_contact' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_arranged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
CREATE INDEX "orders_payment_created_at_idx" ON "orders" USING btree ("payment_status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_awaiting_contact_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE payment_status = 'awaiting_contact' and status not in ('delivered', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_arranged_unpaid_idx" ON "orders" USING btree ("payment_arranged_at") WHERE payment_status = 'arranged' and status not in ('delivered', 'cancelled');--> statement-breakpoint
CREATE INDEX "orders_paid_on_idx" ON "orders" USING btree ("paid_on") WHERE payment_status = 'paid';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_access_token_hash_unique" UNIQUE("access_token_hash");--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_season_pair" CHECK (("categories"."season_start" is null) = ("categories"."season_end" is null));--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_season_start_valid" CHECK ("categories"."season_start" is null or "categories"."season_start" ~ '^((01|03|05|07|08|10|12)-(0[1-9]|[12][0-9]|3[01])|(04|06|09|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|[12][0-9]))$');--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_season_end_valid" CHECK ("categories"."season_end" is null or "categories"."season_end" ~ '^((01|03|05|07|08|10|12)-(0[1-9]|[12][0-9]|3[01])|(04|06|09|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|[12][0-9]))$');--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_season_special" CHECK ("categories"."season_start" is null or "categories"."is_special");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" in ('status', 'note', 'payment'));--> statement-breakpoint
ALTER TABLE "order_status_counts" ADD CONSTRAINT "order_status_counts_payment_status_known" CHECK (payment_status in ('awaiting_contact', 'arranged', 'paid'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_known" CHECK (payment_status in ('awaiting_contact', 'arranged', 'paid'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_method_known" CHECK (payment_method is null or payment_method in ('eft', 'cash', 'card_machine', 'other'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_consistent" CHECK (("orders"."payment_status" = 'awaiting_contact' and "orders"."payment_method" is null and "orders"."payment_reference" is null and "orders"."payment_amount" is null and "orders"."paid_on" is null and "orders"."payment_arranged_at" is null)
        or ("orders"."payment_status" = 'arranged' and "orders"."payment_method" is not null and "orders"."payment_amount" is null and "orders"."paid_on" is null and "orders"."payment_arranged_at" is not null)
        or ("orders"."payment_status" = 'paid' and "orders"."payment_method" is not null and "orders"."payment_amount" is not null and "orders"."paid_on" is not null));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_amount_positive" CHECK ("orders"."payment_amount" is null or "orders"."payment_amount" > 0);--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_reference_not_blank" CHECK ("orders"."payment_reference" is null or btrim("orders"."payment_reference") <> '');