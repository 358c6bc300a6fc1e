import { z } from "zod";

/**
 * In-repo response schemas of the ClickUp operations Agency Hub uses (operations.ts), so the
 * suite can hold the simulator to ClickUp's shapes on a machine without ClickUp's OpenAPI
 * document (scripts/check-clickup-contract.ts checks against the document itself).
 *
 * In the client's own terms: each schema covers the fields server/integrations/clickup
 * (types.ts `decode*`, client.ts) reads — those decoders are tolerant helpers, not zod, so
 * these are not a second copy of them — typed as the document types them after the repairs of
 * repairs.ts (which say why, with the observation behind each). Other fields are not checked
 * here (the contract check validates them against the document). Objects are not strict:
 * ClickUp adds fields.
 */

const msString = z.string().regex(/^-?\d+$/, "ms timestamp as a digit string");
const idString = z.string().min(1);

/** A user as embedded in tasks, lists, time entries (`decodeUserRef`); ids are integers. */
export const cuUserWire = z.object({
  id: z.number().int(),
  username: z.string().nullable(),
  email: z.string().nullable(),
  color: z.string().nullable(),
  initials: z.string().nullable().optional(),
  profilePicture: z.string().nullable(),
});

/** `GET /team` → `teams[]` (`decodeTeam`): members carry the role (1 owner … 4 guest). */
export const cuTeamWire = z.object({
  id: idString,
  name: z.string(),
  avatar: z.string().nullable(),
  members: z.array(z.object({ user: cuUserWire.extend({ role: z.number().int() }) })),
});

/** A status of a space or a task (`decodeStatus`); `orderindex` an integer. */
export const cuStatusWire = z.object({
  status: z.string(),
  type: z.string(),
  color: z.string(),
  orderindex: z.number().int(),
});

/** `GET /team/{id}/space` → `spaces[]` (`decodeSpace`). */
export const cuSpaceWire = z.object({
  id: idString,
  name: z.string(),
  private: z.boolean(),
  archived: z.boolean(),
  statuses: z.array(cuStatusWire),
  features: z.object({ time_tracking: z.object({ enabled: z.boolean() }).optional() }),
});

const locationRef = z.object({ id: idString, name: z.string().optional() });

/**
 * A list (`decodeList`): `folder.hidden` marks a folderless list (its placeholder folder is
 * named "hidden"); status and priority null or objects; `task_count` a digit string in the
 * document (`string | null`), an integer in clickup-api.md §2 — the client reads either.
 */
export const cuListWire = z.object({
  id: idString,
  name: z.string(),
  content: z.string().optional(),
  status: z.object({ status: z.string(), color: z.string() }).nullable(),
  priority: z.object({ priority: z.string(), color: z.string() }).nullable(),
  /** The document's list assignee has no email. */
  assignee: cuUserWire.extend({ email: z.string().nullable().optional() }).nullable(),
  task_count: z.union([msString, z.number().int()]).nullable(),
  due_date: msString.nullable(),
  start_date: msString.nullable(),
  folder: locationRef.extend({ hidden: z.boolean() }),
  space: locationRef,
  archived: z.boolean(),
});

/** A folder (`decodeFolder`) with its lists; `task_count` a digit string. */
export const cuFolderWire = z.object({
  id: idString,
  name: z.string(),
  orderindex: z.number().int(),
  hidden: z.boolean(),
  archived: z.boolean().optional(),
  space: locationRef,
  task_count: z.string(),
  lists: z.array(cuListWire),
});

/** A folder as created/renamed (the document's create/update answer carries no lists). */
export const cuFolderWriteWire = cuFolderWire.omit({ lists: true }).extend({
  lists: z.array(cuListWire).optional(),
});

/** A task's custom field (`decodeTask` → `customFields`); `value` absent when unset. */
export const cuTaskFieldWire = z.object({
  id: idString,
  name: z.string(),
  type: z.string(),
  type_config: z.unknown(),
  value: z.unknown().optional(),
});

/**
 * A task (`decodeTask`): ms timestamps as digit strings (null when unset), `time_estimate` ms
 * as a number, `priority` null or an object, assignees user objects, tags objects with a name.
 */
