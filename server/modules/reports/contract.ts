import { z } from "zod";
import { timesheetWeekStatusSchema } from "@domain/timesheet-approval";
import { isoDaySchema } from "@domain/iso-day";
import { pageQueryFields, pagedSchema } from "@domain/paging";

/*
 * Request and response shapes of /api/reports/* (issue 16; PRODUCT.md → Reports), shared with
 * the web app. One filter set for every report: a period (this week, last week, this month, last
 * month, this quarter, or custom from–to), a client (the meta task's client field, by name), a
 * project (ClickUp folder id) and a person (ClickUp user id). The server resolves the period in
 * the workspace's time zone and week start and answers the days it used.
 *
 * Units: durations are integer milliseconds, capacity integer minutes, money integer minor units
 * of the workspace currency, percentages basis points. A time entry is priced once, at the rate in
 * force on the day it was worked (PRODUCT.md → Rate cards), rounded half-even; totals are sums of
 * the rounded entries. An entry without a rate is unpriced: its time is counted in
 * unpricedCostMs / unpricedRevenueMs and its money is null, never 0.
 */

export const REPORT_PERIODS = [
  "this-week",
  "last-week",
  "this-month",
  "last-month",
  "quarter",
  "custom",
] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];

/** The longest custom period: two years (a leap day included). */
export const REPORT_MAX_DAYS = 731;

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

function dayNumber(iso: string): number {
  return Date.parse(`${iso}T00:00:00Z`) / 86_400_000;
}

/** custom ⇔ from and to; to on or after from; at most two years (400 naming the field). */
function checkPeriod(
  value: { period: ReportPeriod; from?: string | undefined; to?: string | undefined },
  ctx: z.RefinementCtx,
): void {
  if (value.period === "custom") {
    if (value.from === undefined)
      ctx.addIssue({ code: "custom", path: ["from"], message: "required for a custom period" });
    if (value.to === undefined)
      ctx.addIssue({ code: "custom", path: ["to"], message: "required for a custom period" });
  } else {
    for (const key of ["from", "to"] as const) {
      if (value[key] !== undefined) {
        ctx.addIssue({ code: "custom", path: [key], message: "only with period=custom" });
      }
    }
  }
  if (value.from === undefined || value.to === undefined) return;
  const days = dayNumber(value.to) - dayNumber(value.from) + 1;
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
  else if (days > REPORT_MAX_DAYS) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "the period may cover at most two years" });
  }
}

/** The filters every report shares (the web keeps them in the URL under these names). */
export const reportFilterFields = {
  period: z.enum(REPORT_PERIODS).default("this-month"),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  /** A client name (the meta task's client field; any case). Unknown → 400 naming `client`. */
  client: z.string().trim().min(1).max(200).optional(),
  /** A project (ClickUp folder) id of the workspace. Unknown → 400 naming `project`. */
  project: idSchema.optional(),
  /** A person (ClickUp user id) of the workspace. Unknown → 400 naming `person`. */
  person: idSchema.optional(),
};

export const reportFilterSchema = z.object(reportFilterFields).strict().superRefine(checkPeriod);
export type ReportFilter = z.infer<typeof reportFilterSchema>;

/** The period a report used (yyyy-MM-dd, inclusive). */
export const reportPeriodSchema = z.object({
  period: z.enum(REPORT_PERIODS),
  from: z.string(),
  to: z.string(),
});
export type ReportPeriodRange = z.infer<typeof reportPeriodSchema>;

// ---------------------------------------------------------------------------------------------
// Filter options
// ---------------------------------------------------------------------------------------------

export const reportOptionsResponseSchema = z
  .object({
    clients: z.array(z.string()),
    projects: z.array(z.object({ id: z.string(), name: z.string(), client: z.string().nullable() })),
    people: z.array(z.object({ id: z.string(), name: z.string() })),
  })
  .meta({ id: "ReportOptions" });
export type ReportOptions = z.infer<typeof reportOptionsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Actual
// ---------------------------------------------------------------------------------------------

