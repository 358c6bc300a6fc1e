import {
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

/** Security events (spec §3, §9). organization_id is null for events before a workspace is known. */
export const securityAuditLog = pgTable(
  "security_audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    eventType: text("event_type").notNull(),
    eventData: jsonb("event_data").$type<Record<string, unknown>>().notNull().default({}),
    userId: text("user_id"),
    organizationId: text("organization_id"),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    createdAt: ts("created_at").notNull().defaultNow(),
  },
  (t) => [
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

/** Every webhook delivery received, verified or not (webhook-activity report). */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    organizationId: text("organization_id"),
    webhookId: text("webhook_id"),
    event: text("event"),
    taskId: text("task_id"),
    signatureValid: boolean("signature_valid").notNull(),
    status: text("status", { enum: ["received", "processed", "rejected", "failed"] }).notNull(),
    payload: jsonb("payload"),
    error: text("error"),
    receivedAt: ts("received_at").notNull().defaultNow(),
    processedAt: ts("processed_at"),
  },
  (t) => [index("webhook_events_org_idx").on(t.organizationId, t.receivedAt)],
);
