CREATE TABLE "vendor_bill_lines" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"bill_id" text NOT NULL,
	"position" integer NOT NULL,
	"purchase_order_line_id" text,
	"budget_line_key" text NOT NULL,
	"section" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "vendor_bill_lines_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "vendor_bill_lines_amount_positive" CHECK ("vendor_bill_lines"."amount_minor" > 0),
	CONSTRAINT "vendor_bill_lines_section_letter" CHECK ("vendor_bill_lines"."section" ~ '^[A-Z]$')
);
--> statement-breakpoint
CREATE TABLE "vendor_bills" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"number" integer NOT NULL,
	"vendor_id" text NOT NULL,
	"purchase_order_id" text,
	"budget_id" text NOT NULL,
	"invoice_number" text NOT NULL,
	"bill_date" date NOT NULL,
	"due_date" date NOT NULL,
	"currency" text NOT NULL,
	"status" text NOT NULL,
	"total_minor" bigint NOT NULL,
	"without_po" boolean DEFAULT false NOT NULL,
	"notes" text DEFAULT '' NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"approved_by" text,
	"approved_at" timestamp with time zone,
	"paid_by" text,
	"paid_at" timestamp with time zone,
	"payment_date" date,
	"voided_by" text,
	"voided_at" timestamp with time zone,
	"void_reason" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vendor_bills_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "vendor_bills_number_positive" CHECK ("vendor_bills"."number" >= 1),
	CONSTRAINT "vendor_bills_currency_code" CHECK ("vendor_bills"."currency" ~ '^[A-Z]{3}$'),
	CONSTRAINT "vendor_bills_status_valid" CHECK ("vendor_bills"."status" in ('received', 'approved', 'paid', 'void')),
	CONSTRAINT "vendor_bills_total_positive" CHECK ("vendor_bills"."total_minor" > 0),
	CONSTRAINT "vendor_bills_invoice_number_not_blank" CHECK (length(btrim("vendor_bills"."invoice_number")) > 0),
	CONSTRAINT "vendor_bills_due_after_bill" CHECK ("vendor_bills"."due_date" >= "vendor_bills"."bill_date"),
	CONSTRAINT "vendor_bills_paid_has_date" CHECK ("vendor_bills"."status" <> 'paid' or "vendor_bills"."payment_date" is not null),
	CONSTRAINT "vendor_bills_version_positive" CHECK ("vendor_bills"."version" >= 1)
);
--> statement-breakpoint
ALTER TABLE "vendor_bill_lines" ADD CONSTRAINT "vendor_bill_lines_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bill_lines" ADD CONSTRAINT "vendor_bill_lines_bill_fk" FOREIGN KEY ("organization_id","bill_id") REFERENCES "public"."vendor_bills"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bill_lines" ADD CONSTRAINT "vendor_bill_lines_po_line_fk" FOREIGN KEY ("organization_id","purchase_order_line_id") REFERENCES "public"."purchase_order_lines"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_approved_by_profiles_id_fk" FOREIGN KEY ("approved_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_paid_by_profiles_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_voided_by_profiles_id_fk" FOREIGN KEY ("voided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_vendor_fk" FOREIGN KEY ("organization_id","vendor_id") REFERENCES "public"."vendors"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_budget_fk" FOREIGN KEY ("organization_id","budget_id") REFERENCES "public"."budgets"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendor_bills" ADD CONSTRAINT "vendor_bills_purchase_order_fk" FOREIGN KEY ("organization_id","purchase_order_id") REFERENCES "public"."purchase_orders"("organization_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "vendor_bill_lines_bill_idx" ON "vendor_bill_lines" USING btree ("organization_id","bill_id","position");--> statement-breakpoint
CREATE INDEX "vendor_bill_lines_po_line_idx" ON "vendor_bill_lines" USING btree ("organization_id","purchase_order_line_id");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_bills_number_idx" ON "vendor_bills" USING btree ("organization_id","number");--> statement-breakpoint
CREATE UNIQUE INDEX "vendor_bills_invoice_number_idx" ON "vendor_bills" USING btree ("organization_id","vendor_id",lower("invoice_number")) WHERE "vendor_bills"."status" <> 'void';--> statement-breakpoint
CREATE INDEX "vendor_bills_status_idx" ON "vendor_bills" USING btree ("organization_id","status","due_date");--> statement-breakpoint
CREATE INDEX "vendor_bills_vendor_idx" ON "vendor_bills" USING btree ("organization_id","vendor_id","number");--> statement-breakpoint
CREATE INDEX "vendor_bills_due_idx" ON "vendor_bills" USING btree ("organization_id","due_date");--> statement-breakpoint
CREATE INDEX "vendor_bills_budget_idx" ON "vendor_bills" USING btree ("organization_id","budget_id","status");--> statement-breakpoint
CREATE INDEX "vendor_bills_purchase_order_idx" ON "vendor_bills" USING btree ("organization_id","purchase_order_id");