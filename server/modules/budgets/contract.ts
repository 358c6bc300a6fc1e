import { z } from "zod";
import { pageQueryFields, pagedSchema } from "@domain/paging";
import { aicpForm, aicpSectionLetterSchema, bidTypeSchema, budgetRatesSchema } from "@domain/aicp";
import { budgetActionSchema, budgetStatusSchema } from "@domain/budget-lifecycle";
import { rateMinorSchema } from "@domain/money";

/*
 * Request and response shapes of /api/budgets (PRODUCT.md → Budgets on the AICP bid form), shared
 * with the web app. Money is integer minor units of the budget's currency; quantities and
 * overtime hours are integer hundredths (1.5 days = 150); percentages are basis points. A budget
 * is a chain of revisions (0 = the original bid, 1… change orders); each has its own lines and
 * rates. Everything here needs canViewFinancials.
 */

const idSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .regex(/^[\w-]+$/, "Invalid id");

const revisionNumberSchema = z.coerce.number().int().min(0).max(100_000);

export const budgetParamSchema = z.strictObject({ budgetId: idSchema });
export const budgetLineParamSchema = z.strictObject({ budgetId: idSchema, lineId: idSchema });
export const budgetRevisionParamSchema = z.strictObject({ budgetId: idSchema, number: revisionNumberSchema });

/** GET /api/budgets/:budgetId?revision=n (default: the latest revision). */
export const budgetQuerySchema = z.object({ revision: revisionNumberSchema.optional() });
export type BudgetQuery = z.infer<typeof budgetQuerySchema>;

const nameSchema = z.string().trim().min(1, "must not be empty").max(200);

/** An AICP form version id (domain/aicp.ts AICP_FORM_VERSIONS). */
const formIdSchema = z
  .string()
  .trim()
  .min(1)
  .max(64)
  .refine((id) => aicpForm(id) !== undefined, "is not a known AICP form version");

/** POST /api/budgets */
export const createBudgetSchema = z.strictObject({
  /** The project: a ClickUp folder of the workspace. */
  projectId: idSchema,
  name: nameSchema,
  /** The form version (default: the current AICP form). */
  formId: formIdSchema.optional(),
  bidType: bidTypeSchema,
  /** P&W, insurance, fee, contingency (basis points) and the weather day (minor units); 0 when omitted. */
  rates: budgetRatesSchema.optional(),
});
export type CreateBudget = z.infer<typeof createBudgetSchema>;

/** PATCH /api/budgets/:budgetId (only while the latest revision is a draft; rates apply to it). */
export const updateBudgetSchema = z
  .strictObject({
    name: nameSchema.optional(),
    bidType: bidTypeSchema.optional(),
    /** Only the rates given change. */
    rates: budgetRatesSchema.partial().optional(),
    /** The latest revision's version the client saw (409 when it has changed since); optional. */
    baseVersion: z.number().int().min(1).max(2_147_483_647).optional(),
  })
  .refine((v) => Object.keys(v).some((k) => k !== "baseVersion"), "nothing to change");
export type UpdateBudget = z.infer<typeof updateBudgetSchema>;

/** Integer hundredths of a unit (days, quantity, hours), never negative. */
const hundredthsSchema = z
  .number()
  .int("must be a whole number of hundredths")
  .min(0, "must not be negative")
  .max(100_000_000, "is too large");

const lineFields = {
  /** A section letter of the budget's form. */
  section: aicpSectionLetterSchema,
  /** The line number as printed ("12", "12a"). */
  number: z.string().trim().max(20),
  description: z.string().trim().max(500),
  /** Days or quantity, in hundredths. */
  quantityHundredths: hundredthsSchema,
  /** Rate per day or unit (minor units). */
  rateMinor: rateMinorSchema,
  /** Overtime hours (crew lines), in hundredths. */
  otHoursHundredths: hundredthsSchema,
  /** Overtime rate per hour (minor units). */
  otRateMinor: rateMinorSchema,
  /** Actual cost entered by hand (minor units). */
  actualMinor: rateMinorSchema,
  notes: z.string().trim().max(2000),
  /** Order within the revision (default: after the last line). */
  position: z.number().int().min(0).max(1_000_000),
};

