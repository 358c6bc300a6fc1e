CREATE TABLE "organization_logos" (
	"organization_id" text PRIMARY KEY NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organization_logos_content_type_valid" CHECK ("organization_logos"."content_type" in ('image/png', 'image/jpeg')),
	CONSTRAINT "organization_logos_size" CHECK (octet_length("organization_logos"."data") between 1 and 524288)
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "billing_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organizations" ADD COLUMN "tax_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "organization_logos" ADD CONSTRAINT "organization_logos_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_logos" ADD CONSTRAINT "organization_logos_updated_by_profiles_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_billing_address_length" CHECK (length("organizations"."billing_address") <= 1000);--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_tax_id_length" CHECK (length("organizations"."tax_id") <= 100);