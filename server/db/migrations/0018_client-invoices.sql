CREATE TABLE "client_invoice_lines" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"position" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"budget_line_key" text,
	"duration_ms" bigint,
	"rate_minor" bigint,
	"cost_minor" bigint,
	"markup_bp" integer,
	"markup_minor" bigint,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "client_invoice_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "client_invoice_lines_kind_valid" CHECK ("client_invoice_lines"."kind" in ('amount', 'budget_line', 'labour', 'cost', 'less_invoiced'))
);
--> statement-breakpoint
CREATE TABLE "client_invoice_payments" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"invoice_id" text NOT NULL,
	"amount_minor" bigint NOT NULL,
	"paid_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"recorded_by" text,
	"recorded_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_invoice_payments_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "client_invoice_payments_amount_positive" CHECK ("client_invoice_payments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "client_invoices" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"number" integer NOT NULL,
	"budget_id" text NOT NULL,
	"project_id" text NOT NULL,
	"client_id" text NOT NULL,
	"kind" text NOT NULL,
	"client_po_number" text DEFAULT '' NOT NULL,
	"issue_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"percent_bp" integer,
	"markup_bp" integer,
	"over_left_to_bill" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"total_minor" bigint NOT NULL,
	"paid_minor" bigint DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_by" text,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"paid_at" timestamp with time zone,
	"voided_by" text,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "client_invoices_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "client_invoices_number_positive" CHECK ("client_invoices"."number" >= 1),
	CONSTRAINT "client_invoices_currency_code" CHECK ("client_invoices"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "client_invoices_kind_valid" CHECK ("client_invoices"."kind" in ('deposit', 'progress', 'final')),
	CONSTRAINT "client_invoices_status_valid" CHECK ("client_invoices"."status" in ('draft', 'sent', 'paid', 'void')),
	CONSTRAINT "client_invoices_total_positive" CHECK ("client_invoices"."total_minor" > 0),
	CONSTRAINT "client_invoices_paid_range" CHECK ("client_invoices"."paid_minor" >= 0 and "client_invoices"."paid_minor" <= "client_invoices"."total_minor"),
	CONSTRAINT "client_invoices_due_after_issue" CHECK ("client_invoices"."due_date" >= "client_invoices"."issue_date"),
	CONSTRAINT "client_invoices_percent_range" CHECK ("client_invoices"."percent_bp" is null or "client_invoices"."percent_bp" between 1 and 10000),
	CONSTRAINT "client_invoices_markup_range" CHECK ("client_invoices"."markup_bp" is null or "client_invoices"."markup_bp" between 0 and 100000),
	CONSTRAINT "client_invoices_version_positive" CHECK ("client_invoices"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "clients" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"address" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "clients_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "clients_name_not_blank" CHECK (length(btrim("clients"."name")) > 0),
	CONSTRAINT "clients_payment_terms_range" CHECK ("clients"."payment_terms_days" between 0 and 365),
	CONSTRAINT "clients_version_positive" CHECK ("clients"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "client_invoice_lines" ADD CONSTRAINT "client_invoice_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_lines" ADD CONSTRAINT "client_invoice_lines_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."client_invoices"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_payments" ADD CONSTRAINT "client_invoice_payments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_payments" ADD CONSTRAINT "client_invoice_payments_recorded_by_profiles_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoice_payments" ADD CONSTRAINT "client_invoice_payments_invoice_fk" FOREIGN KEY ("organization_id","invoice_id") REFERENCES "public"."client_invoices"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_sent_by_profiles_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_voided_by_profiles_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_budget_fk" FOREIGN KEY ("organization_id","budget_id") REFERENCES "public"."budgets"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "client_invoices" ADD CONSTRAINT "client_invoices_client_fk" FOREIGN KEY ("organization_id","client_id") REFERENCES "public"."clients"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "clients" ADD CONSTRAINT "clients_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "client_invoice_lines_invoice_idx" ON "client_invoice_lines" USING btree ("organization_id","invoice_id","position");--> statement-breakpoint
CREATE INDEX "client_invoice_payments_invoice_idx" ON "client_invoice_payments" USING btree ("organization_id","invoice_id","paid_on");--> statement-breakpoint
CREATE UNIQUE INDEX "client_invoices_number_idx" ON "client_invoices" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "client_invoices_budget_idx" ON "client_invoices" USING btree ("organization_id","budget_id","status");--> statement-breakpoint
CREATE INDEX "client_invoices_client_idx" ON "client_invoices" USING btree ("organization_id","client_id","number");--> statement-breakpoint
CREATE INDEX "client_invoices_project_idx" ON "client_invoices" USING btree ("organization_id","project_id","number");--> statement-breakpoint
CREATE INDEX "client_invoices_status_idx" ON "client_invoices" USING btree ("organization_id","status","number");--> statement-breakpoint
CREATE INDEX "client_invoices_issue_date_idx" ON "client_invoices" USING btree ("organization_id","issue_date");--> statement-breakpoint
CREATE INDEX "client_invoices_open_due_idx" ON "client_invoices" USING btree ("organization_id","due_date") WHERE "client_invoices"."status" = 'sent';--> statement-breakpoint
CREATE UNIQUE INDEX "clients_name_idx" ON "clients" USING btree ("organization_id",lower("name"));