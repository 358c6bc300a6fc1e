CREATE TABLE "sow_payment_entries" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"sow_id" text NOT NULL,
	"version" integer NOT NULL,
	"position" integer NOT NULL,
	"label" text NOT NULL,
	"due_on" date,
	"milestone" text DEFAULT '' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"percent_bp" integer,
	"invoice_id" text,
	CONSTRAINT "sow_payment_entries_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "sow_payment_entries_position_not_negative" CHECK ("sow_payment_entries"."position" >= 0),
	CONSTRAINT "sow_payment_entries_label_not_blank" CHECK (length(btrim("sow_payment_entries"."label")) > 0),
	CONSTRAINT "sow_payment_entries_amount_positive" CHECK ("sow_payment_entries"."amount_minor" > 0),
	CONSTRAINT "sow_payment_entries_percent_range" CHECK ("sow_payment_entries"."percent_bp" is null or "sow_payment_entries"."percent_bp" between 1 and 10000)
);
--> statement-breakpoint
CREATE TABLE "sow_versions" (
	"organization_id" text NOT NULL,
	"sow_id" text NOT NULL,
	"version" integer NOT NULL,
	"status" text NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"scope" text DEFAULT '' NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"deliverables" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"deliverables_read_at" timestamp with time zone,
	"terms" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"signed_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sow_versions_organization_id_sow_id_version_pk" PRIMARY KEY("organization_id","sow_id","version"),
	CONSTRAINT "sow_versions_version_positive" CHECK ("sow_versions"."version" >= 1),
	CONSTRAINT "sow_versions_status_valid" CHECK ("sow_versions"."status" in ('draft', 'sent', 'signed', 'superseded')),
	CONSTRAINT "sow_versions_fee_not_negative" CHECK ("sow_versions"."fee_minor" >= 0),
	CONSTRAINT "sow_versions_deliverables_array" CHECK (jsonb_typeof("sow_versions"."deliverables") = 'array')
);
--> statement-breakpoint
CREATE TABLE "sows" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"number" integer NOT NULL,
	"project_id" text NOT NULL,
	"client_id" text NOT NULL,
	"budget_id" text,
	"title" text NOT NULL,
	"status" text NOT NULL,
	"current_version" integer DEFAULT 1 NOT NULL,
	"signed_version" integer,
	"currency" text NOT NULL,
	"fee_minor" bigint DEFAULT 0 NOT NULL,
	"sow_date" date NOT NULL,
	"row_version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" text,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"signed_by" text,
	"signed_at" timestamp with time zone,
	"signed_by_name" text,
	"signed_on" date,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sows_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "sows_number_positive" CHECK ("sows"."number" >= 1),
	CONSTRAINT "sows_title_not_blank" CHECK (length(btrim("sows"."title")) > 0),
	CONSTRAINT "sows_currency_code" CHECK ("sows"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "sows_status_valid" CHECK ("sows"."status" in ('draft', 'sent', 'signed')),
	CONSTRAINT "sows_current_version_positive" CHECK ("sows"."current_version" >= 1),
	CONSTRAINT "sows_signed_version_range" CHECK ("sows"."signed_version" is null or "sows"."signed_version" between 1 and "sows"."current_version"),
	CONSTRAINT "sows_fee_not_negative" CHECK ("sows"."fee_minor" >= 0),
	CONSTRAINT "sows_row_version_positive" CHECK ("sows"."row_version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "sow_payment_entries" ADD CONSTRAINT "sow_payment_entries_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sow_payment_entries" ADD CONSTRAINT "sow_payment_entries_version_fk" FOREIGN KEY ("organization_id","sow_id","version") REFERENCES "public"."sow_versions"("organization_id","sow_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sow_payment_entries" ADD CONSTRAINT "sow_payment_entries_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."client_invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sow_versions" ADD CONSTRAINT "sow_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sow_versions" ADD CONSTRAINT "sow_versions_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sow_versions" ADD CONSTRAINT "sow_versions_sow_fk" FOREIGN KEY ("organization_id","sow_id") REFERENCES "public"."sows"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sows" ADD CONSTRAINT "sows_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sows" ADD CONSTRAINT "sows_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sows" ADD CONSTRAINT "sows_sent_by_profiles_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sows" ADD CONSTRAINT "sows_signed_by_profiles_id_fk" FOREIGN KEY ("signed_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sows" ADD CONSTRAINT "sows_client_fk" FOREIGN KEY ("organization_id","client_id") REFERENCES "public"."clients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sows" ADD CONSTRAINT "sows_budget_fk" FOREIGN KEY ("organization_id","budget_id") REFERENCES "public"."budgets"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sow_payment_entries_position_idx" ON "sow_payment_entries" USING btree ("organization_id","sow_id","version","position");--> statement-breakpoint
CREATE INDEX "sow_payment_entries_invoice_idx" ON "sow_payment_entries" USING btree ("organization_id","invoice_id") WHERE "sow_payment_entries"."invoice_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "sows_number_idx" ON "sows" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "sows_status_idx" ON "sows" USING btree ("organization_id","status","number");--> statement-breakpoint
CREATE INDEX "sows_client_idx" ON "sows" USING btree ("organization_id","client_id","number");--> statement-breakpoint
CREATE INDEX "sows_project_idx" ON "sows" USING btree ("organization_id","project_id","number");--> statement-breakpoint
CREATE INDEX "sows_budget_idx" ON "sows" USING btree ("organization_id","budget_id");--> statement-breakpoint
CREATE INDEX "sows_date_idx" ON "sows" USING btree ("organization_id","sow_date");