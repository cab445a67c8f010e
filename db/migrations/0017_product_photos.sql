CREATE TABLE "product_photos" (
	"product_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"url" text NOT NULL,
	CONSTRAINT "product_photos_product_id_position_pk" PRIMARY KEY("product_id","position"),
	CONSTRAINT "product_photos_position_range" CHECK ("product_photos"."position" >= 0 and "product_photos"."position" < 8)
);
--> statement-breakpoint
ALTER TABLE "product_photos" ADD CONSTRAINT "product_photos_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "product_photos_product_url_unique" ON "product_photos" USING btree ("product_id","url");--> statement-breakpoint
CREATE INDEX "product_photos_url_idx" ON "product_photos" USING btree ("url");--> statement-breakpoint
-- A product with an image has it as its one photo, the cover (decision 039).
INSERT INTO "product_photos" ("product_id", "position", "url") SELECT "id", 0, "image_url" FROM "products" WHERE "image_url" IS NOT NULL;