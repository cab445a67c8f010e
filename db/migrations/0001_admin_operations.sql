CREATE TABLE "order_status_counts" (
	"status" text PRIMARY KEY NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_counts_status_known" CHECK (status in ('pending', 'processing', 'shipped', 'delivered', 'cancelled'))
);
--> statement-breakpoint
DROP INDEX "orders_customer_name_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_email_trgm_idx";--> statement-breakpoint
DROP INDEX "orders_phone_trgm_idx";--> statement-breakpoint
CREATE INDEX "orders_search_trgm_idx" ON "orders" USING gin (("customer_name" || E'\n' || "email" || E'\n' || "phone") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_phone_digits_trgm_idx" ON "orders" USING gin (regexp_replace(regexp_replace("phone", '[^0-9]', '', 'g'), '^(0027|27|0)', '') gin_trgm_ops);