export const ACTUAL_GROUPS = ["project", "person", "client"] as const;
export type ActualGroup = (typeof ACTUAL_GROUPS)[number];

export const actualQuerySchema = z
  .object({ ...reportFilterFields, groupBy: z.enum(ACTUAL_GROUPS).default("project") })
  .strict()
  .superRefine(checkPeriod);
export type ActualQuery = z.infer<typeof actualQuerySchema>;

const actualFigures = {
  entries: z.number().int(),
  ms: z.number().int(),
  billableMs: z.number().int(),
  nonBillableMs: z.number().int(),
  /** Σ internal cost of the priced entries; null when none of them is priced. */
  cost: z.number().int().nullable(),
  unpricedCostMs: z.number().int(),
  /** Σ client revenue of the priced entries; null when none of them is priced. */
  revenue: z.number().int().nullable(),
  unpricedRevenueMs: z.number().int(),
};

export const actualRowSchema = z.object({
  /** The group's id: a folder id, a ClickUp user id or a client name; "" for none. */
  key: z.string(),
  label: z.string(),
  ...actualFigures,
});
export type ActualRow = z.infer<typeof actualRowSchema>;

export const actualTotalsSchema = z.object(actualFigures);
export type ActualTotals = z.infer<typeof actualTotalsSchema>;

export const actualWeekSchema = z.object({
  /** First day of the week (the workspace's week start). */
  week: z.string(),
  billableMs: z.number().int(),
  nonBillableMs: z.number().int(),
  cost: z.number().int().nullable(),
  revenue: z.number().int().nullable(),
});
export type ActualWeek = z.infer<typeof actualWeekSchema>;

export const actualResponseSchema = z
  .object({
    period: reportPeriodSchema,
    currency: z.string(),
    groupBy: z.enum(ACTUAL_GROUPS),
    rows: z.array(actualRowSchema),
    totals: actualTotalsSchema,
    weeks: z.array(actualWeekSchema),
  })
  .meta({ id: "ActualReport" });
export type ActualResponse = z.infer<typeof actualResponseSchema>;

// ---------------------------------------------------------------------------------------------
// The time entries behind a figure
// ---------------------------------------------------------------------------------------------

export const reportEntriesQuerySchema = z
  .object({
    ...reportFilterFields,
    /** With `key`: the row of the Actual table (project, person or client; "" = none). */
    groupBy: z.enum(ACTUAL_GROUPS).optional(),
    key: z.string().trim().max(200).optional(),
    /** First day of one week of the chart or heat map. */
    week: isoDaySchema.optional(),
    billable: z.enum(["true", "false"]).optional(),
    ...pageQueryFields({ max: 200, fallback: 50 }),
  })
  .strict()
  .superRefine(checkPeriod)
  .superRefine((v, ctx) => {
    if ((v.groupBy === undefined) !== (v.key === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: [v.groupBy === undefined ? "groupBy" : "key"],
        message: "groupBy and key go together",
      });
    }
  });
export type ReportEntriesQuery = z.infer<typeof reportEntriesQuerySchema>;

export const reportEntrySchema = z.object({
  id: z.string(),
  day: z.string(),
  personId: z.string(),
  personName: z.string(),
  projectId: z.string().nullable(),
  projectName: z.string().nullable(),
  client: z.string().nullable(),
  taskId: z.string().nullable(),
  taskName: z.string().nullable(),
  taskUrl: z.string().nullable(),
  durationMs: z.number().int(),
  billable: z.boolean(),
  internalRate: z.number().int().nullable(),
  cost: z.number().int().nullable(),
  clientRate: z.number().int().nullable(),
  revenue: z.number().int().nullable(),
});
export type ReportEntry = z.infer<typeof reportEntrySchema>;

export const reportEntriesResponseSchema = pagedSchema(reportEntrySchema)
  .extend({ currency: z.string(), period: reportPeriodSchema })
  .meta({ id: "ReportEntries" });
export type ReportEntriesResponse = z.infer<typeof reportEntriesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Utilization
// ---------------------------------------------------------------------------------------------

