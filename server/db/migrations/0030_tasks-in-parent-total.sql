ALTER TABLE "tasks" ADD COLUMN "in_parent_total" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- A task's hours are inside its parent's rolled-up totals (estimated_time_total,
-- time_logged_total) when its parent is a live task of the same folder; a folder's hours sum the
-- other tasks (projects/repo.ts folderSums). in_parent_total stores that test so the sum is one
-- index read instead of an anti-join of the folder's tasks against themselves.
UPDATE tasks c SET in_parent_total = true
  FROM tasks p
 WHERE p.organization_id = c.organization_id AND p.id = c.parent_task_id AND NOT p.deleted
   AND p.folder_id = c.folder_id;
--> statement-breakpoint
CREATE INDEX "tasks_folder_hours_idx" ON "tasks" USING btree ("organization_id","folder_id","estimated_time_total","time_logged_total") WHERE not "tasks"."deleted" and not "tasks"."in_parent_total";
--> statement-breakpoint
-- A task's own flag, when it is inserted or its parent or folder changes: one primary-key probe.
-- A parent written earlier in the same statement is seen; one written later corrects its
-- subtasks in its statement trigger below.
--
-- The functions below plan their statements at every call (about 50 µs): a session keeps a
-- trigger's generic plan, and one made while the sync was filling an empty table (no statistics
-- yet, autovacuum off or behind) picks any index on organization_id alone — every index costs the
-- same on an empty table — and then reads the whole workspace for every row (measured on the
-- large agency's sync: 1.6 ms a task, against 27 µs planned at each call).
CREATE FUNCTION tasks_in_parent_total() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.parent_task_id IS NOT DISTINCT FROM OLD.parent_task_id
     AND NEW.folder_id IS NOT DISTINCT FROM OLD.folder_id THEN
    RETURN NEW;
  END IF;
  -- The parent by its key alone: with the folder in the WHERE, the planner may take the folder
  -- index and read the whole folder per task.
  NEW.in_parent_total := NEW.parent_task_id IS NOT NULL AND NEW.folder_id IS NOT NULL AND coalesce((
    SELECT NOT p.deleted AND p.folder_id = NEW.folder_id FROM tasks p
     WHERE p.organization_id = NEW.organization_id AND p.id = NEW.parent_task_id), false);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_in_parent_total BEFORE INSERT OR UPDATE ON tasks
  FOR EACH ROW EXECUTE FUNCTION tasks_in_parent_total();
--> statement-breakpoint
-- The subtasks of the tasks a statement inserted or removed: their flag follows the parent's new
-- state, in one set-based update per statement that writes only the flags that change.
CREATE FUNCTION tasks_subtasks_in_parent_total() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- EXECUTE: a statement without parameters keeps its first plan even under force_custom_plan.
  IF TG_OP = 'INSERT' THEN
    EXECUTE 'UPDATE tasks c SET in_parent_total = coalesce(c.folder_id = p.folder_id AND NOT p.deleted, false)
               FROM new_rows p
              WHERE c.organization_id = p.organization_id AND c.parent_task_id = p.id
                AND c.in_parent_total <> coalesce(c.folder_id = p.folder_id AND NOT p.deleted, false)';
  ELSE
    EXECUTE 'UPDATE tasks c SET in_parent_total = false
               FROM old_rows o
              WHERE c.organization_id = o.organization_id AND c.parent_task_id = o.id AND c.in_parent_total';
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_inserted_subtasks AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tasks_subtasks_in_parent_total();
--> statement-breakpoint
CREATE TRIGGER tasks_deleted_subtasks AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tasks_subtasks_in_parent_total();
--> statement-breakpoint
-- The subtasks of a task moved to another folder, deleted or undeleted (the flag). A row trigger
-- whose WHEN test runs without calling the function: a sync statement rewriting every task
-- (names, totals) fires nothing, where a statement trigger would have to join its old and new
-- rows. The update it makes on the subtasks changes neither test, so it stops there.
CREATE FUNCTION tasks_moved_subtasks_in_parent_total() RETURNS trigger LANGUAGE plpgsql SET plan_cache_mode = force_custom_plan AS $$
BEGIN
  UPDATE tasks c SET in_parent_total = coalesce(c.folder_id = NEW.folder_id AND NOT NEW.deleted, false)
   WHERE c.organization_id = NEW.organization_id AND c.parent_task_id = NEW.id
     AND c.in_parent_total <> coalesce(c.folder_id = NEW.folder_id AND NOT NEW.deleted, false);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_moved_subtasks AFTER UPDATE ON tasks
  FOR EACH ROW WHEN (OLD.folder_id IS DISTINCT FROM NEW.folder_id OR OLD.deleted <> NEW.deleted)
  EXECUTE FUNCTION tasks_moved_subtasks_in_parent_total();
