CREATE TABLE "locked_week_changes" (
	"organization_id" text NOT NULL,
	"id" text NOT NULL,
	"clickup_user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"time_entry_id" text NOT NULL,
	"change" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"fingerprint" text NOT NULL,
	"detected_at" timestamp with time zone NOT NULL,
	"acknowledged_at" timestamp with time zone,
	"acknowledged_by" text,
	CONSTRAINT "locked_week_changes_organization_id_id_pk" PRIMARY KEY("organization_id","id"),
	CONSTRAINT "locked_week_changes_change_valid" CHECK ("locked_week_changes"."change" in ('added', 'changed', 'deleted'))
);
--> statement-breakpoint
CREATE TABLE "timesheet_weeks" (
	"organization_id" text NOT NULL,
	"clickup_user_id" text NOT NULL,
	"week_start" date NOT NULL,
	"status" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"submitted_at" timestamp with time zone,
	"submitted_by" text,
	"decided_at" timestamp with time zone,
	"decided_by" text,
	"comment" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "timesheet_weeks_organization_id_clickup_user_id_week_start_pk" PRIMARY KEY("organization_id","clickup_user_id","week_start"),
	CONSTRAINT "timesheet_weeks_status_valid" CHECK ("timesheet_weeks"."status" in ('open', 'submitted', 'approved', 'rejected')),
	CONSTRAINT "timesheet_weeks_monday" CHECK (extract(isodow from "timesheet_weeks"."week_start") = 1)
);
--> statement-breakpoint
ALTER TABLE "locked_week_changes" ADD CONSTRAINT "locked_week_changes_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locked_week_changes" ADD CONSTRAINT "locked_week_changes_acknowledged_by_profiles_id_fk" FOREIGN KEY ("acknowledged_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_submitted_by_profiles_id_fk" FOREIGN KEY ("submitted_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "timesheet_weeks" ADD CONSTRAINT "timesheet_weeks_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "locked_week_changes_fingerprint_idx" ON "locked_week_changes" USING btree ("organization_id","time_entry_id","fingerprint");--> statement-breakpoint
CREATE INDEX "locked_week_changes_open_idx" ON "locked_week_changes" USING btree ("organization_id","detected_at") WHERE "locked_week_changes"."acknowledged_at" is null;--> statement-breakpoint
CREATE INDEX "locked_week_changes_week_idx" ON "locked_week_changes" USING btree ("organization_id","clickup_user_id","week_start");--> statement-breakpoint
CREATE INDEX "timesheet_weeks_status_idx" ON "timesheet_weeks" USING btree ("organization_id","status","week_start");