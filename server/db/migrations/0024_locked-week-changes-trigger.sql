-- Changes made in ClickUp to a time entry of an approved week (PRODUCT.md → Timesheet approval):
-- the entry is stored as ClickUp has it, and the change is recorded in locked_week_changes.
-- Statement-level triggers with transition tables see each statement's rows at once, so the sync's
-- batches of 5,000 cost one in-memory join, not a lookup per row; a statement that changes nothing
-- an approved week holds records nothing. One row per distinct new state (the fingerprint), so a
-- re-sync of the same change adds nothing.
CREATE FUNCTION flag_locked_week_inserts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO locked_week_changes (organization_id, id, clickup_user_id, week_start, time_entry_id, change,
    before, after, fingerprint, detected_at)
  SELECT a.organization_id, gen_random_uuid()::text, w.clickup_user_id, w.week_start, coalesce(a.clickup_id, a.id),
         'added', NULL,
         jsonb_build_object('taskId', a.task_id, 'start', a.start_time, 'durationMs', a.duration_ms, 'billable', a.billable),
         md5(concat_ws('|', w.clickup_user_id, w.week_start, 'added', a.task_id, a.start_time, a.duration_ms, a.billable)),
         now()
    FROM added a
    JOIN timesheet_weeks w ON w.organization_id = a.organization_id AND w.status = 'approved'
     AND w.clickup_user_id = a.user_id AND w.week_start = (date_trunc('week', a.start_time AT TIME ZONE 'UTC'))::date
   WHERE NOT a.deleted
  ON CONFLICT (organization_id, time_entry_id, fingerprint) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION flag_locked_week_updates() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO locked_week_changes (organization_id, id, clickup_user_id, week_start, time_entry_id, change,
    before, after, fingerprint, detected_at)
  SELECT c.organization_id, gen_random_uuid()::text, w.clickup_user_id, w.week_start, c.entry_id,
         c.change, c.before, c.after,
         md5(concat_ws('|', w.clickup_user_id, w.week_start, c.change, coalesce(c.after, c.before))),
         now()
    FROM (
      SELECT n.organization_id, coalesce(n.clickup_id, n.id) AS entry_id,
             CASE WHEN o.deleted THEN 'added' WHEN n.deleted THEN 'deleted' ELSE 'changed' END AS change,
             CASE WHEN o.deleted THEN NULL ELSE jsonb_build_object('taskId', o.task_id, 'start', o.start_time,
               'durationMs', o.duration_ms, 'billable', o.billable) END AS before,
             CASE WHEN n.deleted THEN NULL ELSE jsonb_build_object('taskId', n.task_id, 'start', n.start_time,
               'durationMs', n.duration_ms, 'billable', n.billable) END AS after,
             o.deleted AS old_deleted, o.user_id AS old_user, o.start_time AS old_start,
             n.deleted AS new_deleted, n.user_id AS new_user, n.start_time AS new_start
        FROM old_rows o
        JOIN new_rows n ON n.organization_id = o.organization_id AND n.id = o.id
       WHERE NOT (o.deleted AND n.deleted)
         AND (o.deleted IS DISTINCT FROM n.deleted OR o.user_id IS DISTINCT FROM n.user_id
           OR o.task_id IS DISTINCT FROM n.task_id OR o.start_time IS DISTINCT FROM n.start_time
           OR o.duration_ms IS DISTINCT FROM n.duration_ms OR o.billable IS DISTINCT FROM n.billable)
    ) c
    JOIN timesheet_weeks w ON w.organization_id = c.organization_id AND w.status = 'approved'
     AND ((NOT c.new_deleted AND w.clickup_user_id = c.new_user
           AND w.week_start = (date_trunc('week', c.new_start AT TIME ZONE 'UTC'))::date)
       OR (NOT c.old_deleted AND w.clickup_user_id = c.old_user
           AND w.week_start = (date_trunc('week', c.old_start AT TIME ZONE 'UTC'))::date))
  ON CONFLICT (organization_id, time_entry_id, fingerprint) DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER time_entries_locked_week_inserts AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS added FOR EACH STATEMENT EXECUTE FUNCTION flag_locked_week_inserts();
--> statement-breakpoint
CREATE TRIGGER time_entries_locked_week_updates AFTER UPDATE ON time_entries
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION flag_locked_week_updates();