const utilizationFigures = {
  /** Working minutes after holidays and time off (workload_capacity). */
  capacityMinutes: z.number().int(),
  timeOffMinutes: z.number().int(),
  loggedMs: z.number().int(),
  billableMs: z.number().int(),
  /** logged ÷ capacity; null without capacity. */
  loggedBp: z.number().int().nullable(),
  /** billable ÷ capacity (utilization); null without capacity. */
  utilizationBp: z.number().int().nullable(),
};

export const utilizationRowSchema = z.object({
  personId: z.string(),
  name: z.string(),
  roles: z.array(z.string()),
  /** The person's utilization target (Settings → People); null when none is set. */
  targetBp: z.number().int().nullable(),
  ...utilizationFigures,
});
export type UtilizationRow = z.infer<typeof utilizationRowSchema>;

export const utilizationCellSchema = z.object({
  personId: z.string(),
  week: z.string(),
  ...utilizationFigures,
});
export type UtilizationCell = z.infer<typeof utilizationCellSchema>;

export const utilizationResponseSchema = z
  .object({
    period: reportPeriodSchema,
    weeks: z.array(z.string()),
    rows: z.array(utilizationRowSchema),
    /** The team: every person shown. */
    totals: z.object(utilizationFigures),
    cells: z.array(utilizationCellSchema),
    /**
     * Timesheet approval of the people's weeks (Monday weeks, as the timesheet has them) that
     * touch the period; a week not listed is open (not submitted).
     */
    timesheetWeeks: z.array(
      z.object({ personId: z.string(), weekStart: z.string(), status: timesheetWeekStatusSchema }),
    ),
  })
  .meta({ id: "UtilizationReport" });
export type UtilizationResponse = z.infer<typeof utilizationResponseSchema>;

export const utilizationDaysQuerySchema = z
  .object({ ...reportFilterFields, person: idSchema, week: isoDaySchema.optional() })
  .strict()
  .superRefine(checkPeriod);
export type UtilizationDaysQuery = z.infer<typeof utilizationDaysQuerySchema>;

export const utilizationDaysResponseSchema = z
  .object({
    period: reportPeriodSchema,
    days: z.array(
      z.object({
        day: z.string(),
        capacityMinutes: z.number().int(),
        timeOffMinutes: z.number().int(),
        isHoliday: z.boolean(),
        isWorkingDay: z.boolean(),
        loggedMs: z.number().int(),
        billableMs: z.number().int(),
      }),
    ),
  })
  .meta({ id: "UtilizationDays" });
export type UtilizationDaysResponse = z.infer<typeof utilizationDaysResponseSchema>;

// ---------------------------------------------------------------------------------------------
// User directory
// ---------------------------------------------------------------------------------------------

export const userDirectoryRowSchema = z.object({
  personId: z.string(),
  /** spec §8 fallback: username, e-mail, then 'User {id}' (unresolved). */
  name: z.string(),
  resolved: z.boolean(),
  email: z.string().nullable(),
  /** The ClickUp workspace role (owner, admin, member, guest) when ClickUp gives one. */
  clickupRole: z.enum(["owner", "admin", "member", "guest"]).nullable(),
  /** The Agency Hub member linked to this ClickUp user, with their role; null when none is. */
  member: z.object({ name: z.string(), role: z.enum(["owner", "admin", "member"]) }).nullable(),
  roles: z.array(z.string()),
  /** Rates in force today (minor units per hour; null = unpriced), on the default cards. */
  internalRate: z.number().int().nullable(),
  clientRate: z.number().int().nullable(),
  minutesPerDay: z.number().int(),
  /** Capacity in the report's period (workload_capacity). */
  capacityMinutes: z.number().int(),
  targetBp: z.number().int().nullable(),
  /** Time logged in the period, and the start of the person's latest entry ever (ISO instant). */
  loggedMs: z.number().int(),
  lastLoggedAt: z.string().nullable(),
});
export type UserDirectoryRow = z.infer<typeof userDirectoryRowSchema>;

