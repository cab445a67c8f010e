CREATE TABLE "legal_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" text NOT NULL,
	"markdown" text NOT NULL,
	"published_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "legal_versions_page_check" CHECK ("legal_versions"."page" in ('privacy', 'terms'))
);
--> statement-breakpoint
CREATE INDEX "legal_versions_page_created_idx" ON "legal_versions" USING btree ("page","created_at" DESC NULLS LAST);