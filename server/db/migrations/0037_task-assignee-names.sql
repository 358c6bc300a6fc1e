-- The name each task's assignee entry carries (spec §8: the first source of an assignee's name),
-- kept on task_assignees at sync so that the workload grid and its entries read it by index
-- instead of unpacking every task's assignees JSON.
ALTER TABLE "task_assignees" ADD COLUMN "username" text;--> statement-breakpoint
ALTER TABLE "task_assignees" ADD COLUMN "email" text;--> statement-breakpoint
-- A name changes no booking: only a change of the row's task or person marks it (0032).
DROP TRIGGER IF EXISTS workload_bookings_assignee_updates ON task_assignees;--> statement-breakpoint
CREATE TRIGGER workload_bookings_assignee_updates AFTER UPDATE ON task_assignees FOR EACH ROW
  WHEN (OLD.organization_id IS DISTINCT FROM NEW.organization_id OR OLD.task_id IS DISTINCT FROM NEW.task_id
    OR OLD.user_id IS DISTINCT FROM NEW.user_id)
  EXECUTE FUNCTION workload_bookings_mark_row();--> statement-breakpoint
-- The rows already synced: the first object entry of the task's assignees with the row's id, as
-- the readers took it from the JSON until now.
UPDATE task_assignees ta
   SET username = n.username, email = n.email
  FROM (
    SELECT DISTINCT ON (t.organization_id, t.id, e.v->>'id') t.organization_id, t.id AS task_id, e.v->>'id' AS user_id,
           CASE WHEN jsonb_typeof(e.v->'username') = 'string' THEN nullif(btrim(e.v->>'username'), '') END AS username,
           CASE WHEN jsonb_typeof(e.v->'email') = 'string' THEN nullif(btrim(e.v->>'email'), '') END AS email
      FROM tasks t
     CROSS JOIN LATERAL jsonb_array_elements(
       CASE WHEN jsonb_typeof(t.assignees_array) = 'array' THEN t.assignees_array ELSE '[]'::jsonb END
     ) WITH ORDINALITY e(v, k)
     WHERE jsonb_typeof(e.v) = 'object' AND e.v->>'id' IS NOT NULL
     ORDER BY t.organization_id, t.id, e.v->>'id', e.k
  ) n
 WHERE n.organization_id = ta.organization_id AND n.task_id = ta.task_id AND n.user_id = ta.user_id
   AND (n.username IS NOT NULL OR n.email IS NOT NULL);