/** POST /api/budgets/:budgetId/lines (added to the latest revision, which must be a draft). */
export const createBudgetLineSchema = z.strictObject({
  section: lineFields.section,
  number: lineFields.number.optional(),
  description: lineFields.description.optional(),
  quantityHundredths: lineFields.quantityHundredths.optional(),
  rateMinor: lineFields.rateMinor.optional(),
  otHoursHundredths: lineFields.otHoursHundredths.optional(),
  otRateMinor: lineFields.otRateMinor.optional(),
  actualMinor: lineFields.actualMinor.optional(),
  notes: lineFields.notes.optional(),
  position: lineFields.position.optional(),
});
export type CreateBudgetLine = z.infer<typeof createBudgetLineSchema>;

/** PATCH /api/budgets/:budgetId/lines/:lineId: `baseVersion` is the line's version the client saw. */
export const updateBudgetLineSchema = z
  .strictObject({
    baseVersion: z.number().int().min(1).max(2_147_483_647),
    section: lineFields.section.optional(),
    number: lineFields.number.optional(),
    description: lineFields.description.optional(),
    quantityHundredths: lineFields.quantityHundredths.optional(),
    rateMinor: lineFields.rateMinor.optional(),
    otHoursHundredths: lineFields.otHoursHundredths.optional(),
    otRateMinor: lineFields.otRateMinor.optional(),
    actualMinor: lineFields.actualMinor.optional(),
    notes: lineFields.notes.optional(),
    position: lineFields.position.optional(),
  })
  .refine((v) => Object.keys(v).length > 1, "nothing to change");
export type UpdateBudgetLine = z.infer<typeof updateBudgetLineSchema>;

/**
 * POST /api/budgets/:budgetId/transitions: acts on the latest revision; `baseVersion` (optional)
 * is its version the client saw, so nobody submits or approves figures they have not seen.
 */
export const budgetTransitionSchema = z.strictObject({
  action: budgetActionSchema,
  baseVersion: z.number().int().min(1).max(2_147_483_647).optional(),
});
export type BudgetTransitionInput = z.infer<typeof budgetTransitionSchema>;

export const BUDGET_SORT_KEYS = ["name", "grandTotal", "updatedAt"] as const;
export type BudgetSortKey = (typeof BUDGET_SORT_KEYS)[number];

/** GET /api/budgets?status&orderable&projectId&search&sort&dir&page&pageSize */
export const budgetListQuerySchema = z.object({
  /** The status of the budget (its latest revision's). */
  status: budgetStatusSchema.optional(),
  /**
   * `true`: only the budgets a purchase order can be raised from — an approved working revision
   * and not closed (an approved budget, or one whose change order is still open).
   */
  orderable: z.enum(["true"]).optional(),
  projectId: idSchema.optional(),
  /** Case-insensitive: the budget's or the project's name contains it. */
  search: z.string().trim().max(200).optional(),
  sort: z.enum(BUDGET_SORT_KEYS).default("updatedAt"),
  dir: z.enum(["asc", "desc"]).default("desc"),
  ...pageQueryFields(),
});
export type BudgetListQuery = z.infer<typeof budgetListQuerySchema>;

const labourTagSchema = z.string().trim().min(1, "must not be empty").max(100);

/** PUT /api/budgets/:budgetId/labour: which section the time of each ClickUp role tag counts in. */
export const budgetLabourSettingsSchema = z.strictObject({
  /** ClickUp role tag → section; a person's first mapped role tag decides. Tags are unique (any case). */
  mapping: z
    .array(z.strictObject({ tag: labourTagSchema, section: aicpSectionLetterSchema }))
    .max(200)
    .refine(
      (list) => new Set(list.map((m) => m.tag.toLowerCase())).size === list.length,
      "a tag is mapped twice",
    ),
  /** Where the time of people with no mapped role tag counts. */
  defaultSection: aicpSectionLetterSchema,
});
export type BudgetLabourSettings = z.infer<typeof budgetLabourSettingsSchema>;

