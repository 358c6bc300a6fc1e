CREATE TABLE "folder_template_versions" (
	"organization_id" text NOT NULL,
	"template_id" text NOT NULL,
	"version" integer NOT NULL,
	"tree" jsonb NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_template_versions_organization_id_template_id_version_pk" PRIMARY KEY("organization_id","template_id","version")
);
--> statement-breakpoint
CREATE TABLE "folder_templates" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"current_version" integer DEFAULT 1 NOT NULL,
	"source_folder_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "folder_templates_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "folder_templates_name_not_blank" CHECK (length(btrim("folder_templates"."name")) > 0),
	CONSTRAINT "folder_templates_version_positive" CHECK ("folder_templates"."current_version" >= 1)
);
--> statement-breakpoint
CREATE TABLE "template_run_items" (
	"organization_id" text NOT NULL,
	"run_id" text NOT NULL,
	"node_key" text NOT NULL,
	"kind" text NOT NULL,
	"clickup_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "template_run_items_organization_id_run_id_node_key_pk" PRIMARY KEY("organization_id","run_id","node_key"),
	CONSTRAINT "template_run_items_kind_valid" CHECK ("template_run_items"."kind" in ('folder', 'list', 'task'))
);
--> statement-breakpoint
CREATE TABLE "template_runs" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"template_id" text NOT NULL,
	"template_version" integer NOT NULL,
	"space_id" text NOT NULL,
	"name" text NOT NULL,
	"client" text,
	"job_code" text,
	"start_date" date NOT NULL,
	"status" text NOT NULL,
	"error" text,
	"total" integer NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"folder_id" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	CONSTRAINT "template_runs_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "template_runs_status_valid" CHECK ("template_runs"."status" in ('queued', 'running', 'succeeded', 'failed')),
	CONSTRAINT "template_runs_progress_valid" CHECK ("template_runs"."done" >= 0 and "template_runs"."done" <= "template_runs"."total")
);
--> statement-breakpoint
CREATE TABLE "calendar_feeds" (
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_fetched_at" timestamp with time zone,
	CONSTRAINT "calendar_feeds_organization_id_user_id_pk" PRIMARY KEY("organization_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "folder_template_versions" ADD CONSTRAINT "folder_template_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_template_versions" ADD CONSTRAINT "folder_template_versions_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_template_versions" ADD CONSTRAINT "folder_template_versions_template_fk" FOREIGN KEY ("organization_id","template_id") REFERENCES "public"."folder_templates"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_templates" ADD CONSTRAINT "folder_templates_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_templates" ADD CONSTRAINT "folder_templates_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_run_items" ADD CONSTRAINT "template_run_items_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_run_items" ADD CONSTRAINT "template_run_items_run_fk" FOREIGN KEY ("organization_id","run_id") REFERENCES "public"."template_runs"("organization_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_runs" ADD CONSTRAINT "template_runs_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "template_runs" ADD CONSTRAINT "template_runs_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calendar_feeds" ADD CONSTRAINT "calendar_feeds_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "folder_templates_name_idx" ON "folder_templates" USING btree ("organization_id",lower("name"));--> statement-breakpoint
CREATE INDEX "template_runs_template_idx" ON "template_runs" USING btree ("organization_id","template_id","created_at");--> statement-breakpoint
CREATE INDEX "template_runs_folder_idx" ON "template_runs" USING btree ("organization_id","folder_id");--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_feeds_token_idx" ON "calendar_feeds" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "tasks_calendar_idx" ON "tasks" USING btree ("organization_id","due_date") WHERE not "tasks"."deleted" and not "tasks"."archived" and ("tasks"."custom_item_id" in (1, 2) or "tasks"."name" ~* '(shoot|creative|approval)');