export const userDirectoryResponseSchema = z
  .object({
    period: reportPeriodSchema,
    currency: z.string(),
    rows: z.array(userDirectoryRowSchema),
    /** People named 'User {id}' (no username or e-mail; spec §8 warns about them). */
    unresolved: z.number().int(),
  })
  .meta({ id: "UserDirectory" });
export type UserDirectoryResponse = z.infer<typeof userDirectoryResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Webhook activity (issue 16 point 7)
// ---------------------------------------------------------------------------------------------

/**
 * What became of a delivery: processed (applied), failed (the job could not apply it), duplicate
 * (repeated an earlier one), bad_signature (refused: its signature did not verify), pending
 * (received, not applied yet) and rejected (refused for another reason: no workspace, bad body).
 */
export const WEBHOOK_OUTCOMES = [
  "processed",
  "failed",
  "duplicate",
  "bad_signature",
  "pending",
  "rejected",
] as const;
export type WebhookOutcome = (typeof WEBHOOK_OUTCOMES)[number];

/** Only the period applies: a delivery names no client, project or person. */
export const webhookActivityQuerySchema = z
  .object({ period: reportFilterFields.period, from: reportFilterFields.from, to: reportFilterFields.to })
  .strict()
  .superRefine(checkPeriod);
export type WebhookActivityQuery = z.infer<typeof webhookActivityQuerySchema>;

const webhookCounts = {
  total: z.number().int(),
  processed: z.number().int(),
  failed: z.number().int(),
  duplicate: z.number().int(),
  badSignature: z.number().int(),
  pending: z.number().int(),
  rejected: z.number().int(),
};

const webhookFigures = {
  ...webhookCounts,
  /** Receipt → applied (or failed), in ms, over the deliveries the job finished; null when none. */
  avgLatencyMs: z.number().int().nullable(),
  p95LatencyMs: z.number().int().nullable(),
};

export const webhookActivityRowSchema = z.object({
  /** The ClickUp event ("taskUpdated"); "" when the body named none. */
  event: z.string(),
  ...webhookFigures,
});
export type WebhookActivityRow = z.infer<typeof webhookActivityRowSchema>;

export const webhookActivityWeekSchema = z.object({
  week: z.string(),
  ...webhookCounts,
  /** Reconciliation polls that week and the changes they found that no webhook had brought. */
  pollRuns: z.number().int(),
  pollTasksCaught: z.number().int(),
  pollDeletedEntriesCaught: z.number().int(),
});
export type WebhookActivityWeek = z.infer<typeof webhookActivityWeekSchema>;

export const webhookActivityResponseSchema = z
  .object({
    period: reportPeriodSchema,
    rows: z.array(webhookActivityRowSchema),
    totals: z.object(webhookFigures),
    weeks: z.array(webhookActivityWeekSchema),
    poll: z.object({
      runs: z.number().int(),
      failedRuns: z.number().int(),
      /** Tasks the poll found newer in ClickUp than here: changes a webhook should have brought. */
      tasksCaught: z.number().int(),
      /** Time entries deleted in ClickUp that the poll found (ClickUp sends no webhook for those). */
      deletedEntriesCaught: z.number().int(),
    }),
    /** Figures the app does not record, each shown as "—" with the reason. */
    notRecorded: z.array(z.object({ figure: z.string(), reason: z.string() })),
  })
  .meta({ id: "WebhookActivityReport" });
export type WebhookActivityResponse = z.infer<typeof webhookActivityResponseSchema>;

export const webhookDeliveriesQuerySchema = z
  .object({
    period: reportFilterFields.period,
    from: reportFilterFields.from,
    to: reportFilterFields.to,
    event: z.string().trim().max(100).optional(),
    outcome: z.enum(WEBHOOK_OUTCOMES).optional(),
    week: isoDaySchema.optional(),
    ...pageQueryFields({ max: 200, fallback: 50 }),
  })
  .strict()
  .superRefine(checkPeriod);
export type WebhookDeliveriesQuery = z.infer<typeof webhookDeliveriesQuerySchema>;

