import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { organizations } from "./workspaces";

const ts = (name: string) => timestamp(name, { withTimezone: true });

/**
 * Rows that belong to no workspace carry `organization_id = ''` (NO_WORKSPACE): the column is
 * part of the primary key, so it cannot be null. Repos write `coalesce(…, '')` and read
 * `nullif(organization_id, '')`, so callers still see null.
 */
export const NO_WORKSPACE = "";

/**
 * Security events (spec §3, §9). organization_id is '' for events before a workspace is known.
 * The key is (organization_id, id): id stays a sequence, so keyset paging by id keeps working.
 */
export const securityAuditLog = pgTable(
  "security_audit_log",
  {
    organizationId: text("organization_id").notNull().default(NO_WORKSPACE),
    id: bigserial("id", { mode: "number" }).notNull(),
    eventType: text("event_type").notNull(),
    eventData: jsonb("event_data").$type<Record<string, unknown>>().notNull().default({}),
    userId: text("user_id"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("security_audit_log_org_idx").on(t.organizationId, t.createdAt),
    index("security_audit_log_type_idx").on(t.eventType, t.createdAt),
    index("security_audit_log_user_idx").on(t.userId, t.createdAt),
  ],
);

export const projectDatasets = pgTable(
  "project_datasets",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    name: text("name").notNull(),
    description: text("description"),
    data: jsonb("data").notNull(),
    isActive: boolean("is_active").notNull().default(false),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("project_datasets_updated_idx").on(t.organizationId, t.updatedAt),
  ],
);

/** Where a workspace's sync stands: one row per workspace, the checkpoint lets a killed sync resume. */
export const syncState = pgTable("sync_state", {
  organizationId: text("organization_id")
    .primaryKey()
    .references(() => organizations.id, { onDelete: "cascade" }),
  status: text("status", { enum: ["idle", "queued", "running", "failed"] })
    .notNull()
    .default("idle"),
  phase: text("phase"),
  progress: integer("progress").notNull().default(0),
  checkpoint: jsonb("checkpoint").$type<Record<string, unknown>>(),
  currentRunId: text("current_run_id"),
  lastFullSyncAt: ts("last_full_sync_at"),
  lastIncrementalAt: ts("last_incremental_at"),
  /** date_updated high-water mark (ms) for the periodic poll. */
  lastPollCursor: text("last_poll_cursor"),
  lastError: text("last_error"),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});

export const syncRuns = pgTable(
  "sync_runs",
  {
    organizationId: text("organization_id")
      .notNull()
      .references(() => organizations.id, { onDelete: "cascade" }),
    id: text("id").notNull(),
    kind: text("kind", { enum: ["full", "incremental", "poll", "write_back"] }).notNull(),
    status: text("status", { enum: ["running", "succeeded", "failed", "cancelled"] }).notNull(),
    trigger: text("trigger"),
    stats: jsonb("stats").$type<Record<string, number>>().notNull().default({}),
    error: text("error"),
    startedAt: ts("started_at").notNull().defaultNow(),
    finishedAt: ts("finished_at"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("sync_runs_started_idx").on(t.organizationId, t.startedAt),
  ],
);

/**
 * Every webhook delivery received, verified or not (webhook-activity report). organization_id is
 * '' for deliveries that matched no workspace. The job that processes a delivery knows only its
 * id, hence the plain index on id next to the (organization_id, id) key.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    organizationId: text("organization_id").notNull().default(NO_WORKSPACE),
    id: bigserial("id", { mode: "number" }).notNull(),
    webhookId: text("webhook_id"),
    event: text("event"),
    taskId: text("task_id"),
    signatureValid: boolean("signature_valid").notNull(),
    status: text("status", { enum: ["received", "processed", "rejected", "failed", "duplicate"] }).notNull(),
    payload: jsonb("payload"),
    error: text("error"),
    receivedAt: ts("received_at").notNull().defaultNow(),
    processedAt: ts("processed_at"),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("webhook_events_org_idx").on(t.organizationId, t.receivedAt),
    index("webhook_events_id_idx").on(t.id),
  ],
);

/**
 * ClickUp's per-token request budget, shared by every instance (server/integrations/clickup/
 * rate-limit.ts). One row per token — keyed by the token's SHA-256, never the token — holding
 * the current window as ClickUp's X-RateLimit-* headers report it. Times are epoch ms.
 * Not a workspace table: a token's budget is global (a Citus reference/coordinator table).
 */
export const clickupRateBudgets = pgTable("clickup_rate_budgets", {
  tokenHash: text("token_hash").primaryKey(),
  /** X-RateLimit-Limit; null until a response reported it (then one probe request at a time). */
  windowLimit: integer("window_limit"),
  /** Requests the instances may still dispatch in this window. */
  remaining: integer("remaining").notNull(),
  /** When the window resets (X-RateLimit-Reset, skew-corrected); null until a response of this window reported it. */
  resetAt: bigint("reset_at", { mode: "number" }),
  /** When we started counting this window. */
  windowStartedAt: bigint("window_started_at", { mode: "number" }).notNull(),
  updatedAt: ts("updated_at").notNull().defaultNow(),
});
