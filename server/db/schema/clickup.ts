import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { priceSql } from "../../modules/rate-cards/rates-sql";
import { orgId, ts } from "./columns";

/*
 * Everything synced from ClickUp. Every table carries organization_id first in its
 * primary key so rows can be distributed by workspace; provider ids stay text.
 */

/** A workspace's link to one ClickUp workspace ("team"). Tokens are encrypted at rest. */
export const clickupWorkspaceConnections = pgTable("clickup_workspace_connections", {
  organizationId: orgId().primaryKey(),
  clickupTeamId: text("clickup_team_id"),
  clickupTeamName: text("clickup_team_name"),
  authType: text("auth_type", { enum: ["oauth", "personal"] }).notNull(),
  accessTokenEnc: text("access_token_enc").notNull(),
  connectedBy: text("connected_by").references(() => profiles.id, { onDelete: "set null" }),
  webhookId: text("webhook_id"),
  webhookSecretEnc: text("webhook_secret_enc"),
  status: text("status", { enum: ["pending_team", "active", "error", "disconnected"] })
    .notNull()
    .default("pending_team"),
  lastError: text("last_error"),
  connectedAt: ts("connected_at").notNull().defaultNow(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

/** A user's own ClickUp account within a workspace (spec: user_clickup_connections). */
export const userClickupConnections = pgTable(
  "user_clickup_connections",
  {
    organizationId: orgId(),
    userId: text("user_id")
      .notNull()
      .references(() => profiles.id, { onDelete: "cascade" }),
    clickupUserId: text("clickup_user_id").notNull(),
    clickupEmail: text("clickup_email"),
    clickupUsername: text("clickup_username"),
    accessTokenEnc: text("access_token_enc"),
    isActive: boolean("is_active").notNull().default(true),
    connectedAt: ts("connected_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.userId] }),
    index("user_clickup_connections_user_idx").on(t.userId, t.isActive),
    index("user_clickup_connections_clickup_user_idx").on(t.organizationId, t.clickupUserId),
  ],
);

export const spaces = pgTable(
  "spaces",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    teamId: text("team_id"),
    statuses: jsonb("statuses").$type<unknown[]>(),
    /** Private spaces are visible only to their members (accessible tasks, spec §6). */
    private: boolean("private").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    syncedAt: ts("synced_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

/** Folders are the agency's projects. */
export const folders = pgTable(
  "folders",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    spaceId: text("space_id"),
    hidden: boolean("hidden").notNull().default(false),
    archived: boolean("archived").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    syncedAt: ts("synced_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("folders_space_idx").on(t.organizationId, t.spaceId),
  ],
);

export const lists = pgTable(
  "lists",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    folderId: text("folder_id"),
    spaceId: text("space_id"),
    archived: boolean("archived").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    syncedAt: ts("synced_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("lists_folder_idx").on(t.organizationId, t.folderId),
  ],
);

export interface AssigneeRef {
  id: string;
  username?: string | null;
  email?: string | null;
}

export interface TaskCustomField {
  id: string;
  name: string;
  type?: string;
  value: unknown;
}

export const tasks = pgTable(
  "tasks",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    status: text("status"),
    statusType: text("status_type"),
    statusColor: text("status_color"),
    folderId: text("folder_id"),
    spaceId: text("space_id"),
    listId: text("list_id"),
    customItemId: integer("custom_item_id"),
    customId: text("custom_id"),
    jobCode: text("job_code"),
    startDate: ts("start_date"),
    dueDate: ts("due_date"),
    timeEstimateMs: bigint("time_estimate_ms", { mode: "number" }),
    timeSpentMs: bigint("time_spent_ms", { mode: "number" }),
    assigneesArray: jsonb("assignees_array").$type<AssigneeRef[]>().notNull().default([]),
    /** First assignee's id (spec: may hold a JSON string with id and name in old data). */
    assigneeId: text("assignee_id"),
    assigneeName: text("assignee_name"),
    tags: jsonb("tags").$type<string[]>().notNull().default([]),
    customFields: jsonb("custom_fields").$type<TaskCustomField[]>().notNull().default([]),
    parentTaskId: text("parent_task_id"),
    folderName: text("folder_name"),
    spaceName: text("space_name"),
    listName: text("list_name"),
    assignedComments: integer("assigned_comments").notNull().default(0),
    /** Hours: the task's estimate plus its subtasks' (spec §3 estimated total). */
    estimatedTimeTotal: doublePrecision("estimated_time_total").notNull().default(0),
    /** Hours logged on the task and its subtasks from non-deleted time entries. */
    timeLoggedTotal: doublePrecision("time_logged_total").notNull().default(0),
    /**
     * The task's hours are inside its parent's totals: its parent is a live task of the same
     * folder. A folder's hours sum the tasks without it (projects/repo.ts folderSums). Kept by
     * triggers (migration 0030): a task's own insert or move sets it, a parent's insert, move,
     * deletion or removal resets its subtasks'.
     */
    inParentTotal: boolean("in_parent_total").notNull().default(false),
    priority: text("priority"),
    url: text("url"),
    archived: boolean("archived").notNull().default(false),
    deleted: boolean("deleted").notNull().default(false),
    dateCreated: ts("date_created"),
    dateUpdated: ts("date_updated"),
    dateClosed: ts("date_closed"),
    syncedAt: ts("synced_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("tasks_folder_idx").on(t.organizationId, t.folderId),
    index("tasks_due_idx").on(t.organizationId, t.dueDate),
    index("tasks_type_idx").on(t.organizationId, t.customItemId),
    index("tasks_parent_idx").on(t.organizationId, t.parentTaskId),
    index("tasks_assignee_idx").on(t.organizationId, t.assigneeId),
    index("tasks_list_idx").on(t.organizationId, t.listId),
    index("tasks_space_idx").on(t.organizationId, t.spaceId),
    // The milestones calendar (/calendar, the iCalendar feed) reads only these: milestone and
    // deliverable items and names with shoot, creative or approval (spec §9), by due date. The
    // calendar repo repeats this predicate word for word so the planner can use the index.
    index("tasks_calendar_idx")
      .on(t.organizationId, t.dueDate)
      .where(
        sql`not ${t.deleted} and not ${t.archived} and (${t.customItemId} in (1, 2) or ${t.name} ~* '(shoot|creative|approval)')`,
      ),
    // A project's meta task (custom item 1001) by folder: its client, job code and dates, read
    // once per project by the reports and budgets (projects/repo.ts folderClientSql).
    index("tasks_meta_idx")
      .on(t.organizationId, t.folderId, t.id)
      .where(sql`${t.customItemId} = 1001 and not ${t.deleted}`),
    // The estimates of the live tasks per project and assignee (the Accrual report), read from
    // the index alone; the report repeats the predicate (time_estimate_ms > 0) word for word.
    index("tasks_estimates_idx")
      .on(t.organizationId, t.folderId, t.assigneeId, t.timeEstimateMs)
      .where(sql`not ${t.deleted} and ${t.timeEstimateMs} > 0`),
    // A folder's hours (All Projects, the project header, the CSV export) for a caller who sees
    // every task: the tasks not inside a parent's totals, read in folder order from the index alone.
    index("tasks_folder_hours_idx")
      .on(t.organizationId, t.folderId, t.estimatedTimeTotal, t.timeLoggedTotal)
      .where(sql`not ${t.deleted} and not ${t.inParentTotal}`),
  ],
);

/** Explicit members of a list (ClickUp GET /list/{id}/member): who may see its tasks. */
export const listMembers = pgTable(
  "list_members",
  {
    organizationId: orgId(),
    listId: text("list_id").notNull(),
    userId: text("user_id").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.listId, t.userId] }),
    index("list_members_user_idx").on(t.organizationId, t.userId),
  ],
);

/**
 * One row per (task, assignee): the relational form of assignees_array, for filters by person,
 * with the name the task's assignee entry carries (trimmed; null when absent or blank) — the
 * first source of the spec §8 assignee-name fallback, read here instead of from the task's JSON.
 */
export const taskAssignees = pgTable(
  "task_assignees",
  {
    organizationId: orgId(),
    taskId: text("task_id").notNull(),
    userId: text("user_id").notNull(),
    username: text("username"),
    email: text("email"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.taskId, t.userId] }),
    index("task_assignees_user_idx").on(t.organizationId, t.userId),
  ],
);

export const customFields = pgTable(
  "custom_fields",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    name: text("name").notNull(),
    fieldType: text("field_type").notNull(),
    typeConfig: jsonb("type_config"),
    syncedAt: ts("synced_at").notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.id] })],
);