export const cuTaskWire = z.object({
  id: idString,
  custom_id: z.string().nullable(),
  custom_item_id: z.number().nullable().optional(),
  name: z.string(),
  text_content: z.string().nullable().optional(),
  description: z.string().nullable().optional(),
  status: cuStatusWire,
  date_created: msString,
  date_updated: msString,
  date_closed: msString.nullable(),
  archived: z.boolean(),
  creator: cuUserWire,
  assignees: z.array(cuUserWire),
  tags: z.array(z.object({ name: z.string() })),
  parent: idString.nullable(),
  priority: z.object({ priority: z.string(), color: z.string() }).nullable(),
  due_date: msString.nullable(),
  start_date: msString.nullable(),
  time_estimate: z.number().nullable(),
  time_spent: z.number().optional(),
  custom_fields: z.array(cuTaskFieldWire),
  list: locationRef,
  folder: locationRef.extend({ hidden: z.boolean().optional() }),
  space: z.object({ id: idString }),
  team_id: idString,
  url: z.string(),
});

/**
 * A time entry as read (`decodeTimeEntry`): 19-digit string id, ms as digit strings, `end`
 * null while a timer runs (negative `duration`), `task` absent for an entry without one.
 */
export const cuTimeEntryWire = z.object({
  id: z.string().regex(/^\d+$/),
  task: z.object({ id: idString, name: z.string() }).optional(),
  wid: idString,
  user: cuUserWire,
  billable: z.boolean(),
  start: msString,
  end: msString.nullable(),
  duration: msString,
  description: z.string(),
  at: msString,
});

/** A time entry as created: start/duration/at numbers, `end` a string (clickup-api.md §4.1). */
export const cuCreatedTimeEntryWire = cuTimeEntryWire.extend({
  start: z.number().int(),
  duration: z.number().int(),
  at: z.number().int(),
});

/** A webhook (`decodeWebhook`); location ids nullable strings, health status and fail count. */
export const cuWebhookWire = z.object({
  id: z.string().uuid(),
  userid: z.number().int(),
  team_id: z.number().int(),
  endpoint: z.string(),
  events: z.array(z.string()),
  task_id: z.string().nullable(),
  list_id: z.string().nullable(),
  folder_id: z.string().nullable(),
  space_id: z.string().nullable(),
  health: z.object({ status: z.enum(["active", "failing", "suspended"]), fail_count: z.number().int() }),
  secret: z.string(),
});

const emptyObject = z.object({}).strict();
const webhookAnswer = z.object({ id: z.string().uuid(), webhook: cuWebhookWire });

/** The 200 answer of every covered operation, by the document's operationId. */
export const RESPONSE_SCHEMAS = {
  GetAuthorizedUser: z.object({ user: cuUserWire }),
  GetAuthorizedTeams: z.object({ teams: z.array(cuTeamWire) }),
  GetSpaces: z.object({ spaces: z.array(cuSpaceWire) }),
  GetFolders: z.object({ folders: z.array(cuFolderWire) }),
  GetLists: z.object({ lists: z.array(cuListWire) }),
  GetFolderlessLists: z.object({ lists: z.array(cuListWire) }),
  GetListMembers: z.object({ members: z.array(cuUserWire) }),
  GetTask: cuTaskWire,
  GetFilteredTeamTasks: z.object({ tasks: z.array(cuTaskWire), last_page: z.boolean() }),
  GetTasks: z.object({ tasks: z.array(cuTaskWire), last_page: z.boolean() }),
  Gettimeentrieswithinadaterange: z.object({ data: z.array(cuTimeEntryWire) }),
  Createatimeentry: z.object({ data: cuCreatedTimeEntryWire }),
  Getsingulartimeentry: z.object({ data: cuTimeEntryWire }),
  /** Undocumented answer; the client ignores it and re-reads (clickup-api-writes.md §4.2). */
  UpdateatimeEntry: z.unknown(),
  DeleteatimeEntry: z.object({ data: z.union([z.array(cuTimeEntryWire), cuTimeEntryWire]) }),
  CreateFolder: cuFolderWriteWire,
  GetFolder: cuFolderWire,
  UpdateFolder: cuFolderWriteWire,
  DeleteFolder: emptyObject,
  CreateList: cuListWire,
  CreateFolderlessList: cuListWire,
  GetList: cuListWire,
  UpdateList: cuListWire,
  DeleteList: emptyObject,
  CreateTask: cuTaskWire,
  UpdateTask: cuTaskWire,
  /** 200 `{}` observed; the document says 204 without a body (repairs.ts). */
  DeleteTask: emptyObject.optional(),
  SetCustomFieldValue: emptyObject,
  CreateWebhook: webhookAnswer,
  GetWebhooks: z.object({ webhooks: z.array(cuWebhookWire) }),
  UpdateWebhook: webhookAnswer,
  DeleteWebhook: emptyObject,
} satisfies Record<string, z.ZodType>;

export type CoveredOperationId = keyof typeof RESPONSE_SCHEMAS;
