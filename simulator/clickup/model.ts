/**
 * In-memory records of the simulated ClickUp. They are deliberately compact (ms numbers, ids
 * referencing other records) and are turned into ClickUp's wire shapes only in serialize.ts,
 * so the large demo agency (100k tasks) stays cheap to hold.
 */

/** 1 owner, 2 admin, 3 member, 4 guest (clickup-api.md §2). */
export type RoleId = 1 | 2 | 3 | 4;

export interface SimUser {
  id: number;
  username: string;
  email: string;
  color: string | null;
  initials: string;
  profilePicture: string | null;
  timezone: string;
  /** Job title inside the agency; not a ClickUp field, used by the demo generator. */
  title: string;
}

export interface SimMember {
  userId: number;
  role: RoleId;
  dateJoined: number;
  dateInvited: number;
  lastActive: number;
}

export interface SimCustomItem {
  id: number;
  name: string;
  namePlural: string;
  description: string;
}

export interface SimTeam {
  id: string;
  name: string;
  color: string;
  avatar: string | null;
  members: SimMember[];
  customItems: SimCustomItem[];
}

/** `done` is the newer "done" group; both `done` and `closed` count as closed for filters. */
export type StatusType = "open" | "custom" | "done" | "closed";

export interface SimStatus {
  id: string;
  status: string;
  type: StatusType;
  orderindex: number;
  color: string;
}

export interface SimSpace {
  id: string;
  teamId: string;
  name: string;
  color: string;
  orderindex: number;
  /** Private spaces are visible only to `memberIds` and the workspace owner. */
  private: boolean;
  memberIds: number[];
  archived: boolean;
  statuses: SimStatus[];
  /** Folderless lists report this placeholder folder ({name: "hidden", hidden: true}). */
  hiddenFolderId: string;
  timeTracking: boolean;
  defaultToBillable: boolean;
}

export interface SimFolder {
  id: string;
  spaceId: string;
  name: string;
  orderindex: number;
  archived: boolean;
  /** Deleted folders stay readable by id (`GET /folder/{id}`) but leave every listing. */
  deleted: boolean;
}

/** Named list colours accepted as a list `status` (clickup-api-writes.md §2). */
export type ListColor = "red" | "orange" | "yellow" | "green" | "blue" | "purple" | "pink" | "gray";

export interface SimList {
  id: string;
  spaceId: string;
  /** null for a folderless list directly under the space. */
  folderId: string | null;
  name: string;
  orderindex: number;
  content: string;
  archived: boolean;
  startDate: number | null;
  dueDate: number | null;
  dueDateTime: boolean;
  priority: Priority | null;
  /** The list owner (`assignee` on writes). */
  assigneeId: number | null;
  /** The list colour (`status` on writes), null when unset. */
  color: ListColor | null;
  /** Deleted lists answer `GET /list/{id}` with `deleted: true` and leave every listing. */
  deleted: boolean;
}

export interface LocationValue {
  location: { lat: number; lng: number };
  formatted_address: string;
  place_id?: string;
}

/**
 * Canonical stored custom-field value (what ClickUp keeps), independent of how it is read:
 * drop_down → option uuid, labels → option uuids, users → user ids, tasks → task ids,
 * date → ms, checkbox → boolean, manual_progress → current value.
 */
export type FieldValue = string | number | boolean | string[] | number[] | LocationValue;

export type FieldType =
  | "url"
  | "drop_down"
  | "labels"
  | "email"
  | "phone"
  | "date"
  | "short_text"
  | "text"
  | "checkbox"
  | "number"
  | "currency"
  | "tasks"
  | "users"
  | "emoji"
  | "manual_progress"
  | "location";

export interface DropDownOption {
  id: string;
  name: string;
  color: string | null;
  orderindex: number;
}

export interface LabelOption {
  id: string;
  label: string;
  color: string | null;
  orderindex: number;
}

export interface SimField {
  id: string;
  teamId: string;
  name: string;
  type: FieldType;
  typeConfig: Record<string, unknown>;
  dateCreated: number;
  hideFromGuests: boolean;
  required: boolean;
  /** Where the field was created: workspace-wide or on one space/folder/list. */
  scope: { level: "team" | "space" | "folder" | "list"; id: string };
  /**
   * The custom task types (`custom_item_id`) the field is scoped to — its `applied_objects`
   * entries with `object_type` 19 (OpenAPI document, "Custom Fields by Task Type"). Absent: the
   * field applies to every type. A task's `custom_fields` list only the fields that apply to it.
   */
  appliesTo?: number[];
}

export type Priority = 1 | 2 | 3 | 4;

export interface SimTask {
  /** Position in the state's task array (time entries reference tasks by it). */
  index: number;
  id: string;
  customId: string | null;
  customItemId: number;
  name: string;
  description: string;
  teamId: string;
  spaceId: string;
  folderId: string | null;
  listId: string;
  status: string;
  orderindex: number;
  dateCreated: number;
  dateUpdated: number;
  dateClosed: number | null;
  dateDone: number | null;
  archived: boolean;
  deleted: boolean;
  creatorId: number;
  assignees: number[];
  watchers: number[];
  tags: string[];
  parentId: string | null;
  priority: Priority | null;
  startDate: number | null;
  dueDate: number | null;
  /** Whether the time of day of `dueDate` / `startDate` counts (`due_date_time`, `start_date_time`). */
  dueDateTime: boolean;
  startDateTime: boolean;
  timeEstimate: number | null;
  /** Sum of the task's time entries (ms), kept incrementally. */
  timeSpent: number;
  fields: Record<string, FieldValue> | null;
}

export interface TagStyle {
  name: string;
  fg: string;
  bg: string;
  creator: number;
}

export interface TimeEntryTag {
  name: string;
  tag_fg: string;
  tag_bg: string;
  creator?: number;
}

export type WebhookHealthStatus = "active" | "failing" | "suspended";

export interface SimWebhook {
  id: string;
  teamId: string;
  userId: number;
  /** OAuth app that created it; null for personal tokens. */
  clientId: string | null;
  endpoint: string;
  events: string[];
  spaceId: string | null;
  folderId: string | null;
  listId: string | null;
  taskId: string | null;
  status: WebhookHealthStatus;
  failCount: number;
  secret: string;
}

export interface OAuthApp {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  name: string;
}

export interface TokenRecord {
  token: string;
  userId: number;
  kind: "personal" | "oauth";
  clientId: string | null;
  /** OAuth tokens only see the workspaces picked on the authorize page; personal tokens see all. */
  teamIds: Set<string> | null;
}

export interface AuthCode {
  code: string;
  clientId: string;
  userId: number;
  teamIds: string[];
  redirectUri: string;
  expiresAt: number;
  used: boolean;
}