export const webhookDeliverySchema = z.object({
  id: z.number().int(),
  receivedAt: z.string(),
  event: z.string(),
  taskId: z.string().nullable(),
  outcome: z.enum(WEBHOOK_OUTCOMES),
  latencyMs: z.number().int().nullable(),
  error: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof webhookDeliverySchema>;

export const webhookDeliveriesResponseSchema = pagedSchema(webhookDeliverySchema).meta({
  id: "WebhookDeliveries",
});
export type WebhookDeliveriesResponse = z.infer<typeof webhookDeliveriesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Client (issue 16 point 4)
// ---------------------------------------------------------------------------------------------

const clientMoneyFigures = {
  /** Σ grand totals of the approved (working) revisions of the client's budgets; null: none approved. */
  approvedBudget: z.number().int().nullable(),
  /** Σ invoices issued (sent or paid) in the period; null: none issued in it. */
  invoiced: z.number().int().nullable(),
  /** Σ payments received in the period; null: none received in it. */
  paid: z.number().int().nullable(),
  /** Open on the sent invoices on the workspace's today, by days past due; null: no invoice issued. */
  outstanding: z.number().int().nullable(),
  ageing: z
    .object({
      current: z.number().int(),
      days1to30: z.number().int(),
      days31to60: z.number().int(),
      days61to90: z.number().int(),
      over90: z.number().int(),
    })
    .nullable(),
  /** The period's time entries priced at the rate cards (workspace currency only; null: none priced). */
  ms: z.number().int(),
  cost: z.number().int().nullable(),
  unpricedCostMs: z.number().int(),
  revenue: z.number().int().nullable(),
  unpricedRevenueMs: z.number().int(),
  /** (revenue − cost) ÷ revenue in basis points, half-even; null without revenue or cost. */
  marginBp: z.number().int().nullable(),
};

export const clientReportRowSchema = z.object({
  /** The client's name as shown (the billing client's, else the projects' client field). */
  client: z.string(),
  /** The billing client (/finance/clients) of that name; null when there is none. */
  clientId: z.string().nullable(),
  /** Every money figure of the row is in this currency (ISO 4217). */
  currency: z.string(),
  projects: z.array(z.object({ id: z.string(), name: z.string() })),
  ...clientMoneyFigures,
});
export type ClientReportRow = z.infer<typeof clientReportRowSchema>;

export const clientReportTotalsSchema = z.object({
  currency: z.string(),
  clients: z.number().int(),
  projects: z.number().int(),
  ...clientMoneyFigures,
});
export type ClientReportTotals = z.infer<typeof clientReportTotalsSchema>;

export const clientReportResponseSchema = z
  .object({
    period: reportPeriodSchema,
    /** The workspace's today: the day outstanding invoices are aged on. */
    asOf: z.string(),
    /** The workspace currency (time is priced in it). */
    currency: z.string(),
    rows: z.array(clientReportRowSchema),
    /** One totals row per currency: money is never summed across currencies. */
    totals: z.array(clientReportTotalsSchema),
    /** Columns whose source has no rows under these filters, each shown as "—" with the reason. */
    unavailable: z.array(
      z.object({
        figure: z.enum(["approvedBudget", "invoiced", "paid", "outstanding", "revenue", "cost", "marginBp"]),
        reason: z.string(),
      }),
    ),
  })
  .meta({ id: "ClientReport" });
export type ClientReportResponse = z.infer<typeof clientReportResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Accrual and its datasets (issue 16 point 2; domain/accrual.ts)
// ---------------------------------------------------------------------------------------------

/** The shared filters, and `dataset`: a saved dataset to open instead of the live figures. */
export const accrualQuerySchema = z
  .object({ ...reportFilterFields, dataset: idSchema.optional() })
  .strict()
  .superRefine(checkPeriod);
export type AccrualQuery = z.infer<typeof accrualQuerySchema>;

const accrualAssigneeSchema = z.object({
  assigneeId: z.string(),
  assigneeName: z.string(),
  tags: z.array(z.string()),
  estimatedMs: z.number().int(),
  estimatedRevenue: z.number().int().nullable(),
  actualMs: z.number().int(),
  actualRevenue: z.number().int().nullable(),
  accruedEstimatedMs: z.number().int().nullable(),
  accruedEstimatedRevenue: z.number().int().nullable(),
  timeVarianceMs: z.number().int().nullable(),
  revenueVariance: z.number().int().nullable(),
});

/** A project's (or all projects') estimated, actual and accrued figures (spec §3 "Sample project data"). */
export const accrualTotalsSchema = z.object({
  totalEstimatedMs: z.number().int(),
  totalActualMs: z.number().int(),
  totalEstimatedRevenue: z.number().int().nullable(),
  totalActualRevenue: z.number().int().nullable(),
  totalAccruedEstimatedMs: z.number().int().nullable(),
  totalAccruedEstimatedRevenue: z.number().int().nullable(),
  timeVarianceToAccruedMs: z.number().int().nullable(),
  revenueVarianceToAccrued: z.number().int().nullable(),
});
export type AccrualTotals = z.infer<typeof accrualTotalsSchema>;

export const accrualProjectSchema = z.object({
  projectId: z.string(),
  name: z.string(),
  client: z.string().nullable(),
  sample: z.boolean(),
  jobCode: z.string(),
  budgetURL: z.string().nullable(),
  projectStart: z.string().nullable(),
  projectDue: z.string().nullable(),
  elapsedBp: z.number().int().nullable(),
  ...accrualTotalsSchema.shape,
  assigneeBreakdown: z.array(accrualAssigneeSchema),
});
export type AccrualProject = z.infer<typeof accrualProjectSchema>;

/** The report's figures: what a dataset saves and what opening it shows. */
export const accrualDataSchema = z.object({
  period: reportPeriodSchema,
  /** The day the schedules are measured on: the period's end, not after the workspace's today. */
  reportDate: z.string(),
  currency: z.string(),
  projects: z.array(accrualProjectSchema),
  totals: accrualTotalsSchema,
});
export type AccrualData = z.infer<typeof accrualDataSchema>;

export const ACCRUAL_SOURCES = ["live", "active", "saved", "samples"] as const;

export const datasetSummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createdBy: z.string().nullable(),
  updatedAt: z.string(),
});
export type DatasetSummary = z.infer<typeof datasetSummarySchema>;

