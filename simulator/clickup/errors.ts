import type { ContentfulStatusCode } from "hono/utils/http-status";

/** Every non-200 ClickUp response carries `{err, ECODE}` (clickup-api.md §6.2). */
export interface ClickUpErrorBody {
  err: string;
  ECODE: string;
}

export class ClickUpError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly err: string,
    readonly ecode: string,
  ) {
    super(`${status} ${ecode}: ${err}`);
    this.name = "ClickUpError";
  }

  get body(): ClickUpErrorBody {
    return { err: this.err, ECODE: this.ecode };
  }
}

/**
 * The error responses the simulator produces. Codes and messages follow clickup-api.md; where
 * the doc names no code (bad code on token exchange, unknown route, invalid input), the choice
 * is marked "sim" and only the HTTP status class should be relied on.
 */
export const errors = {
  missingAuthHeader: () => new ClickUpError(400, "Authorization header required", "OAUTH_017"),
  tokenNotFound: () => new ClickUpError(401, "Oauth token not found", "OAUTH_019"),
  /** Observed for unknown or inaccessible task and list ids with a valid token. */
  taskOrListNotAccessible: () => new ClickUpError(401, "Oauth token not found", "OAUTH_018"),
  /** Unknown or inaccessible spaces, folders, time entries, webhooks… */
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
  internal: (status: ContentfulStatusCode = 500) =>
    new ClickUpError(status, "Internal server error", "APP_500"),
};