export const customFieldValues = pgTable(
  "custom_field_values",
  {
    organizationId: orgId(),
    taskId: text("task_id").notNull(),
    customFieldId: text("custom_field_id").notNull(),
    /** An object with text, or a plain value, as ClickUp encodes it for the field type. */
    value: jsonb("value"),
    syncedAt: ts("synced_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.taskId, t.customFieldId] }),
    index("custom_field_values_field_idx").on(t.organizationId, t.customFieldId),
  ],
);

/** ClickUp workspace members (spec §3 "users"). */
export const providerUsers = pgTable(
  "provider_users",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    username: text("username"),
    email: text("email"),
    profilePicture: text("profile_picture"),
    initials: text("initials"),
    color: text("color"),
    role: integer("role"),
    syncedAt: ts("synced_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("provider_users_username_idx").on(t.organizationId, t.username),
    index("provider_users_email_idx").on(t.organizationId, t.email),
  ],
);

export const timeEntries = pgTable(
  "time_entries",
  {
    organizationId: orgId(),
    /** Our id: the ClickUp id for entries that came from ClickUp, a UUID for ones logged here. */
    id: text("id").notNull(),
    clickupId: text("clickup_id"),
    /** ClickUp user id of the person the time belongs to. */
    userId: text("user_id").notNull(),
    taskId: text("task_id"),
    startTime: ts("start_time").notNull(),
    endTime: ts("end_time"),
    durationMs: bigint("duration_ms", { mode: "number" }).notNull(),
    billable: boolean("billable").notNull().default(false),
    description: text("description"),
    deleted: boolean("deleted").notNull().default(false),
    source: text("source", { enum: ["clickup", "timesheet"] })
      .notNull()
      .default("clickup"),
    /** App user who logged it (timesheet entries). */
    loggedBy: text("logged_by").references(() => profiles.id, { onDelete: "set null" }),
    writeBackStatus: text("write_back_status", { enum: ["none", "pending", "synced", "failed"] })
      .notNull()
      .default("none"),
    writeBackError: text("write_back_error"),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    uniqueIndex("time_entries_clickup_id_idx").on(t.organizationId, t.clickupId),
    index("time_entries_user_start_idx").on(t.organizationId, t.userId, t.startTime),
    // Reports over a period for everyone (actuals, utilization, the user directory's last time).
    index("time_entries_start_idx")
      .on(t.organizationId, t.startTime)
      .where(sql`not ${t.deleted}`),
    index("time_entries_task_idx").on(t.organizationId, t.taskId),
    // The timesheet write-back queue and its retry sweep read only rows still to send.
    index("time_entries_write_back_idx")
      .on(t.organizationId, t.userId)
      .where(sql`${t.writeBackStatus} in ('pending', 'failed')`),
  ],
);

/**
 * The time entries summed per person, project and workspace day (billable apart): what every report
 * reads instead of the entries (issue 16). Kept by statement-level triggers on time_entries and
 * tasks (migration 0026) and rebuilt for a workspace when its time zone changes, so it always equals
 * the live, non-deleted, positive entries grouped by their task's current folder ('' when none).
 * A line's money is priced once on it (PRODUCT.md: round where a line total is formed).
 */
export const timeEntryDays = pgTable(
  "time_entry_days",
  {
    organizationId: orgId(),
    /** The entry's start as a day in the workspace's time zone. */
    day: date("day", { mode: "string" }).notNull(),
    /** ClickUp user id. */
    userId: text("user_id").notNull(),
    /** The task's folder (project); '' for entries without a task or a task without a folder. */
    folderId: text("folder_id").notNull(),
    billable: boolean("billable").notNull(),
    durationMs: bigint("duration_ms", { mode: "number" }).notNull(),
    entries: integer("entries").notNull(),
    // The line's rates as last read (reports/repo.ts repriceReportLines), valid while the
    // workspace's rates_version is still the one they were read at (every table a rate or a
    // line's card is read from raises it): a report prices such a line from them instead of
    // reading the rate cards. Null until first read.
    /** organizations.rates_version the rates were read at (never above the current one). */
    ratesVersion: bigint("rates_version", { mode: "number" }),
    /** Minor units per hour; null when the line had no rate. */
    internalRate: bigint("internal_rate", { mode: "number" }),
    clientRate: bigint("client_rate", { mode: "number" }),
    /**
     * The line priced at those rates (priceSql: duration × rate ÷ 3,600,000 rounded half-even;
     * null without a rate), kept by the database with the duration and the rates, so a report sums
     * them instead of pricing every line of its period.
     */
    costMinor: bigint("cost_minor", { mode: "number" }).generatedAlwaysAs(
      priceSql(sql.raw("duration_ms"), sql.raw("internal_rate"), "columns"),
    ),
    revenueMinor: bigint("revenue_minor", { mode: "number" }).generatedAlwaysAs(
      priceSql(sql.raw("duration_ms"), sql.raw("client_rate"), "columns"),
    ),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day, t.userId, t.folderId, t.billable] }),
    index("time_entry_days_user_idx").on(t.organizationId, t.userId, t.day),
    index("time_entry_days_folder_idx").on(t.organizationId, t.folderId, t.day),
    // The lines whose rates are stale (rates_version below the workspace's, or null).
    index("time_entry_days_rates_idx").on(t.organizationId, t.ratesVersion),
  ],
);