export const accrualResponseSchema = accrualDataSchema
  .extend({
    /** live figures, an opened dataset (active), the first saved one, or the built-in samples. */
    source: z.enum(ACCRUAL_SOURCES),
    dataset: datasetSummarySchema.nullable(),
  })
  .meta({ id: "AccrualReport" });
export type AccrualResponse = z.infer<typeof accrualResponseSchema>;

/** The largest dataset body (its `data`, as JSON). */
export const DATASET_MAX_BYTES = 5 * 1024 * 1024;
export const DATASET_TOO_LARGE = "the dataset may hold at most 5 MB";

export const createDatasetSchema = z
  .object({
    name: z.string().trim().min(1, "Name is required").max(200, "At most 200 characters"),
    description: z.string().trim().max(2000).optional(),
    data: accrualDataSchema.refine((d) => JSON.stringify(d).length <= DATASET_MAX_BYTES, {
      message: DATASET_TOO_LARGE,
    }),
  })
  .strict();
export type CreateDataset = z.infer<typeof createDatasetSchema>;

/** The Save-as-dataset form (name and description; the data is the report on screen). */
export const datasetFormSchema = createDatasetSchema.pick({ name: true, description: true });
export type DatasetForm = z.infer<typeof datasetFormSchema>;

export const datasetIdParamSchema = z.object({ id: idSchema });

export const datasetListResponseSchema = z
  .object({ datasets: z.array(datasetSummarySchema) })
  .meta({ id: "ProjectDatasets" });
export type DatasetListResponse = z.infer<typeof datasetListResponseSchema>;

export const datasetResponseSchema = datasetSummarySchema
  .extend({ data: accrualDataSchema })
  .meta({ id: "ProjectDataset" });
export type DatasetResponse = z.infer<typeof datasetResponseSchema>;
