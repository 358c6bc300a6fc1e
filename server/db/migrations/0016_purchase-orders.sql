CREATE TABLE "document_numbers" (
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "document_numbers_organization_id_kind_pk" PRIMARY KEY("organization_id","kind"),
	CONSTRAINT "document_numbers_kind_valid" CHECK ("document_numbers"."kind" ~ '^[a-z_]+$'),
	CONSTRAINT "document_numbers_last_positive" CHECK ("document_numbers"."last_number" >= 1)
);
--> statement-breakpoint
CREATE TABLE "purchase_order_lines" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"purchase_order_id" text NOT NULL,
	"position" integer NOT NULL,
	"budget_line_key" text NOT NULL,
	"section" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_minor" bigint NOT NULL,
	"billed_minor" bigint DEFAULT 0,
	CONSTRAINT "purchase_order_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "purchase_order_lines_amount_positive" CHECK ("purchase_order_lines"."amount_minor" > 0),
	CONSTRAINT "purchase_order_lines_billed_non_negative" CHECK ("purchase_order_lines"."billed_minor" is null or "purchase_order_lines"."billed_minor" >= 0),
	CONSTRAINT "purchase_order_lines_section_letter" CHECK ("purchase_order_lines"."section" ~ '^[A-Z]$')
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"number" integer NOT NULL,
	"vendor_id" text NOT NULL,
	"budget_id" text NOT NULL,
	"revision_number" integer NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"order_date" date NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"total_minor" bigint NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"submitted_by" text,
	"submitted_at" timestamp with time zone,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"sent_by" text,
	"sent_at" timestamp with time zone,
	"sent_to" text,
	"cancelled_by" text,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"closed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "purchase_orders_number_positive" CHECK ("purchase_orders"."number" >= 1),
	CONSTRAINT "purchase_orders_currency_code" CHECK ("purchase_orders"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "purchase_orders_status_valid" CHECK ("purchase_orders"."status" in ('draft', 'pending_approval', 'approved', 'sent', 'partially_billed', 'billed', 'closed', 'cancelled')),
	CONSTRAINT "purchase_orders_total_positive" CHECK ("purchase_orders"."total_minor" > 0),
	CONSTRAINT "purchase_orders_version_positive" CHECK ("purchase_orders"."version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"tax_id" text DEFAULT '' NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"archived" boolean DEFAULT false NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendors_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "vendors_name_not_blank" CHECK (length(btrim("vendors"."name")) > 0),
	CONSTRAINT "vendors_payment_terms_range" CHECK ("vendors"."payment_terms_days" between 0 and 365),
	CONSTRAINT "vendors_version_positive" CHECK ("vendors"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "document_numbers" ADD CONSTRAINT "document_numbers_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_order_lines" ADD CONSTRAINT "purchase_order_lines_po_fk" FOREIGN KEY ("organization_id","purchase_order_id") REFERENCES "public"."purchase_orders"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_submitted_by_profiles_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_sent_by_profiles_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_cancelled_by_profiles_id_fk" FOREIGN KEY ("cancelled_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_vendor_fk" FOREIGN KEY ("organization_id","vendor_id") REFERENCES "public"."vendors"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_budget_fk" FOREIGN KEY ("organization_id","budget_id") REFERENCES "public"."budgets"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "purchase_order_lines_po_idx" ON "purchase_order_lines" USING btree ("organization_id","purchase_order_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "purchase_orders_number_idx" ON "purchase_orders" USING btree ("organization_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_vendor_idx" ON "purchase_orders" USING btree ("organization_id","vendor_id","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_budget_idx" ON "purchase_orders" USING btree ("organization_id","budget_id","status");--> statement-breakpoint
CREATE INDEX "purchase_orders_status_idx" ON "purchase_orders" USING btree ("organization_id","status","number");--> statement-breakpoint
CREATE INDEX "purchase_orders_date_idx" ON "purchase_orders" USING btree ("organization_id","order_date");--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_name_idx" ON "vendors" USING btree ("organization_id",lower("name"));