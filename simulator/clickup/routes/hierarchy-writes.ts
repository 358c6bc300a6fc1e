import type { Hono } from "hono";
import { optBoolean, optNullableNumber, readJson, type SimEnv, type SimServices } from "../context";
import { errors } from "../errors";
import type { ListPatch } from "../hierarchy-operations";
import { parseListColor } from "../list-colors";
import { folderObject, listObject } from "../serialize";
import { parsePriority } from "./tasks";

/** A name field: anything but a string counts as missing (→ CAT_021 / SUBCAT_020). */
const nameOf = (raw: unknown): string | undefined => (typeof raw === "string" ? raw : undefined);

function parseAssignee(raw: unknown): number | null | undefined {
  if (raw === undefined) return undefined;
  if (raw === null || raw === "") return null;
  const n = Number(raw);
  if (!Number.isInteger(n)) throw errors.badRequest("assignee must be a user id", "INPUT_008");
  return n;
}

/** The body of list create/update (clickup-api-writes.md §2); absent keys stay undefined. */
function parseListBody(body: Record<string, unknown>): ListPatch {
  const content =
    typeof body["markdown_content"] === "string"
      ? body["markdown_content"]
      : typeof body["content"] === "string"
        ? body["content"]
        : undefined;
  let color: ListPatch["color"];
  if (body["unset_status"] === true) color = null;
  else if (body["status"] !== undefined && body["status"] !== null) color = parseListColor(body["status"]);
  return {
    name: nameOf(body["name"]),
    content,
    dueDate: optNullableNumber(body["due_date"], "due_date"),
    dueDateTime: optBoolean(body["due_date_time"]),
    priority: parsePriority(body["priority"]),
    assigneeId: parseAssignee(body["assignee"]),
    color,
  };
}

/**
 * Folder and list writes (clickup-api-writes.md §1, §2, §5): validation and permissions here,
 * state changes and webhooks in hierarchy-operations.ts.
 */
export function registerHierarchyWriteRoutes(api: Hono<SimEnv>, { state, hierarchy }: SimServices): void {
  api.post("/space/:space_id/folder", async (c) => {
    const access = c.get("access");
    const space = access.writableSpace(c.req.param("space_id"), "can_create_folders");
    const body = await readJson(c);
    if (body["parent_folder_id"] !== undefined && body["parent_folder_id"] !== null)
      throw errors.badRequest("Subfolders are not enabled in this Workspace", "SUBFOLDER_001"); // sim
    const folder = hierarchy.createFolder(access.userId, space.id, nameOf(body["name"]));
    return c.json(folderObject(state, folder, []));
  });

  api.put("/folder/:folder_id", async (c) => {
    const access = c.get("access");
    const folder = access.writableFolder(c.req.param("folder_id"), "can_edit_folders");
    const body = await readJson(c);
    hierarchy.renameFolder(access.userId, folder, nameOf(body["name"]));
    const lists = [...state.lists.values()].filter((l) => l.folderId === folder.id && !l.deleted);
    return c.json(folderObject(state, folder, lists));
  });

  api.delete("/folder/:folder_id", (c) => {
    const access = c.get("access");
    const folder = access.writableFolder(c.req.param("folder_id"), "can_delete_folders");
    hierarchy.deleteFolder(access.userId, folder);
    return c.json({});
  });

  api.post("/folder/:folder_id/list", async (c) => {
    const access = c.get("access");
    const folder = access.writableFolder(c.req.param("folder_id"), "can_create_lists");
    const input = parseListBody(await readJson(c));
    const list = hierarchy.createList(
      access.userId,
      { spaceId: folder.spaceId, folderId: folder.id },
      { ...input, name: input.name ?? "" },
    );
    return c.json(listObject(state, list));
  });

  api.post("/space/:space_id/list", async (c) => {
    const access = c.get("access");
    const space = access.writableSpace(c.req.param("space_id"), "can_create_lists");
    const input = parseListBody(await readJson(c));
    const list = hierarchy.createList(
      access.userId,
      { spaceId: space.id, folderId: null },
      { ...input, name: input.name ?? "" },
    );
    return c.json(listObject(state, list));
  });

  api.put("/list/:list_id", async (c) => {
    const access = c.get("access");
    const list = access.writableList(c.req.param("list_id"), "can_edit_lists");
    const patch = parseListBody(await readJson(c));
    hierarchy.updateList(access.userId, list, patch);
    return c.json(listObject(state, list));
  });

  api.delete("/list/:list_id", (c) => {
    const access = c.get("access");
    const list = access.writableList(c.req.param("list_id"), "can_delete_lists");
    hierarchy.deleteList(access.userId, list);
    return c.json({});
  });
}