/**
 * The workload grid's bookings (issue 12, spec §9): one row per open, dated task and assignee ('' for
 * a task without one), with what the grid spreads — the task's effective range, its due day, its
 * estimate, its number of assignees and its `h/d est` value — so a request reads the bookings of
 * its window from one index instead of joining tasks, assignees and custom field values.
 * Derived from the synced tables by workload/bookings-repo.ts refreshWorkloadBookings, for the
 * tasks marked in workload_bookings_dirty by triggers on tasks, task_assignees,
 * custom_field_values and custom_fields (migration 0032); the sync refreshes it when it recomputes
 * the derived fields, and every workload read refreshes what is still marked first.
 */
export const workloadBookings = pgTable(
  "workload_bookings",
  {
    organizationId: orgId(),
    taskId: text("task_id").notNull(),
    /** ClickUp user id; '' for the Unassigned row. */
    person: text("person").notNull(),
    spaceId: text("space_id"),
    folderId: text("folder_id"),
    /** The §9 effective range (UTC days, first ≤ last). */
    rangeStart: date("range_start", { mode: "string" }).notNull(),
    rangeEnd: date("range_end", { mode: "string" }).notNull(),
    /** The due day (UTC), when the task has one. */
    dueDay: date("due_day", { mode: "string" }),
    /** time_estimate_ms, 0 when none. */
    estimateMs: bigint("estimate_ms", { mode: "number" }).notNull(),
    /** The task's assignees (1 for an unassigned task): the estimate is split between them. */
    assignees: integer("assignees").notNull(),
    /** The task's `h/d est` hours (domain hoursPerDayEstimate), null when none. */
    hoursPerDay: numeric("hours_per_day"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.taskId, t.person] }),
    // The grid's overdue bookings (due before today), with what it counts them by and filters them
    // on: read from the index alone once the table is vacuumed (after each sync).
    index("workload_bookings_due_idx").on(t.organizationId, t.dueDay, t.person, t.folderId, t.spaceId),
  ],
);

