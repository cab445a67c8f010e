CREATE TABLE "showcase_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"division" text,
	"description" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text,
	"position" integer NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "showcase_items_kind_check" CHECK ("showcase_items"."kind" in ('portfolio', 'equipment')),
	CONSTRAINT "showcase_items_division_check" CHECK (("showcase_items"."kind" = 'portfolio' and "showcase_items"."division" in ('Digital', 'Hardware', 'Bespoke')) or ("showcase_items"."kind" = 'equipment' and "showcase_items"."division" is null))
);
--> statement-breakpoint
CREATE INDEX "showcase_items_kind_position_idx" ON "showcase_items" USING btree ("kind","position");--> statement-breakpoint
CREATE INDEX "showcase_items_image_url_idx" ON "showcase_items" USING btree ("image_url");