import type { ContentfulStatusCode } from "hono/utils/http-status";

/**
 * Every non-200 ClickUp response carries `{err, ECODE}` (clickup-api.md §6.2); permission
 * failures add `meta.authorization_failures` (clickup-api-writes.md §5).
 */
export interface ClickUpErrorBody {
  err: string;
  ECODE: string;
  meta?: Record<string, unknown>;
}

export class ClickUpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly err: string,
    readonly ecode: string,
    readonly meta?: Record<string, unknown>,
  ) {
    super(`${status} ${ecode}: ${err}`);
    this.name = "ClickUpError";
  }

  get body(): ClickUpErrorBody {
    return this.meta
      ? { err: this.err, ECODE: this.ecode, meta: this.meta }
      : { err: this.err, ECODE: this.ecode };
  }
}

/** ClickUp's internal names, as in its ECODE prefixes: spaces are projects, folders categories, lists subcategories. */
export type AuthorizationObjectType = "project" | "category" | "subcategory" | "task";

/**
 * The error responses the simulator produces. Codes and messages follow clickup-api.md; where
 * the doc names no code (bad code on token exchange, unknown route, invalid input), the choice
 * is marked "sim" and only the HTTP status class should be relied on.
 */
export const errors = {
  missingAuthHeader: () => new ClickUpError(400, "Authorization header required", "OAUTH_017"),
  tokenNotFound: () => new ClickUpError(401, "Oauth token not found", "OAUTH_019"),
  /**
   * Observed for unknown or inaccessible task and list ids with a valid token (clickup-api.md
   * §6.2): a deleted task, one never created and one in a workspace the token may no longer use
   * all answer this. The OpenAPI document lists no error response for these operations; the
   * client reads it as "not found or not accessible" and confirms before deleting anything
   * (`ClickUpClient.confirmsGone`).
   */
  taskOrListNotAccessible: () => new ClickUpError(401, "Oauth token not found", "OAUTH_018"),
  /**
   * Unknown or inaccessible spaces, folders, time entries (deleted ones too: deleting an entry
   * twice answers this), webhooks… — "Team(s) not authorized", which ClickUp "also returns for
   * invalid resource ids" (clickup-api.md §6.2, §7 item 10: unknown ids answer 401, not 404).
   */
  itemNotAccessible: () => new ClickUpError(401, "Team(s) not authorized", "OAUTH_023"),
  /** The workspace exists but this token (or its user) may not use it. */
  teamNotAuthorized: () => new ClickUpError(401, "Team not authorized", "OAUTH_027"),
  workspaceNotFound: () => new ClickUpError(404, "Workspace not found", "SHARD_031"),
  rateLimited: () => new ClickUpError(429, "Rate limit reached", "APP_002"),
  /** sim: unknown routes. */
  routeNotFound: () => new ClickUpError(404, "Route not found", "APP_001"),
  clientNotFound: () => new ClickUpError(400, "Client not found", "OAUTH_010"),
  redirectUriNotRegistered: () =>
    new ClickUpError(400, "Redirect URI not registered for this app", "OAUTH_007"),
  redirectUriMissing: () => new ClickUpError(400, "Redirect URI required", "OAUTH_017"),
  /** sim: code unknown, already used or expired. */
  codeNotFound: () => new ClickUpError(401, "Authorization code not found or expired", "OAUTH_015"),
  webhookExists: () => new ClickUpError(400, "Webhook configuration already exists", "OAUTH_171"),
  dropDownValue: () => new ClickUpError(400, "Value must be an option index or uuid", "FIELD_011"),
  /**
   * Set Custom Field Value on a task whose custom task type the field does not apply to: 400
   * (OpenAPI document); the document names no ECODE, this one is the simulator's ("sim").
   */
  fieldNotApplicable: () =>
    new ClickUpError(400, "Custom field is not applicable to this task's custom task type", "FIELD_150"),
  /** sim: other invalid custom-field values. */
  fieldValue: (why: string) => new ClickUpError(400, why, "FIELD_007"),
  /** sim: generic validation error. */
  badRequest: (why: string, ecode = "INPUT_001") => new ClickUpError(400, why, ecode),
  /** sim: members may only read and write their own time entries. */
  timeEntryForbidden: () =>
    new ClickUpError(
      401,
      "Only workspace owners and admins may access other users' time entries",
      "OAUTH_023",
    ),
  // ---- writes (clickup-api-writes.md §1, §2, §3, §5) --------------------------------------
  folderNameInvalid: () => new ClickUpError(400, "Project name invalid", "CAT_021"),
  folderNameTaken: () => new ClickUpError(400, "Folder name taken", "CAT_014"),
  listNameInvalid: () => new ClickUpError(400, "List Name Invalid", "SUBCAT_020"),
  listNameTaken: () => new ClickUpError(400, "List name taken", "SUBCAT_016"),
  /** A list `status` (its colour) that is not a named colour, e.g. a hex value. */
  listStatusInvalid: () => new ClickUpError(400, "Invalid status", "SUBCAT_104"),
  listIdInvalid: () => new ClickUpError(400, "List ID invalid", "INPUT_003"),
  folderIdInvalid: () => new ClickUpError(400, "Folder ID invalid", "INPUT_011"),
  spaceNotFound: () => new ClickUpError(404, "Space not found", "PROJ_006"),
  taskNameInvalid: () => new ClickUpError(400, "Task name invalid", "INPUT_005"),
  statusNotFound: () => new ClickUpError(400, "Status does not exist", "ITEM_114"),
  parentNotInList: () => new ClickUpError(400, "Parent not child of list", "ITEM_137"),
  /** sim: the doc names no code for an assignee outside the workspace. */
  assigneeNotMember: () =>
    new ClickUpError(400, "Assignee is not a member of this workspace", "ASSIGNEE_001"),
  /**
   * 401, not 403 (observed). `code` inside the failure and the permission names other than
   * `can_create_tasks` are the simulator's choice.
   */
  noPermission: (
    objectId: string,
    objectType: AuthorizationObjectType,
    workspaceId: string,
    permission: string,
  ) =>
    new ClickUpError(401, "You do not have permission to do this action", "ACCESS_064", {
      authorization_failures: [
        {
          object_id: objectId,
          object_type: objectType,
          workspace_id: workspaceId,
          code: "ACCESS_064",
          invalid_permissions: [permission],
        },
      ],
    }),
  internal: (status: ContentfulStatusCode = 500) =>
    new ClickUpError(status, "Internal server error", "APP_500"),
};