/** GET /api/budgets/:budgetId/labour-entries?section&page&pageSize: the rows behind labour actuals. */
export const budgetLabourEntriesQuerySchema = z.object({
  section: aicpSectionLetterSchema.optional(),
  ...pageQueryFields(),
});
export type BudgetLabourEntriesQuery = z.infer<typeof budgetLabourEntriesQuerySchema>;

export const budgetLabourEntriesResponseSchema = pagedSchema(
  z.object({
    id: z.string(),
    /** The day worked, in the workspace time zone. */
    day: z.string(),
    personId: z.string(),
    personName: z.string().nullable(),
    taskId: z.string().nullable(),
    taskName: z.string().nullable(),
    /** The task in ClickUp. */
    taskUrl: z.string().nullable(),
    section: aicpSectionLetterSchema,
    minutes: z.number().int(),
    durationMs: z.number().int(),
    /** Internal rate per hour in force that day; null: unpriced. */
    rateMinor: z.number().int().nullable(),
    amountMinor: z.number().int().nullable(),
  }),
).meta({ id: "BudgetLabourEntries" });
export type BudgetLabourEntries = z.infer<typeof budgetLabourEntriesResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Responses
// ---------------------------------------------------------------------------------------------

export const budgetLineSchema = z
  .object({
    id: z.string(),
    /** The same line across revisions (a change order copies it). */
    key: z.string(),
    revisionNumber: z.number().int(),
    section: aicpSectionLetterSchema,
    number: z.string(),
    description: z.string(),
    quantityHundredths: z.number().int(),
    rateMinor: z.number().int(),
    otHoursHundredths: z.number().int(),
    otRateMinor: z.number().int(),
    /** quantity × rate + OT hours × OT rate, rounded half-even once. */
    estimateMinor: z.number().int(),
    /** Actual cost entered on the line (labour from time entries is per section: `labour`). */
    actualMinor: z.number().int(),
    /** Approved and paid vendor bills on the line: its actual is actualMinor (typed) + this. */
    billedMinor: z.number().int(),
    /** The unbilled amount of the open (approved, sent, partly billed) purchase orders on the line. */
    committedMinor: z.number().int(),
    /** Estimate − actual (negative: over budget). */
    varianceMinor: z.number().int(),
    /** Forecast at completion (domain/aicp.ts forecastAtCompletion). */
    forecastMinor: z.number().int(),
    notes: z.string(),
    position: z.number().int(),
    /** Send it back as `baseVersion` when changing the line. */
    version: z.number().int(),
    updatedAt: z.string(),
  })
  .meta({ id: "BudgetLine" });
export type BudgetLineView = z.infer<typeof budgetLineSchema>;

/** The 409 of a line change made from a stale version: the line as it is now. */
export const budgetLineConflictSchema = z
  .object({
    error: z.object({ code: z.literal("conflict"), message: z.string() }),
    current: budgetLineSchema,
  })
  .meta({ id: "BudgetLineConflict" });
export type BudgetLineConflict = z.infer<typeof budgetLineConflictSchema>;

export const budgetRatesViewSchema = z.object({
  pwBp: z.number().int(),
  pwBpBySection: z.partialRecord(aicpSectionLetterSchema, z.number().int()),
  insuranceBp: z.number().int(),
  feeBp: z.number().int(),
  contingencyBp: z.number().int(),
  weatherDay: z.number().int(),
});

const sectionTotalsSchema = z.object({
  letter: aicpSectionLetterSchema,
  name: z.string(),
  labour: z.boolean(),
  lines: z.number().int(),
  pw: z.number().int(),
  subtotal: z.number().int(),
});

