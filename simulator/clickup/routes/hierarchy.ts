import type { Hono } from "hono";
import { serializeFieldDefinition } from "../custom-fields";
import { flag, queryParams, type SimCtx, type SimEnv, type SimServices } from "../context";
import type { SimField, SimList } from "../model";
import { authorizedUser, folderObject, listObject, spaceObject, teamObject, usersJson } from "../serialize";

/** User, workspaces, spaces, folders, lists, members, custom task types and field definitions (§2, §3.4, §3.5). */
export function registerHierarchyRoutes(api: Hono<SimEnv>, { state }: SimServices): void {
  api.get("/user", (c) => c.json(authorizedUser(c.get("access").caller.user)));

  api.get("/team", (c) =>
    c.json({
      teams: c
        .get("access")
        .visibleTeams()
        .map((t) => teamObject(state, t)),
    }),
  );

  api.get("/team/:team_id/space", (c) => {
    const access = c.get("access");
    const team = access.team(c.req.param("team_id"));
    const archived = flag(queryParams(c), "archived");
    // Observed: archived=true on spaces also returns the non-archived ones (§2).
    const spaces = [...state.spaces.values()].filter(
      (s) => s.teamId === team.id && access.canSeeSpace(s) && (archived || !s.archived),
    );
    return c.json({ spaces: spaces.map(spaceObject) });
  });

  api.get("/space/:space_id", (c) => c.json(spaceObject(c.get("access").space(c.req.param("space_id")))));

  const listsOfFolder = (folderId: string, archived: boolean | null): SimList[] =>
    [...state.lists.values()].filter(
      (l) => l.folderId === folderId && !l.deleted && (archived === null || l.archived === archived),
    );

  api.get("/space/:space_id/folder", (c) => {
    const space = c.get("access").space(c.req.param("space_id"));
    const archived = flag(queryParams(c), "archived");
    const folders = [...state.folders.values()].filter(
      (f) => f.spaceId === space.id && !f.deleted && f.archived === archived,
    );
    return c.json({ folders: folders.map((f) => folderObject(state, f, listsOfFolder(f.id, false))) });
  });

  api.get("/folder/:folder_id", (c) => {
    const folder = c.get("access").folder(c.req.param("folder_id"));
    return c.json(folderObject(state, folder, listsOfFolder(folder.id, false)));
  });

  api.get("/folder/:folder_id/list", (c) => {
    const folder = c.get("access").folder(c.req.param("folder_id"));
    const archived = flag(queryParams(c), "archived");
    return c.json({ lists: listsOfFolder(folder.id, archived).map((l) => listObject(state, l)) });
  });

  api.get("/space/:space_id/list", (c) => {
    const space = c.get("access").space(c.req.param("space_id"));
    const archived = flag(queryParams(c), "archived");
    const lists = [...state.lists.values()].filter(
      (l) => l.spaceId === space.id && l.folderId === null && !l.deleted && l.archived === archived,
    );
    return c.json({ lists: lists.map((l) => listObject(state, l)) });
  });

  api.get("/list/:list_id", (c) => c.json(listObject(state, c.get("access").list(c.req.param("list_id")))));

  // Only users with explicit access are listed (§2): members of a private space, nobody otherwise.
  api.get("/list/:list_id/member", (c) => {
    const list = c.get("access").list(c.req.param("list_id"));
    const space = state.requireSpace(list.spaceId);
    const ids = space.private ? space.memberIds : [];
    return c.json({ members: usersJson(state, ids) });
  });

  api.get("/task/:task_id/member", (c) => {
    const params = queryParams(c);
    const task = c.get("access").task(c.req.param("task_id"), {
      customTaskIds: flag(params, "custom_task_ids"),
      teamId: params.get("team_id"),
    });
    return c.json({ members: usersJson(state, task.assignees) });
  });

  api.get("/team/:team_id/custom_item", (c) => {
    const team = c.get("access").team(c.req.param("team_id"));
    return c.json({
      custom_items: team.customItems.map((i) => ({
        id: i.id,
        name: i.name,
        name_plural: i.namePlural,
        description: i.description,
      })),
    });
  });

  const fieldsJson = (c: SimCtx, fields: SimField[]) => {
    const appliedObjects = flag(queryParams(c), "include_applied_objects");
    return { fields: fields.map((f) => serializeFieldDefinition(f, { appliedObjects })) };
  };

  api.get("/list/:list_id/field", (c) =>
    c.json(fieldsJson(c, state.fieldsForList(c.get("access").list(c.req.param("list_id"))))),
  );

  api.get("/folder/:folder_id/field", (c) => {
    const folder = c.get("access").folder(c.req.param("folder_id"));
    const space = state.requireSpace(folder.spaceId);
    const fields = [...state.fields.values()].filter(
      (f) =>
        f.teamId === space.teamId &&
        (f.scope.level === "team" ||
          (f.scope.level === "space" && f.scope.id === space.id) ||
          (f.scope.level === "folder" && f.scope.id === folder.id)),
    );
    return c.json(fieldsJson(c, fields));
  });

  api.get("/space/:space_id/field", (c) => {
    const space = c.get("access").space(c.req.param("space_id"));
    const fields = [...state.fields.values()].filter(
      (f) =>
        f.teamId === space.teamId &&
        (f.scope.level === "team" || (f.scope.level === "space" && f.scope.id === space.id)),
    );
    return c.json(fieldsJson(c, fields));
  });

  // Only workspace-level fields (§3.5).
  api.get("/team/:team_id/field", (c) => {
    const team = c.get("access").team(c.req.param("team_id"));
    return c.json(
      fieldsJson(
        c,
        [...state.fields.values()].filter((f) => f.teamId === team.id && f.scope.level === "team"),
      ),
    );
  });
}
