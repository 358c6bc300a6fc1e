-- time_entry_days (migration 0025) kept equal to the live time entries summed per person, project
-- (the task's current folder, '' when none) and workspace day, billable apart. Inserts and deletes
-- are statement-level triggers with transition tables (a sync batch of 5,000 entries costs one
-- grouped upsert); updates are row-level with a WHEN clause, so the full sync's rewrite of every
-- entry and task costs nothing where nothing a line depends on changed.
-- Every change goes through time_entry_days_add (one copy of the upsert); lines that drop to no
-- entry are removed at once (a partial index holds only those).
CREATE INDEX "time_entry_days_empty_idx" ON "time_entry_days" ("organization_id") WHERE entries <= 0;
--> statement-breakpoint
CREATE FUNCTION time_entry_days_add(orgs text[], days date[], users text[], folders text[], billables boolean[],
    ms bigint[], counts integer[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF orgs IS NULL OR cardinality(orgs) = 0 THEN RETURN; END IF;
  INSERT INTO time_entry_days AS x (organization_id, day, user_id, folder_id, billable, duration_ms, entries)
  SELECT d.o, d.d, d.u, d.f, d.b, d.ms, d.n
    FROM unnest(orgs, days, users, folders, billables, ms, counts) AS d(o, d, u, f, b, ms, n)
   -- Time taken out of a line that is not there (its workspace being deleted) is not a new line.
   WHERE d.n > 0 OR EXISTS (SELECT 1 FROM time_entry_days y WHERE y.organization_id = d.o AND y.day = d.d
                              AND y.user_id = d.u AND y.folder_id = d.f AND y.billable = d.b)
   ORDER BY 1, 2, 3, 4, 5
  ON CONFLICT (organization_id, day, user_id, folder_id, billable)
  DO UPDATE SET duration_ms = x.duration_ms + excluded.duration_ms, entries = x.entries + excluded.entries;
  DELETE FROM time_entry_days x WHERE x.organization_id = ANY (orgs) AND x.entries <= 0;
END $$;
--> statement-breakpoint
-- Recomputes one workspace's lines from its entries (a time-zone change moves every day).
CREATE FUNCTION rebuild_time_entry_days(org text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM time_entry_days WHERE organization_id = org;
  INSERT INTO time_entry_days (organization_id, day, user_id, folder_id, billable, duration_ms, entries)
  SELECT te.organization_id, (te.start_time AT TIME ZONE o.time_zone)::date, te.user_id,
         coalesce(t.folder_id, ''), te.billable, sum(te.duration_ms), count(*)
    FROM time_entries te
    JOIN organizations o ON o.id = te.organization_id
    LEFT JOIN tasks t ON t.organization_id = te.organization_id AND t.id = te.task_id
   WHERE te.organization_id = org AND NOT te.deleted AND te.duration_ms > 0
   GROUP BY 1, 2, 3, 4, 5;
END $$;
--> statement-breakpoint
-- Entries added (INSERT: +1) or removed (DELETE: −1); both triggers name their transition table
-- `changed`.
CREATE FUNCTION time_entry_days_on_insert_or_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE sign int := CASE TG_OP WHEN 'INSERT' THEN 1 ELSE -1 END;
BEGIN
  PERFORM time_entry_days_add(array_agg(g.o), array_agg(g.d), array_agg(g.u), array_agg(g.f), array_agg(g.b),
                              array_agg(g.ms), array_agg(g.n))
     FROM (SELECT a.organization_id AS o, (a.start_time AT TIME ZONE z.time_zone)::date AS d, a.user_id AS u,
                  coalesce(t.folder_id, '') AS f, a.billable AS b, (sign * sum(a.duration_ms))::bigint AS ms,
                  (sign * count(*))::int AS n
             FROM changed a
             JOIN organizations z ON z.id = a.organization_id
             LEFT JOIN tasks t ON t.organization_id = a.organization_id AND t.id = a.task_id
            WHERE NOT a.deleted AND a.duration_ms > 0
            GROUP BY 1, 2, 3, 4, 5) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An entry changed in place (row level, fired only when a column a line depends on changed: the
-- full sync rewrites every entry, and an unchanged one must cost nothing): out of its old line,
-- into its new one.
CREATE FUNCTION time_entry_days_on_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM time_entry_days_add(array_agg(g.o), array_agg(g.d), array_agg(g.u), array_agg(g.f), array_agg(g.b),
                              array_agg(g.ms), array_agg(g.n))
     FROM (SELECT r.o, (r.start_time AT TIME ZONE z.time_zone)::date AS d, r.u, coalesce(t.folder_id, '') AS f, r.b,
                  sum(r.sign * r.ms)::bigint AS ms, sum(r.sign)::int AS n
             FROM (VALUES (OLD.organization_id, OLD.user_id, OLD.task_id, OLD.start_time, OLD.duration_ms, OLD.billable, -1,
                           NOT OLD.deleted AND OLD.duration_ms > 0),
                          (NEW.organization_id, NEW.user_id, NEW.task_id, NEW.start_time, NEW.duration_ms, NEW.billable, 1,
                           NOT NEW.deleted AND NEW.duration_ms > 0))
                  AS r(o, u, task_id, start_time, ms, b, sign, counted)
             JOIN organizations z ON z.id = r.o
             LEFT JOIN tasks t ON t.organization_id = r.o AND t.id = r.task_id
            WHERE r.counted
            GROUP BY 1, 2, 3, 4, 5
           HAVING sum(r.sign) <> 0 OR sum(r.sign * r.ms) <> 0) g;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A task that changes folder (moved, created after its entries arrived, removed) moves its entries'
-- time between the two projects' lines. `moves` is (organization_id, task_id, from folder, to folder).
CREATE FUNCTION time_entry_days_move_tasks(moves jsonb) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM time_entry_days_add(array_agg(g.o), array_agg(g.d), array_agg(g.u), array_agg(g.f), array_agg(g.b),
                              array_agg(g.ms), array_agg(g.n))
     FROM (SELECT te.organization_id AS o, (te.start_time AT TIME ZONE z.time_zone)::date AS d, te.user_id AS u,
                  s.folder AS f, te.billable AS b, sum(s.sign * te.duration_ms)::bigint AS ms, sum(s.sign)::int AS n
             FROM jsonb_to_recordset(moves) AS m(o text, t text, f text, n text)
             JOIN organizations z ON z.id = m.o
             JOIN time_entries te ON te.organization_id = m.o AND te.task_id = m.t AND NOT te.deleted AND te.duration_ms > 0
            CROSS JOIN LATERAL (VALUES (m.f, -1), (m.n, 1)) AS s(folder, sign)
            GROUP BY 1, 2, 3, 4, 5
           HAVING sum(s.sign) <> 0 OR sum(s.sign * te.duration_ms) <> 0) g;
END $$;
--> statement-breakpoint
-- A task added (its entries may have arrived first: from no project into its folder) or removed
-- (back to no project); both triggers name their transition table `changed`.
CREATE FUNCTION time_entry_days_on_task_insert_or_delete() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE moves jsonb;
BEGIN
  SELECT jsonb_agg(CASE TG_OP
           WHEN 'INSERT' THEN jsonb_build_object('o', a.organization_id, 't', a.id, 'f', '', 'n', a.folder_id)
           ELSE jsonb_build_object('o', a.organization_id, 't', a.id, 'f', a.folder_id, 'n', '') END) INTO moves
    FROM changed a
   WHERE coalesce(a.folder_id, '') <> ''
     AND EXISTS (SELECT 1 FROM time_entries te WHERE te.organization_id = a.organization_id AND te.task_id = a.id);
  IF moves IS NOT NULL THEN PERFORM time_entry_days_move_tasks(moves); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION time_entry_days_on_task_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM time_entry_days_move_tasks(jsonb_build_array(jsonb_build_object('o', NEW.organization_id, 't', NEW.id,
    'f', coalesce(OLD.folder_id, ''), 'n', coalesce(NEW.folder_id, ''))));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION time_entry_days_on_time_zone() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM rebuild_time_entry_days(NEW.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER time_entry_days_inserts AFTER INSERT ON time_entries
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION time_entry_days_on_insert_or_delete();
--> statement-breakpoint
CREATE TRIGGER time_entry_days_updates AFTER UPDATE ON time_entries FOR EACH ROW
  WHEN (OLD.deleted IS DISTINCT FROM NEW.deleted OR OLD.user_id IS DISTINCT FROM NEW.user_id
    OR OLD.task_id IS DISTINCT FROM NEW.task_id OR OLD.start_time IS DISTINCT FROM NEW.start_time
    OR OLD.duration_ms IS DISTINCT FROM NEW.duration_ms OR OLD.billable IS DISTINCT FROM NEW.billable
    OR OLD.organization_id IS DISTINCT FROM NEW.organization_id)
  EXECUTE FUNCTION time_entry_days_on_update();
--> statement-breakpoint
CREATE TRIGGER time_entry_days_deletes AFTER DELETE ON time_entries
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION time_entry_days_on_insert_or_delete();
--> statement-breakpoint
CREATE TRIGGER time_entry_days_task_inserts AFTER INSERT ON tasks
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION time_entry_days_on_task_insert_or_delete();
--> statement-breakpoint
CREATE TRIGGER time_entry_days_task_updates AFTER UPDATE OF folder_id ON tasks FOR EACH ROW
  WHEN (coalesce(OLD.folder_id, '') IS DISTINCT FROM coalesce(NEW.folder_id, ''))
  EXECUTE FUNCTION time_entry_days_on_task_update();
--> statement-breakpoint
CREATE TRIGGER time_entry_days_task_deletes AFTER DELETE ON tasks
  REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION time_entry_days_on_task_insert_or_delete();
--> statement-breakpoint
CREATE TRIGGER time_entry_days_time_zone AFTER UPDATE OF time_zone ON organizations
  FOR EACH ROW WHEN (OLD.time_zone IS DISTINCT FROM NEW.time_zone) EXECUTE FUNCTION time_entry_days_on_time_zone();
--> statement-breakpoint
-- The lines of the entries already here.
SELECT rebuild_time_entry_days(o.id) FROM organizations o;
--> statement-breakpoint
-- Statistics for the planner now: PGlite has no autovacuum (the full sync analyzes it afterwards).
ANALYZE time_entry_days;
