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
CREATE FUNCTION tasks_in_parent_total() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.parent_task_id IS NOT DISTINCT FROM OLD.parent_task_id
     AND NEW.folder_id IS NOT DISTINCT FROM OLD.folder_id THEN
    RETURN NEW;
  END IF;
  NEW.in_parent_total := NEW.parent_task_id IS NOT NULL AND NEW.folder_id IS NOT NULL AND EXISTS (
    SELECT 1 FROM tasks p
     WHERE p.organization_id = NEW.organization_id AND p.id = NEW.parent_task_id AND NOT p.deleted
       AND p.folder_id = NEW.folder_id);
  RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_in_parent_total BEFORE INSERT OR UPDATE ON tasks
  FOR EACH ROW EXECUTE FUNCTION tasks_in_parent_total();
--> statement-breakpoint
-- The subtasks of the tasks a statement inserted, moved to another folder, deleted or undeleted
-- (the deleted flag), or removed: their flag follows the parent's new state. One set-based
-- update per statement; only flags that change are written, and the update trigger it fires on
-- the subtasks (folder and deleted unchanged) stops at its first test.
CREATE FUNCTION tasks_subtasks_in_parent_total() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    UPDATE tasks c SET in_parent_total = coalesce(c.folder_id = p.folder_id AND NOT p.deleted, false)
      FROM new_rows p
     WHERE c.organization_id = p.organization_id AND c.parent_task_id = p.id
       AND c.in_parent_total <> coalesce(c.folder_id = p.folder_id AND NOT p.deleted, false);
  ELSIF TG_OP = 'UPDATE' THEN
    -- A statement trigger fires even for no rows, so the update below (on no rows) would fire
    -- this one again without end: it runs only when a folder or deleted flag really changed.
    IF NOT EXISTS (SELECT 1 FROM new_rows p JOIN old_rows o ON o.organization_id = p.organization_id AND o.id = p.id
                    WHERE o.folder_id IS DISTINCT FROM p.folder_id OR o.deleted <> p.deleted) THEN
      RETURN NULL;
    END IF;
    UPDATE tasks c SET in_parent_total = coalesce(c.folder_id = p.folder_id AND NOT p.deleted, false)
      FROM new_rows p JOIN old_rows o ON o.organization_id = p.organization_id AND o.id = p.id
     WHERE (o.folder_id IS DISTINCT FROM p.folder_id OR o.deleted <> p.deleted)
       AND c.organization_id = p.organization_id AND c.parent_task_id = p.id
       AND c.in_parent_total <> coalesce(c.folder_id = p.folder_id AND NOT p.deleted, false);
  ELSE
    UPDATE tasks c SET in_parent_total = false
      FROM old_rows o
     WHERE c.organization_id = o.organization_id AND c.parent_task_id = o.id AND c.in_parent_total;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER tasks_inserted_subtasks AFTER INSERT ON tasks REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tasks_subtasks_in_parent_total();
--> statement-breakpoint
CREATE TRIGGER tasks_updated_subtasks AFTER UPDATE ON tasks REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tasks_subtasks_in_parent_total();
--> statement-breakpoint
CREATE TRIGGER tasks_deleted_subtasks AFTER DELETE ON tasks REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION tasks_subtasks_in_parent_total();