/** Tasks whose bookings must be derived again; task_id '*' = every task of the workspace. */
export const workloadBookingsDirty = pgTable(
  "workload_bookings_dirty",
  {
    organizationId: orgId(),
    taskId: text("task_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.taskId] })],
);

/**
 * The workload bookings spread over their days (spec §9): per workspace day, person, project
 * (folder, '' when none) and space ('' when none), the booked milliseconds of every booking of
 * workload_bookings that books that day — each task's estimate split between its assignees and
 * over the working days of its range (all its days when it has none), in whole milliseconds whose
 * sum is the share (the remainder goes to the last days), or its `h/d est` hours every such day.
 * The grid sums a window's rows instead of spreading tens of thousands of bookings per request.
 * Kept by workload/bookings-repo.ts refreshWorkloadBookings in the same statement as the bookings
 * (the changed bookings' old spread out, their new one in; integer sums, so nothing drifts); a
 * change of the workspace's working days or holidays derives every row again (migration 0033).
 */
export const workloadDays = pgTable(
  "workload_days",
  {
    organizationId: orgId(),
    day: date("day", { mode: "string" }).notNull(),
    /** ClickUp user id; '' for the Unassigned row. */
    person: text("person").notNull(),
    folderId: text("folder_id").notNull(),
    spaceId: text("space_id").notNull(),
    bookedMs: bigint("booked_ms", { mode: "number" }).notNull(),
    /** The bookings that book this day (0: a row left to remove, read as absent). */
    bookings: integer("bookings").notNull(),
    // The line's rates as last read (workload/bookings-repo.ts repriceWorkloadDays), valid while
    // the workspace's rates_version is the one they were read at, as time_entry_days' are: a rate
    // depends on the person, the project and the day only, so a change of booked_ms keeps them.
    /** organizations.rates_version the rates were read at; null until first read. */
    ratesVersion: bigint("rates_version", { mode: "number" }),
    /** Minor units per hour (internal: the default internal card; client: the project's card); null when unpriced. */
    internalRate: bigint("internal_rate", { mode: "number" }),
    clientRate: bigint("client_rate", { mode: "number" }),
    /** The line priced at those rates (priceSql), kept by the database with booked_ms and the rates. */
    costMinor: bigint("cost_minor", { mode: "number" }).generatedAlwaysAs(
      priceSql(sql.raw("booked_ms"), sql.raw("internal_rate"), "columns"),
    ),
    revenueMinor: bigint("revenue_minor", { mode: "number" }).generatedAlwaysAs(
      priceSql(sql.raw("booked_ms"), sql.raw("client_rate"), "columns"),
    ),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.day, t.person, t.folderId, t.spaceId] }),
    // The lines whose rates are stale (rates_version below the workspace's, or null).
    index("workload_days_rates_idx").on(t.organizationId, t.ratesVersion),
    // The rows left at no booking, removed at the end of each sync (pruneWorkloadDays).
    index("workload_days_empty_idx")
      .on(t.organizationId)
      .where(sql`${t.bookings} <= 0`),
  ],
);
