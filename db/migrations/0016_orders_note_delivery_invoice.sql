CREATE TABLE "invoice_counter" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "invoice_counter_one_row" CHECK ("invoice_counter"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "order_events" DROP CONSTRAINT "order_events_kind_known";--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "delivery_details" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_method" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_amount" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_courier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "delivery_reference" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_issued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_kind_known" CHECK ("order_events"."kind" in ('status', 'note', 'payment', 'delivery'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_consistent" CHECK (("orders"."delivery_method" is null and "orders"."delivery_amount" is null and "orders"."delivery_courier" is null and "orders"."delivery_reference" is null)
        or ("orders"."delivery_method" is not null and "orders"."delivery_amount" is not null and "orders"."delivery_method" = 'collection' and "orders"."delivery_amount" = 0 and "orders"."delivery_courier" is null and "orders"."delivery_reference" is null)
        or ("orders"."delivery_method" is not null and "orders"."delivery_amount" is not null and "orders"."delivery_method" = 'delivery' and "orders"."delivery_amount" >= 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_delivery_texts_not_blank" CHECK (("orders"."delivery_courier" is null or btrim("orders"."delivery_courier") <> '') and ("orders"."delivery_reference" is null or btrim("orders"."delivery_reference") <> ''));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_consistent" CHECK (("orders"."invoice_number" is null) = ("orders"."invoice_issued_at" is null) and ("orders"."invoice_number" is null or "orders"."invoice_number" > 0));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_note_length" CHECK ("orders"."note" is null or (btrim("orders"."note") <> '' and char_length("orders"."note") <= 500));