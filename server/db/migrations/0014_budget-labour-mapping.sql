ALTER TABLE "budgets" ADD COLUMN "labour_mapping" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "budgets" ADD COLUMN "labour_default_section" text DEFAULT 'A' NOT NULL;