const topSheetRowSchema = z.object({
  number: z.number().int(),
  label: z.string(),
  subtotal: z.boolean(),
  amount: z.number().int(),
});

/** domain/aicp.ts computeBudget of one column of line amounts. */
export const budgetTotalsSchema = z.object({
  sections: z.array(sectionTotalsSchema),
  topSheet: z.array(topSheetRowSchema),
  grandTotal: z.number().int(),
  contingency: z.number().int(),
  weatherDay: z.number().int(),
  totalWithContingency: z.number().int(),
});

export const budgetRevisionSummarySchema = z.object({
  number: z.number().int(),
  status: budgetStatusSchema,
  version: z.number().int(),
  /** The revision's grand bid total (estimate). */
  grandTotalMinor: z.number().int(),
  submittedAt: z.string().nullable(),
  approvedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
});

/** GET /api/budgets/:budgetId and every write that answers with the budget. */
export const budgetDetailSchema = z
  .object({
    id: z.string(),
    projectId: z.string(),
    projectName: z.string().nullable(),
    /** The project's client (its meta task's client field). */
    clientName: z.string().nullable(),
    name: z.string(),
    formId: z.string(),
    formName: z.string(),
    bidType: bidTypeSchema,
    currency: z.string(),
    /** The budget's status: its latest revision's. */
    status: budgetStatusSchema,
    /** The approved revision in force (null before the first approval). */
    workingRevisionNumber: z.number().int().nullable(),
    latestRevisionNumber: z.number().int(),
    /** What can be done now (to the latest revision). */
    allowedActions: z.array(budgetActionSchema),
    revisions: z.array(budgetRevisionSummarySchema),
    /** The revision shown (the latest unless ?revision=n). */
    revision: budgetRevisionSummarySchema.extend({
      rates: budgetRatesViewSchema,
      /** Whether its lines can be added, changed or deleted (a draft). */
      linesEditable: z.boolean(),
      /** Whether its lines' actual and notes can still be entered (the latest revision, not closed). */
      actualsEditable: z.boolean(),
    }),
    /** Its lines by section, then position. */
    lines: z.array(budgetLineSchema),
    /**
     * Labour actuals: synced ClickUp time entries on the project priced at internal rates (P&W is
     * added by the section arithmetic), per section, and the settings that place them.
     */
    labour: z.object({
      mapping: z.array(z.object({ tag: z.string(), section: aicpSectionLetterSchema })),
      defaultSection: aicpSectionLetterSchema,
      sections: z.array(
        z.object({
          section: aicpSectionLetterSchema,
          minutes: z.number().int(),
          /** Time without an internal rate: not priced (never priced at 0). */
          unpricedMinutes: z.number().int(),
          amountMinor: z.number().int(),
          entries: z.number().int(),
        }),
      ),
      minutes: z.number().int(),
      unpricedMinutes: z.number().int(),
      amountMinor: z.number().int(),
    }),
    /**
     * Its sections and top sheet per column: estimate; committed; actual (the lines' actuals
     * plus labour); forecast at completion (per section, the larger of the estimate and
     * actual + committed).
     */
    totals: z.object({
      estimate: budgetTotalsSchema,
      committed: budgetTotalsSchema,
      actual: budgetTotalsSchema,
      forecast: budgetTotalsSchema,
    }),
    /** The grand totals of the columns; client actual per bid type (domain/aicp.ts clientActual). */
    figures: z.object({
      estimateMinor: z.number().int(),
      committedMinor: z.number().int(),
      actualMinor: z.number().int(),
      clientActualMinor: z.number().int(),
      /** What the client has been invoiced on this budget: Σ its invoices that are not void. */
      invoicedMinor: z.number().int(),
      varianceMinor: z.number().int(),
      forecastMinor: z.number().int(),
    }),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: "Budget" });
export type BudgetDetail = z.infer<typeof budgetDetailSchema>;

