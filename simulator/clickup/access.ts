import { errors, type AuthorizationObjectType } from "./errors";
import type { RoleId, SimFolder, SimList, SimSpace, SimTask, SimTeam, SimUser, TokenRecord } from "./model";
import type { SimState } from "./state";

/** Who is calling: the token and the user it belongs to. */
export interface Caller {
  token: TokenRecord;
  user: SimUser;
}

/**
 * Visibility rules: a token sees the workspaces its user belongs to (OAuth tokens only the
 * ones authorized on the consent page); private spaces are visible to their members and the
 * workspace owner. Anything else answers 401 like ClickUp does for unknown ids (§7 item 10).
 */
export class Access {
  constructor(
    private readonly state: SimState,
    readonly caller: Caller,
  ) {}

  get userId(): number {
    return this.caller.user.id;
  }

  // Per-request memo: listing 100k tasks asks the same questions about a handful of spaces.
  private readonly teamMemo = new Map<string, boolean>();
  private readonly spaceMemo = new Map<string, boolean>();

  teamAllowed(teamId: string): boolean {
    let allowed = this.teamMemo.get(teamId);
    if (allowed === undefined) {
      const { teamIds } = this.caller.token;
      allowed =
        (!teamIds || teamIds.has(teamId)) && this.state.memberRole(teamId, this.caller.user.id) !== null;
      this.teamMemo.set(teamId, allowed);
    }
    return allowed;
  }

  visibleTeams(): SimTeam[] {
    return this.state.teamList.filter((t) => this.teamAllowed(t.id));
  }

  /** The workspace, or 404 SHARD_031 for unknown ids and 401 when not authorized. */
  team(teamId: string): SimTeam {
    const team = this.state.teams.get(teamId);
    if (!team) throw errors.workspaceNotFound();
    if (!this.teamAllowed(teamId)) throw errors.teamNotAuthorized();
    return team;
  }

  role(teamId: string): RoleId | null {
    return this.state.memberRole(teamId, this.caller.user.id);
  }

  isAdmin(teamId: string): boolean {
    const role = this.role(teamId);
    return role === 1 || role === 2;
  }

  canSeeSpace(space: SimSpace): boolean {
    let visible = this.spaceMemo.get(space.id);
    if (visible === undefined) {
      visible =
        this.teamAllowed(space.teamId) &&
        (!space.private || space.memberIds.includes(this.caller.user.id) || this.role(space.teamId) === 1);
      this.spaceMemo.set(space.id, visible);
    }
    return visible;
  }

  canSeeTask(task: SimTask): boolean {
    if (task.deleted) return false;
    const space = this.state.spaces.get(task.spaceId);
    return !!space && this.canSeeSpace(space);
  }

  space(spaceId: string): SimSpace {
    const space = this.state.spaces.get(spaceId);
    if (!space || !this.canSeeSpace(space)) throw errors.itemNotAccessible();
    return space;
  }

  folder(folderId: string): SimFolder {
    const folder = this.state.folders.get(folderId);
    const space = folder ? this.state.spaces.get(folder.spaceId) : undefined;
    if (!folder || !space || !this.canSeeSpace(space)) throw errors.itemNotAccessible();
    return folder;
  }

  list(listId: string): SimList {
    const list = this.state.lists.get(listId);
    const space = list ? this.state.spaces.get(list.spaceId) : undefined;
    if (!list || !space || !this.canSeeSpace(space)) throw errors.taskOrListNotAccessible();
    return list;
  }

  /** A task by id, or by custom id when `customTaskIds` is set (needs `teamId`, §3.2). */
  task(taskId: string, custom?: { customTaskIds: boolean; teamId: string | null }): SimTask {
    let task: SimTask | undefined;
    if (custom?.customTaskIds) {
      if (!custom.teamId)
        throw errors.badRequest("team_id is required when custom_task_ids is true", "ITEM_112");
      this.team(custom.teamId);
      task = this.state.taskByCustom(custom.teamId, taskId);
    } else {
      task = this.state.taskById.get(taskId);
    }
    if (!task || !this.canSeeTask(task)) throw errors.taskOrListNotAccessible();
    return task;
  }

  // ---- writes (clickup-api-writes.md §5) ------------------------------------------------------
  // Guests and members without access to the space are refused with 401 ACCESS_064 (ClickUp
  // answers permission failures with 401, not 403). Guests' per-item sharing is not modelled.

  private requireEditor(
    space: SimSpace,
    objectId: string,
    type: AuthorizationObjectType,
    permission: string,
  ): void {
    this.team(space.teamId); // 401 OAUTH_027 when the token may not use the workspace at all
    if (!this.canSeeSpace(space) || this.role(space.teamId) === 4)
      throw errors.noPermission(objectId, type, space.teamId, permission);
  }

  /** A space to create folders or lists in: 404 PROJ_006 for unknown (or malformed) ids. */
  writableSpace(spaceId: string, permission: string): SimSpace {
    const space = /^\d+$/.test(spaceId) ? this.state.spaces.get(spaceId) : undefined;
    if (!space) throw errors.spaceNotFound();
    this.requireEditor(space, space.id, "project", permission);
    return space;
  }

  /** A folder to change: 400 INPUT_011 for malformed ids, 401 OAUTH_023 for unknown or deleted ones. */
  writableFolder(folderId: string, permission: string): SimFolder {
    if (!/^\d+$/.test(folderId)) throw errors.folderIdInvalid();
    const folder = this.state.folders.get(folderId);
    const space = folder ? this.state.spaces.get(folder.spaceId) : undefined;
    if (!folder || !space || folder.deleted) throw errors.itemNotAccessible();
    this.requireEditor(space, folder.id, "category", permission);
    return folder;
  }

  /** A list to change or add tasks to: 400 INPUT_003 for malformed ids, 401 OAUTH_018 for unknown or deleted ones. */
  writableList(listId: string, permission: string): SimList {
    if (!/^\d+$/.test(listId)) throw errors.listIdInvalid();
    const list = this.state.lists.get(listId);
    const space = list ? this.state.spaces.get(list.spaceId) : undefined;
    if (!list || !space || list.deleted) throw errors.taskOrListNotAccessible();
    this.requireEditor(space, list.id, "subcategory", permission);
    return list;
  }
}
