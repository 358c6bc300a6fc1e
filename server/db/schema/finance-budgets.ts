import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { profiles } from "./auth";
import { orgId, ts, money } from "./columns";

/*
 * Budgets on the AICP bid form (PRODUCT.md → Budgets): a budget of a project (ClickUp folder) is
 * a chain of revisions — 0 the original bid, 1… change orders — each with its own lines and its
 * own rates (a change order copies both from the working revision, so approving or editing one
 * never rewrites the top sheet of an approved revision). Money is integer minor units of the
 * budget's currency; quantities and hours are hundredths; percentages are basis points. The
 * form (domain/aicp.ts AICP_FORM_VERSIONS) is pinned by id. Every write appends a finance row
 * to audit_events (category 'finance').
 */

/** One budget of a project. The status is its latest revision's. */
export const budgets = pgTable(
  "budgets",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    /** The project: a ClickUp folder of the workspace (folders.id). */
    folderId: text("folder_id").notNull(),
    name: text("name").notNull(),
    /** The AICP form version it is made on (domain/aicp.ts), never changed. */
    formId: text("form_id").notNull(),
    bidType: text("bid_type", { enum: ["firm", "cost_plus"] }).notNull(),
    /** ISO 4217: the workspace currency when the budget was created. */
    currency: text("currency").notNull(),
    /** The approved revision in force (the working budget); null until the first approval. */
    workingRevisionNumber: integer("working_revision_number"),
    /** The newest revision (the one transitions and line edits act on). */
    latestRevisionNumber: integer("latest_revision_number").notNull().default(0),
    /**
     * Labour actuals (synced time entries on the project priced at internal rates): ClickUp role
     * tag → section letter, as [{tag, section}]; the first of a person's role tags that is mapped
     * decides the section of their time, else `labourDefaultSection`.
     */
    labourMapping: jsonb("labour_mapping").$type<{ tag: string; section: string }[]>().notNull().default([]),
    labourDefaultSection: text("labour_default_section").notNull().default("A"),
    /** When budget_labour_sums were last computed for it (null: never). */
    labourComputedAt: ts("labour_computed_at"),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    index("budgets_folder_idx").on(t.organizationId, t.folderId),
    check("budgets_name_not_blank", sql`length(btrim(${t.name})) > 0`),
    check("budgets_form_id_not_blank", sql`length(btrim(${t.formId})) > 0`),
    check("budgets_bid_type_valid", sql`${t.bidType} in ('firm', 'cost_plus')`),
    check("budgets_currency_code", sql`${t.currency} ~ '^[A-Z]{3}$'`),
    check(
      "budgets_revision_numbers",
      sql`${t.latestRevisionNumber} >= 0 and (${t.workingRevisionNumber} is null or ${t.workingRevisionNumber} between 0 and ${t.latestRevisionNumber})`,
    ),
  ],
);

/** A revision of a budget: 0 the original bid, 1… change orders. */
export const budgetRevisions = pgTable(
  "budget_revisions",
  {
    organizationId: orgId(),
    budgetId: text("budget_id").notNull(),
    number: integer("number").notNull(),
    status: text("status", {
      enum: ["draft", "submitted", "approved", "superseded", "closed"],
    }).notNull(),
    /** P&W on labour sections, with per-section overrides ({ "B": 2800 }). */
    pwBp: integer("pw_bp").notNull().default(0),
    pwBpBySection: jsonb("pw_bp_by_section")
      .$type<Record<string, number>>()
      .notNull()
      .default(sql`'{}'::jsonb`),
    insuranceBp: integer("insurance_bp").notNull().default(0),
    feeBp: integer("fee_bp").notNull().default(0),
    contingencyBp: integer("contingency_bp").notNull().default(0),
    weatherDayMinor: money("weather_day_minor").notNull().default(0),
    /** The grand bid total of the estimate column (computeBudget), kept by every write for lists. */
    grandTotalMinor: money("grand_total_minor").notNull().default(0),
    /** Bumped on every change of the revision or its lines (optimistic concurrency). */
    version: integer("version").notNull().default(1),
    createdBy: text("created_by").references(() => profiles.id, { onDelete: "set null" }),
    createdAt: ts("created_at").notNull().defaultNow(),
    submittedBy: text("submitted_by").references(() => profiles.id, { onDelete: "set null" }),
    submittedAt: ts("submitted_at"),
    approvedBy: text("approved_by").references(() => profiles.id, { onDelete: "set null" }),
    approvedAt: ts("approved_at"),
    closedAt: ts("closed_at"),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.budgetId, t.number] }),
    foreignKey({
      name: "budget_revisions_budget_fk",
      columns: [t.organizationId, t.budgetId],
      foreignColumns: [budgets.organizationId, budgets.id],
    }).onDelete("cascade"),
    index("budget_revisions_status_idx").on(t.organizationId, t.status),
    check("budget_revisions_number_non_negative", sql`${t.number} >= 0`),
    check(
      "budget_revisions_status_valid",
      sql`${t.status} in ('draft', 'submitted', 'approved', 'superseded', 'closed')`,
    ),
    check("budget_revisions_pw_range", sql`${t.pwBp} between 0 and 10000`),
    check("budget_revisions_insurance_range", sql`${t.insuranceBp} between 0 and 10000`),
    check("budget_revisions_fee_range", sql`${t.feeBp} between 0 and 100000`),
    check("budget_revisions_contingency_range", sql`${t.contingencyBp} between 0 and 10000`),
    check("budget_revisions_weather_day_non_negative", sql`${t.weatherDayMinor} >= 0`),
    check("budget_revisions_pw_by_section_object", sql`jsonb_typeof(${t.pwBpBySection}) = 'object'`),
    check("budget_revisions_version_positive", sql`${t.version} >= 1`),
  ],
);

