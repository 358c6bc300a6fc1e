CREATE TABLE "budget_labour_sums" (
	"organization_id" text NOT NULL,
	"budget_id" text NOT NULL,
	"section" text NOT NULL,
	"ms" bigint NOT NULL,
	"amount_minor" bigint NOT NULL,
	"unpriced_ms" bigint NOT NULL,
	"entries" integer NOT NULL,
	CONSTRAINT "budget_labour_sums_organization_id_budget_id_section_pk" PRIMARY KEY("organization_id","budget_id","section")
);
--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "labour_computed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "budget_labour_sums" ADD CONSTRAINT "budget_labour_sums_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_labour_sums" ADD CONSTRAINT "budget_labour_sums_budget_fk" FOREIGN KEY ("organization_id","budget_id") REFERENCES "public"."budgets"("organization_id","id") ON DELETE cascade ON UPDATE no action;