CREATE TABLE "budget_lines" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"budget_id" text NOT NULL,
	"revision_number" integer NOT NULL,
	"key" text NOT NULL,
	"section" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"quantity_hundredths" bigint DEFAULT 0 NOT NULL,
	"rate_minor" bigint DEFAULT 0 NOT NULL,
	"ot_hours_hundredths" bigint DEFAULT 0 NOT NULL,
	"ot_rate_minor" bigint DEFAULT 0 NOT NULL,
	"estimate_minor" bigint DEFAULT 0 NOT NULL,
	"actual_minor" bigint DEFAULT 0 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "budget_lines_section_letter" CHECK ("budget_lines"."section" ~ '^[A-Z]$'),
	CONSTRAINT "budget_lines_figures_non_negative" CHECK ("budget_lines"."quantity_hundredths" >= 0 and "budget_lines"."rate_minor" >= 0 and "budget_lines"."ot_hours_hundredths" >= 0 and "budget_lines"."ot_rate_minor" >= 0 and "budget_lines"."estimate_minor" >= 0 and "budget_lines"."actual_minor" >= 0),
	CONSTRAINT "budget_lines_version_positive" CHECK ("budget_lines"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "budget_revisions" (
	"organization_id" text NOT NULL,
	"budget_id" text NOT NULL,
	"number" integer NOT NULL,
	"status" text NOT NULL,
	"pw_bp" integer DEFAULT 0 NOT NULL,
	"pw_bp_by_section" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"insurance_bp" integer DEFAULT 0 NOT NULL,
	"fee_bp" integer DEFAULT 0 NOT NULL,
	"contingency_bp" integer DEFAULT 0 NOT NULL,
	"weather_day_minor" bigint DEFAULT 0 NOT NULL,
	"grand_total_minor" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" text,
	"submitted_at" timestamp with time zone,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budget_revisions_organization_id_budget_id_number_pk" PRIMARY KEY("organization_id","budget_id","number"),
	CONSTRAINT "budget_revisions_number_non_negative" CHECK ("budget_revisions"."number" >= 0),
	CONSTRAINT "budget_revisions_status_valid" CHECK ("budget_revisions"."status" in ('draft', 'submitted', 'approved', 'superseded', 'closed')),
	CONSTRAINT "budget_revisions_pw_range" CHECK ("budget_revisions"."pw_bp" between 0 and 10000),
	CONSTRAINT "budget_revisions_insurance_range" CHECK ("budget_revisions"."insurance_bp" between 0 and 10000),
	CONSTRAINT "budget_revisions_fee_range" CHECK ("budget_revisions"."fee_bp" between 0 and 100000),
	CONSTRAINT "budget_revisions_contingency_range" CHECK ("budget_revisions"."contingency_bp" between 0 and 10000),
	CONSTRAINT "budget_revisions_weather_day_non_negative" CHECK ("budget_revisions"."weather_day_minor" >= 0),
	CONSTRAINT "budget_revisions_pw_by_section_object" CHECK (jsonb_typeof("budget_revisions"."pw_bp_by_section") = 'object'),
	CONSTRAINT "budget_revisions_version_positive" CHECK ("budget_revisions"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"folder_id" text NOT NULL,
	"name" text NOT NULL,
	"form_id" text NOT NULL,
	"bid_type" text NOT NULL,
	"currency" text NOT NULL,
	"working_revision_number" integer,
	"latest_revision_number" integer DEFAULT 0 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "budgets_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "budgets_name_not_blank" CHECK (length(btrim("budgets"."name")) > 0),
	CONSTRAINT "budgets_form_id_not_blank" CHECK (length(btrim("budgets"."form_id")) > 0),
	CONSTRAINT "budgets_bid_type_valid" CHECK ("budgets"."bid_type" in ('firm', 'cost_plus')),
	CONSTRAINT "budgets_currency_code" CHECK ("budgets"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "budgets_revision_numbers" CHECK ("budgets"."latest_revision_number" >= 0 and ("budgets"."working_revision_number" is null or "budgets"."working_revision_number" between 0 and "budgets"."latest_revision_number"))
);
--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_lines" ADD CONSTRAINT "budget_lines_revision_fk" FOREIGN KEY ("organization_id","budget_id","revision_number") REFERENCES "public"."budget_revisions"("organization_id","budget_id","number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_revisions" ADD CONSTRAINT "budget_revisions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_revisions" ADD CONSTRAINT "budget_revisions_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_revisions" ADD CONSTRAINT "budget_revisions_submitted_by_profiles_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_revisions" ADD CONSTRAINT "budget_revisions_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budget_revisions" ADD CONSTRAINT "budget_revisions_budget_fk" FOREIGN KEY ("organization_id","budget_id") REFERENCES "public"."budgets"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "budget_lines_key_idx" ON "budget_lines" USING btree ("organization_id","budget_id","revision_number","key");--> statement-breakpoint
CREATE INDEX "budget_lines_revision_idx" ON "budget_lines" USING btree ("organization_id","budget_id","revision_number","section");--> statement-breakpoint
CREATE INDEX "budget_revisions_status_idx" ON "budget_revisions" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "budgets_folder_idx" ON "budgets" USING btree ("organization_id","folder_id");