import { sql } from "drizzle-orm";
import { rows, run, type Executor } from "../../db/executor";
import type { CuFolder, CuList, CuMember, CuSpace } from "../../integrations/clickup/types";
import { jsonb } from "./jsonb";

/**
 * The synced shape of the ClickUp workspace: its people (provider_users), spaces, folders,
 * lists and the explicit members of lists in private spaces. Bulk writes send one jsonb
 * parameter per batch and run inside the caller's transaction.
 */

export async function upsertProviderUsers(ex: Executor, orgId: string, members: CuMember[]): Promise<void> {
  if (!members.length) return;
  await run(
    ex,
    sql`
    insert into provider_users (organization_id, id, username, email, profile_picture, initials, color, role, synced_at)
    select ${orgId}, r.id, r.username, r.email, r."profilePicture", r.initials, r.color, r.role, now()
    from jsonb_to_recordset(${jsonb(members)}) as r(id text, username text, email text, "profilePicture" text, initials text, color text, role int)
    on conflict (organization_id, id) do update set
      username = excluded.username, email = excluded.email, profile_picture = excluded.profile_picture,
      initials = excluded.initials, color = excluded.color, role = excluded.role, synced_at = now()`,
  );
}

/** The ClickUp user ids of the workspace's people, in id order (time entries are asked per person). */
export async function providerUserIds(ex: Executor, orgId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    ex,
    sql`select id from provider_users where organization_id = ${orgId} order by id`,
  );
  return found.map((r) => r.id);
}

export async function upsertSpaces(
  ex: Executor,
  orgId: string,
  teamId: string,
  spaces: CuSpace[],
): Promise<void> {
  if (!spaces.length) return;
  await run(
    ex,
    sql`
    insert into spaces (organization_id, id, name, team_id, statuses, private, archived, deleted, synced_at)
    select ${orgId}, r.id, r.name, ${teamId}, r.statuses, coalesce(r.private, false), r.archived, false, now()
    from jsonb_to_recordset(${jsonb(spaces)}) as r(id text, name text, statuses jsonb, private boolean, archived boolean)
    on conflict (organization_id, id) do update set
      name = excluded.name, team_id = excluded.team_id, statuses = excluded.statuses, private = excluded.private,
      archived = excluded.archived, deleted = false, synced_at = now()`,
  );
}

export async function upsertFolders(ex: Executor, orgId: string, folders: CuFolder[]): Promise<void> {
  if (!folders.length) return;
  const data = folders.map((f) => ({
    id: f.id,
    name: f.name,
    spaceId: f.spaceId,
    hidden: f.hidden,
    archived: f.archived,
  }));
  await run(
    ex,
    sql`
    insert into folders (organization_id, id, name, space_id, hidden, archived, deleted, synced_at)
    select ${orgId}, r.id, r.name, r."spaceId", r.hidden, r.archived, false, now()
    from jsonb_to_recordset(${jsonb(data)}) as r(id text, name text, "spaceId" text, hidden boolean, archived boolean)
    on conflict (organization_id, id) do update set
      name = excluded.name, space_id = excluded.space_id, hidden = excluded.hidden, archived = excluded.archived,
      deleted = false, synced_at = now()`,
  );
}

export async function upsertLists(ex: Executor, orgId: string, lists: CuList[]): Promise<void> {
  if (!lists.length) return;
  await run(
    ex,
    sql`
    insert into lists (organization_id, id, name, folder_id, space_id, archived, deleted, synced_at)
    select ${orgId}, r.id, r.name, r."folderId", r."spaceId", r.archived, false, now()
    from jsonb_to_recordset(${jsonb(lists)}) as r(id text, name text, "folderId" text, "spaceId" text, archived boolean)
    on conflict (organization_id, id) do update set
      name = excluded.name, folder_id = excluded.folder_id, space_id = excluded.space_id,
      archived = excluded.archived, deleted = false, synced_at = now()`,
  );
}

/** Lists only known from their tasks (e.g. archived lists inside folders): insert if missing. */
export async function insertMissingLists(ex: Executor, orgId: string, lists: CuList[]): Promise<void> {
  if (!lists.length) return;
  await run(
    ex,
    sql`
    insert into lists (organization_id, id, name, folder_id, space_id, archived, deleted, synced_at)
    select ${orgId}, r.id, r.name, r."folderId", r."spaceId", r.archived, false, now()
    from jsonb_to_recordset(${jsonb(lists)}) as r(id text, name text, "folderId" text, "spaceId" text, archived boolean)
    on conflict (organization_id, id) do update set synced_at = now(), deleted = false`,
  );
}

export async function replaceListMembers(
  ex: Executor,
  orgId: string,
  listId: string,
  userIds: string[],
): Promise<void> {
  await run(ex, sql`delete from list_members where organization_id = ${orgId} and list_id = ${listId}`);
  if (!userIds.length) return;
  await run(
    ex,
    sql`
    insert into list_members (organization_id, list_id, user_id)
    select ${orgId}, ${listId}, u from jsonb_array_elements_text(${jsonb(userIds)}) as u
    on conflict do nothing`,
  );
}

export async function listIdsInPrivateSpaces(ex: Executor, orgId: string): Promise<string[]> {
  const found = await rows<{ id: string }>(
    ex,
    sql`select l.id from lists l join spaces s on s.organization_id = l.organization_id and s.id = l.space_id
        where l.organization_id = ${orgId} and s.private and not l.deleted and not s.deleted order by l.id`,
  );
  return found.map((r) => r.id);
}

/** Hierarchy rows not seen since `since` were deleted in ClickUp. */
export async function markHierarchyDeletedBefore(ex: Executor, orgId: string, since: string): Promise<void> {
  for (const table of ["spaces", "folders", "lists"] as const) {
    await run(
      ex,
      sql`update ${sql.identifier(table)} set deleted = true
          where organization_id = ${orgId} and not deleted and synced_at < ${since}::timestamptz`,
    );
  }
}

/** A deleted space, folder or list takes what it contains with it (tasks included). */
export async function markHierarchyDeleted(
  ex: Executor,
  orgId: string,
  kind: "space" | "folder" | "list",
  id: string,
): Promise<void> {
  if (kind === "space") {
    await run(ex, sql`update spaces set deleted = true where organization_id = ${orgId} and id = ${id}`);
    await run(
      ex,
      sql`update folders set deleted = true where organization_id = ${orgId} and space_id = ${id}`,
    );
    await run(ex, sql`update lists set deleted = true where organization_id = ${orgId} and space_id = ${id}`);
    await run(ex, sql`update tasks set deleted = true where organization_id = ${orgId} and space_id = ${id}`);
  } else if (kind === "folder") {
    await run(ex, sql`update folders set deleted = true where organization_id = ${orgId} and id = ${id}`);
    await run(
      ex,
      sql`update lists set deleted = true where organization_id = ${orgId} and folder_id = ${id}`,
    );
    await run(
      ex,
      sql`update tasks set deleted = true where organization_id = ${orgId} and folder_id = ${id}`,
    );
  } else {
    await run(ex, sql`update lists set deleted = true where organization_id = ${orgId} and id = ${id}`);
    await run(ex, sql`update tasks set deleted = true where organization_id = ${orgId} and list_id = ${id}`);
  }
}

/** Every list of the workspace not known to be deleted, archived ones included. */
export async function syncedListIds(ex: Executor, orgId: string): Promise<string[]> {
  const r = await rows<{ id: string }>(
    ex,
    sql`select id from lists where organization_id = ${orgId} and not deleted order by id`,
  );
  return r.map((x) => x.id);
}
