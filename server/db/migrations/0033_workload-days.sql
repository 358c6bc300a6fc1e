CREATE TABLE "workload_days" (
	"organization_id" text NOT NULL,
	"day" date NOT NULL,
	"person" text NOT NULL,
	"folder_id" text NOT NULL,
	"space_id" text NOT NULL,
	"booked_ms" bigint NOT NULL,
	"bookings" integer NOT NULL,
	CONSTRAINT "workload_days_organization_id_day_person_folder_id_space_id_pk" PRIMARY KEY("organization_id","day","person","folder_id","space_id")
);
--> statement-breakpoint
ALTER TABLE "workload_days" ADD CONSTRAINT "workload_days_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workload_days_empty_idx" ON "workload_days" USING btree ("organization_id") WHERE "workload_days"."bookings" <= 0;
--> statement-breakpoint
-- Working days and holidays decide which days a booking books: a change derives every booking
-- and day of the workspace again ('*', refreshWorkloadBookings).
CREATE FUNCTION workload_bookings_mark_working_days() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workload_bookings_dirty (organization_id, task_id) VALUES (NEW.id, '*') ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workload_days_holiday_inserts AFTER INSERT ON workspace_holidays
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_workspaces();
--> statement-breakpoint
CREATE TRIGGER workload_days_holiday_deletes AFTER DELETE ON workspace_holidays
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_workspaces();
--> statement-breakpoint
CREATE TRIGGER workload_days_holiday_updates AFTER UPDATE ON workspace_holidays
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_workspaces();
--> statement-breakpoint
CREATE TRIGGER workload_days_working_days AFTER UPDATE OF working_days ON organizations FOR EACH ROW
  WHEN (OLD.working_days IS DISTINCT FROM NEW.working_days) EXECUTE FUNCTION workload_bookings_mark_working_days();
--> statement-breakpoint
-- Every workspace derives its bookings and their days at its next workload read (or sync).
INSERT INTO workload_bookings_dirty (organization_id, task_id) SELECT o.id, '*' FROM organizations o
ON CONFLICT DO NOTHING;
