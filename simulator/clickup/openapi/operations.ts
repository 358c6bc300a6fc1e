/**
 * The ClickUp operations Agency Hub uses, named as in ClickUp's OpenAPI document of API v2
 * (operationId, method, path template with the document's `/v2` prefix and parameter names).
 * The contract check (scripts/check-clickup-contract.ts) and the in-repo contract test
 * (simulator/clickup/contract.test.ts) both exercise exactly these.
 */

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface CoveredOperation {
  operationId: string;
  method: HttpMethod;
  /** As in the document, e.g. `/v2/team/{team_Id}/task`. */
  path: string;
  /** Who sends it: the ClickUp client method, or the template writes' raw `client.request`. */
  via: string;
}

export const COVERED_OPERATIONS: readonly CoveredOperation[] = [
  { operationId: "GetAuthorizedUser", method: "GET", path: "/v2/user", via: "getUser" },
  { operationId: "GetAuthorizedTeams", method: "GET", path: "/v2/team", via: "getTeams" },
  { operationId: "GetSpaces", method: "GET", path: "/v2/team/{team_id}/space", via: "getSpaces" },
  { operationId: "GetFolders", method: "GET", path: "/v2/space/{space_id}/folder", via: "getFolders" },
  { operationId: "GetLists", method: "GET", path: "/v2/folder/{folder_id}/list", via: "getFolderLists" },
  {
    operationId: "GetFolderlessLists",
    method: "GET",
    path: "/v2/space/{space_id}/list",
    via: "getFolderlessLists",
  },
  { operationId: "GetListMembers", method: "GET", path: "/v2/list/{list_id}/member", via: "getListMembers" },
  { operationId: "GetTask", method: "GET", path: "/v2/task/{task_id}", via: "getTask" },
  {
    operationId: "GetFilteredTeamTasks",
    method: "GET",
    path: "/v2/team/{team_Id}/task",
    via: "getTeamTasksPage",
  },
  {
    operationId: "GetTasks",
    method: "GET",
    path: "/v2/list/{list_id}/task",
    via: "createTask (lookup after an unknown outcome)",
  },
  {
    operationId: "Gettimeentrieswithinadaterange",
    method: "GET",
    path: "/v2/team/{team_Id}/time_entries",
    via: "getTimeEntries",
  },
  {
    operationId: "Createatimeentry",
    method: "POST",
    path: "/v2/team/{team_Id}/time_entries",
    via: "createTimeEntry",
  },
  {
    operationId: "Getsingulartimeentry",
    method: "GET",
    path: "/v2/team/{team_id}/time_entries/{timer_id}",
    via: "getTimeEntry",
  },
  {
    operationId: "UpdateatimeEntry",
    method: "PUT",
    path: "/v2/team/{team_id}/time_entries/{timer_id}",
    via: "updateTimeEntry",
  },
  {
    operationId: "DeleteatimeEntry",
    method: "DELETE",
    path: "/v2/team/{team_id}/time_entries/{timer_id}",
    via: "deleteTimeEntry",
  },
  { operationId: "CreateFolder", method: "POST", path: "/v2/space/{space_id}/folder", via: "createFolder" },
  { operationId: "GetFolder", method: "GET", path: "/v2/folder/{folder_id}", via: "request" },
  { operationId: "UpdateFolder", method: "PUT", path: "/v2/folder/{folder_id}", via: "request" },
  { operationId: "DeleteFolder", method: "DELETE", path: "/v2/folder/{folder_id}", via: "request" },
  { operationId: "CreateList", method: "POST", path: "/v2/folder/{folder_id}/list", via: "createList" },
  {
    operationId: "CreateFolderlessList",
    method: "POST",
    path: "/v2/space/{space_id}/list",
    via: "createFolderlessList",
  },
  { operationId: "GetList", method: "GET", path: "/v2/list/{list_id}", via: "request" },
  { operationId: "UpdateList", method: "PUT", path: "/v2/list/{list_id}", via: "request" },
  { operationId: "DeleteList", method: "DELETE", path: "/v2/list/{list_id}", via: "request" },
  { operationId: "CreateTask", method: "POST", path: "/v2/list/{list_id}/task", via: "createTask" },
  { operationId: "UpdateTask", method: "PUT", path: "/v2/task/{task_id}", via: "updateTask" },
  { operationId: "DeleteTask", method: "DELETE", path: "/v2/task/{task_id}", via: "request" },
  {
    operationId: "SetCustomFieldValue",
    method: "POST",
    path: "/v2/task/{task_id}/field/{field_id}",
    via: "setCustomFieldValue",
  },
  { operationId: "CreateWebhook", method: "POST", path: "/v2/team/{team_id}/webhook", via: "createWebhook" },
  { operationId: "GetWebhooks", method: "GET", path: "/v2/team/{team_id}/webhook", via: "getWebhooks" },
  {
    operationId: "UpdateWebhook",
    method: "PUT",
    path: "/v2/webhook/{webhook_id}",
    via: "reactivateWebhook",
  },
  { operationId: "DeleteWebhook", method: "DELETE", path: "/v2/webhook/{webhook_id}", via: "deleteWebhook" },
];

/** The covered operation a request is an instance of, with its path parameters; null if none. */
export function matchOperation(
  method: string,
  /** Without the `/api` prefix of the document's server: `/v2/…`. */
  path: string,
): { operation: CoveredOperation; pathParams: Record<string, string> } | null {
  const segments = path.split("/");
  for (const operation of COVERED_OPERATIONS) {
    if (operation.method !== method.toUpperCase()) continue;
    const template = operation.path.split("/");
    if (template.length !== segments.length) continue;
    const pathParams: Record<string, string> = {};
    const ok = template.every((t, i) => {
      const m = /^\{(.+)\}$/.exec(t);
      if (m) {
        pathParams[m[1] as string] = decodeURIComponent(segments[i] as string);
        return true;
      }
      return t === segments[i];
    });
    if (ok) return { operation, pathParams };
  }
  return null;
}
