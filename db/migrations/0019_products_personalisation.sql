ALTER TABLE "products" ADD COLUMN "personalisation_label" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "personalisation_max_length" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "personalisation_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "personalisation_choices" text[];--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "personalisation" text;--> statement-breakpoint
ALTER TABLE "order_items" ADD COLUMN "personalisation_label" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_personalisation_consistent" CHECK (case when "products"."personalisation_label" is null then "products"."personalisation_max_length" is null and "products"."personalisation_choices" is null and not "products"."personalisation_required" else btrim("products"."personalisation_label") <> '' and "products"."personalisation_max_length" is not null and "products"."personalisation_max_length" between 1 and 100 end);--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_personalisation_labelled" CHECK (("order_items"."personalisation" is null) = ("order_items"."personalisation_label" is null));