export const budgetListItemSchema = z.object({
  id: z.string(),
  name: z.string(),
  projectId: z.string(),
  projectName: z.string().nullable(),
  clientName: z.string().nullable(),
  formId: z.string(),
  bidType: bidTypeSchema,
  currency: z.string(),
  status: budgetStatusSchema,
  latestRevisionNumber: z.number().int(),
  workingRevisionNumber: z.number().int().nullable(),
  /** The grand bid total of the latest revision. */
  grandTotalMinor: z.number().int(),
  /** Actual to date on the latest revision's top sheet (lines' actuals plus labour, with P&W, insurance, fee). */
  actualMinor: z.number().int(),
  /** grandTotalMinor − actualMinor (negative: over budget). */
  varianceMinor: z.number().int(),
  /** When its labour from time entries was last summed (the budget screen prices it live). */
  labourAsOf: z.string().nullable(),
  updatedAt: z.string(),
});
export type BudgetListItem = z.infer<typeof budgetListItemSchema>;

export const budgetListResponseSchema = pagedSchema(budgetListItemSchema).meta({ id: "BudgetList" });
export type BudgetListResponse = z.infer<typeof budgetListResponseSchema>;

const diffLineSchema = z.object({
  key: z.string(),
  section: aicpSectionLetterSchema,
  number: z.string(),
  description: z.string(),
  estimate: z.number().int(),
  notes: z.string(),
});

/** GET /api/budgets/:budgetId/revisions/:number/diff */
export const budgetRevisionDiffSchema = z
  .object({
    budgetId: z.string(),
    revisionNumber: z.number().int(),
    /** The last approved revision before it (null for the original bid: every line is added). */
    againstRevisionNumber: z.number().int().nullable(),
    changes: z.array(
      z.object({
        kind: z.enum(["added", "removed", "changed"]),
        key: z.string(),
        section: aicpSectionLetterSchema,
        number: z.string(),
        before: diffLineSchema.nullable(),
        after: diffLineSchema.nullable(),
        fields: z.array(z.enum(["section", "number", "description", "estimate", "notes"])),
        estimateDelta: z.number().int(),
      }),
    ),
    /** Σ of the changes' estimate deltas (line estimates only). */
    estimateDelta: z.number().int(),
    /** The top sheets (estimate) of both revisions; `before` is null without an earlier approved one. */
    totals: z.object({ before: budgetTotalsSchema.nullable(), after: budgetTotalsSchema }),
  })
  .meta({ id: "BudgetRevisionDiff" });
export type BudgetRevisionDiff = z.infer<typeof budgetRevisionDiffSchema>;

/** GET /api/budgets/summary: the /finance overview of budgets. */
export const budgetSummarySchema = z
  .object({
    /** How many budgets are in each status (their latest revision's). */
    byStatus: z.array(z.object({ status: budgetStatusSchema, count: z.number().int() })),
    /** Active jobs (every budget not closed), per currency: estimate, actual to date, variance, forecast. */
    active: z.array(
      z.object({
        currency: z.string(),
        budgets: z.number().int(),
        estimateMinor: z.number().int(),
        actualMinor: z.number().int(),
        varianceMinor: z.number().int(),
        forecastMinor: z.number().int(),
      }),
    ),
    /** The active jobs most over budget (actual beyond the estimate), worst first, at most 5. */
    mostOver: z.array(budgetListItemSchema),
    /**
     * Work in progress not billed yet: active jobs with an approved (working) revision whose client
     * actual (a firm bid's estimate, a cost-plus bid's actual) is more than their invoices that are
     * not void, most first, at most 5.
     */
    unbilled: z.array(
      budgetListItemSchema.extend({
        clientActualMinor: z.number().int(),
        invoicedMinor: z.number().int(),
        unbilledMinor: z.number().int(),
      }),
    ),
  })
  .meta({ id: "BudgetSummary" });
export type BudgetSummary = z.infer<typeof budgetSummarySchema>;