/** A line of a revision. `key` is the same line across revisions (a change order copies it). */
export const budgetLines = pgTable(
  "budget_lines",
  {
    organizationId: orgId(),
    id: text("id").notNull(),
    budgetId: text("budget_id").notNull(),
    revisionNumber: integer("revision_number").notNull(),
    key: text("key").notNull(),
    /** The section letter of the budget's form (A–P). */
    section: text("section").notNull(),
    /** The line number as printed ("12", "12a"). */
    number: text("number").notNull().default(""),
    description: text("description").notNull().default(""),
    quantityHundredths: money("quantity_hundredths").notNull().default(0),
    rateMinor: money("rate_minor").notNull().default(0),
    otHoursHundredths: money("ot_hours_hundredths").notNull().default(0),
    otRateMinor: money("ot_rate_minor").notNull().default(0),
    /** lineTotal() of the four figures, stored so SQL can sum a section. */
    estimateMinor: money("estimate_minor").notNull().default(0),
    /** Actuals entered by hand (labour from time entries comes later). */
    actualMinor: money("actual_minor").notNull().default(0),
    notes: text("notes").notNull().default(""),
    position: integer("position").notNull().default(0),
    /** Bumped on every update: a PATCH names the version it saw (409 when stale). */
    version: integer("version").notNull().default(1),
    createdAt: ts("created_at").notNull().defaultNow(),
    updatedAt: ts("updated_at").notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.id] }),
    foreignKey({
      name: "budget_lines_revision_fk",
      columns: [t.organizationId, t.budgetId, t.revisionNumber],
      foreignColumns: [budgetRevisions.organizationId, budgetRevisions.budgetId, budgetRevisions.number],
    }).onDelete("cascade"),
    uniqueIndex("budget_lines_key_idx").on(t.organizationId, t.budgetId, t.revisionNumber, t.key),
    index("budget_lines_revision_idx").on(t.organizationId, t.budgetId, t.revisionNumber, t.section),
    check("budget_lines_section_letter", sql`${t.section} ~ '^[A-Z]$'`),
    check(
      "budget_lines_figures_non_negative",
      sql`${t.quantityHundredths} >= 0 and ${t.rateMinor} >= 0 and ${t.otHoursHundredths} >= 0 and ${t.otRateMinor} >= 0 and ${t.estimateMinor} >= 0 and ${t.actualMinor} >= 0`,
    ),
    check("budget_lines_version_positive", sql`${t.version} >= 1`),
  ],
);

/**
 * A budget's labour actuals per section as last computed (server/modules/budgets/labour-repo.ts
 * refreshLabourSums): what the budgets list and the /finance overview read, so they never price
 * every time entry of every project on a request. The budget screen prices them live. Refreshed
 * when the budget or its labour settings change and, by a job, after syncs, timesheet saves and
 * rate or role-tag changes.
 */
export const budgetLabourSums = pgTable(
  "budget_labour_sums",
  {
    organizationId: orgId(),
    budgetId: text("budget_id").notNull(),
    section: text("section").notNull(),
    ms: bigint("ms", { mode: "number" }).notNull(),
    amountMinor: money("amount_minor").notNull(),
    unpricedMs: bigint("unpriced_ms", { mode: "number" }).notNull(),
    entries: integer("entries").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.organizationId, t.budgetId, t.section] }),
    foreignKey({
      columns: [t.organizationId, t.budgetId],
      foreignColumns: [budgets.organizationId, budgets.id],
      name: "budget_labour_sums_budget_fk",
    }).onDelete("cascade"),
  ],
);
