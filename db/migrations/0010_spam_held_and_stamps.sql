CREATE TABLE "form_verdict_counts" (
	"day" date NOT NULL,
	"form" text NOT NULL,
	"verdict" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "form_verdict_counts_day_form_verdict_pk" PRIMARY KEY("day","form","verdict")
);
--> statement-breakpoint
CREATE TABLE "held_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"form" text NOT NULL,
	"reason" text NOT NULL,
	"name" text,
	"email" text NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "held_submissions_form_known" CHECK ("held_submissions"."form" in ('quote', 'contact', 'newsletter')),
	CONSTRAINT "held_submissions_reason_known" CHECK ("held_submissions"."reason" in ('too-fast', 'expired', 'reused', 'bad-stamp'))
);
--> statement-breakpoint
CREATE TABLE "used_form_stamps" (
	"form" text NOT NULL,
	"nonce" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "used_form_stamps_form_nonce_pk" PRIMARY KEY("form","nonce")
);
--> statement-breakpoint
CREATE INDEX "held_submissions_form_created_at_idx" ON "held_submissions" USING btree ("form","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "held_submissions_created_at_idx" ON "held_submissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "used_form_stamps_expires_at_idx" ON "used_form_stamps" USING btree ("expires_at");