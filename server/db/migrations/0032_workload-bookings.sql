CREATE TABLE "workload_bookings" (
	"organization_id" text NOT NULL,
	"task_id" text NOT NULL,
	"person" text NOT NULL,
	"space_id" text,
	"folder_id" text,
	"range_start" date NOT NULL,
	"range_end" date NOT NULL,
	"due_day" date,
	"estimate_ms" bigint NOT NULL,
	"assignees" integer NOT NULL,
	"hours_per_day" numeric,
	CONSTRAINT "workload_bookings_organization_id_task_id_person_pk" PRIMARY KEY("organization_id","task_id","person")
);
--> statement-breakpoint
CREATE TABLE "workload_bookings_dirty" (
	"organization_id" text NOT NULL,
	"task_id" text NOT NULL,
	CONSTRAINT "workload_bookings_dirty_organization_id_task_id_pk" PRIMARY KEY("organization_id","task_id")
);
--> statement-breakpoint
DROP INDEX "tasks_workload_status_idx";--> statement-breakpoint
ALTER TABLE "workload_bookings" ADD CONSTRAINT "workload_bookings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workload_bookings_dirty" ADD CONSTRAINT "workload_bookings_dirty_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "workload_bookings_end_idx" ON "workload_bookings" USING btree ("organization_id","range_end");--> statement-breakpoint
CREATE INDEX "workload_bookings_due_idx" ON "workload_bookings" USING btree ("organization_id","due_day");--> statement-breakpoint
-- The tasks whose bookings may have changed are marked in workload_bookings_dirty; the bookings
-- themselves are derived in workload/bookings-repo.ts (the §9 and `h/d est` rules are written once,
-- in TypeScript's SQL). Inserts and deletes are statement-level triggers with transition tables
-- (a sync batch marks its tasks in one insert); updates are row-level with a WHEN clause, so the
-- full sync's rewrite of every unchanged task, assignee and value marks nothing.
CREATE FUNCTION workload_bookings_mark_tasks() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workload_bookings_dirty (organization_id, task_id)
  SELECT DISTINCT c.organization_id, c.id FROM changed c
   -- Not for a workspace being deleted (its rows go with it).
   WHERE EXISTS (SELECT 1 FROM organizations z WHERE z.id = c.organization_id) ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- For the tables keyed by task_id (task_assignees, custom_field_values).
CREATE FUNCTION workload_bookings_mark_task_ids() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workload_bookings_dirty (organization_id, task_id)
  SELECT DISTINCT c.organization_id, c.task_id FROM changed c
   -- Not for a workspace being deleted (its rows go with it).
   WHERE EXISTS (SELECT 1 FROM organizations z WHERE z.id = c.organization_id) ORDER BY 1, 2
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A row changed in place: its old and its new task (row level; `id` for tasks, `task_id` else).
CREATE FUNCTION workload_bookings_mark_row() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE old_row jsonb := to_jsonb(OLD); new_row jsonb := to_jsonb(NEW);
BEGIN
  INSERT INTO workload_bookings_dirty (organization_id, task_id)
  SELECT DISTINCT r.o, r.t FROM (VALUES
      (old_row->>'organization_id', coalesce(old_row->>'task_id', old_row->>'id')),
      (new_row->>'organization_id', coalesce(new_row->>'task_id', new_row->>'id'))) AS r(o, t)
   WHERE EXISTS (SELECT 1 FROM organizations z WHERE z.id = r.o)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Every task of the changed rows' workspaces is derived again ('*'): a custom field defined,
-- renamed or removed may start or stop being an `h/d est` field (and, migration 0033, holidays).
CREATE FUNCTION workload_bookings_mark_workspaces() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workload_bookings_dirty (organization_id, task_id)
  SELECT DISTINCT c.organization_id, '*' FROM changed c
   WHERE EXISTS (SELECT 1 FROM organizations z WHERE z.id = c.organization_id)
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION workload_bookings_mark_field_rename() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO workload_bookings_dirty (organization_id, task_id) VALUES (NEW.organization_id, '*')
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER workload_bookings_task_inserts AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_tasks();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_task_deletes AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_tasks();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_task_updates AFTER UPDATE ON tasks FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.start_date IS DISTINCT FROM NEW.start_date
    OR OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.time_estimate_ms IS DISTINCT FROM NEW.time_estimate_ms
    OR OLD.folder_id IS DISTINCT FROM NEW.folder_id OR OLD.space_id IS DISTINCT FROM NEW.space_id
    OR OLD.deleted IS DISTINCT FROM NEW.deleted OR OLD.archived IS DISTINCT FROM NEW.archived
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION workload_bookings_mark_row();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_assignee_inserts AFTER INSERT ON task_assignees
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_task_ids();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_assignee_deletes AFTER DELETE ON task_assignees
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_task_ids();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_assignee_updates AFTER UPDATE ON task_assignees FOR EACH ROW
  EXECUTE FUNCTION workload_bookings_mark_row();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_value_inserts AFTER INSERT ON custom_field_values
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_task_ids();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_value_deletes AFTER DELETE ON custom_field_values
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_task_ids();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_value_updates AFTER UPDATE ON custom_field_values FOR EACH ROW
  WHEN (OLD.value IS DISTINCT FROM NEW.value OR OLD.task_id IS DISTINCT FROM NEW.task_id
    OR OLD.custom_field_id IS DISTINCT FROM NEW.custom_field_id)
  EXECUTE FUNCTION workload_bookings_mark_row();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_field_inserts AFTER INSERT ON custom_fields
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_workspaces();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_field_deletes AFTER DELETE ON custom_fields
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION workload_bookings_mark_workspaces();
--> statement-breakpoint
CREATE TRIGGER workload_bookings_field_renames AFTER UPDATE OF name ON custom_fields FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name) EXECUTE FUNCTION workload_bookings_mark_field_rename();
--> statement-breakpoint
-- Every workspace already here derives its bookings at its next workload read (or sync).
INSERT INTO workload_bookings_dirty (organization_id, task_id) SELECT o.id, '*' FROM organizations o;
