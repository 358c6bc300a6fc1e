import { z } from "zod";
import { isoDaySchema } from "@domain/iso-day";
import { AUDIT_EVENT_TYPES } from "@domain/security";

/*
 * Request and response shapes of /api/audit (the security log), shared with the web app.
 */

/** POST /api/audit/blocked-form body: which form and field the web app refused to send (never the content). */
export const blockedFormRequestSchema = z.strictObject({
  form: z.string().trim().min(1, "is required").max(100, "is too long"),
  field: z.string().trim().min(1, "is required").max(200, "is too long"),
});
export type BlockedFormRequest = z.infer<typeof blockedFormRequestSchema>;

/** GET /api/audit/security query: keyset-paged on id (`before` = the last id of the previous page). */
export const securityEventsQuerySchema = z.strictObject({
  eventType: z.enum(AUDIT_EVENT_TYPES).optional(),
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type SecurityEventsQuery = z.infer<typeof securityEventsQuerySchema>;

export const securityEventSchema = z.object({
  id: z.number(),
  eventType: z.string(),
  eventData: z.record(z.string(), z.unknown()),
  userId: z.string().nullable(),
  userEmail: z.string().nullable(),
  /** null for events that belong to no workspace (the caller's own sign-ins, failures, rate limits). */
  organizationId: z.string().nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
});
export type SecurityEvent = z.infer<typeof securityEventSchema>;

/** GET /api/audit/security: newest first; nextBefore is null on the last page. */
export const securityEventsResponseSchema = z
  .object({ events: z.array(securityEventSchema), nextBefore: z.number().nullable() })
  .meta({ id: "SecurityEvents" });
export type SecurityEventsResponse = z.infer<typeof securityEventsResponseSchema>;

/*
 * The finance audit trail (PRODUCT.md → Finance audit; /finance/audit): the workspace's
 * audit_events rows of category 'finance', newest first, with who, impersonated-by, object,
 * action and the before/after values as they were recorded.
 */

/**
 * The finance objects the trail holds: every `object` a use case records with category "finance"
 * (rate cards, budgets, vendors, POs, bills, clients, invoices, SOWs, the money settings of
 * people and of the workspace). finance-audit-objects.test.ts keeps this list and the code in step.
 */
export const FINANCE_AUDIT_OBJECTS = [
  "rate_card",
  "rate_card_line",
  "project_rate_card",
  "budget",
  "budget_line",
  "budget_revision",
  "vendor",
  "purchase_order",
  "vendor_bill",
  "client",
  "client_invoice",
  "sow",
  "project_dataset",
  "person_settings",
  "workspace_settings",
  "workspace_billing_profile",
  "workspace_logo",
] as const;
export type FinanceAuditObject = (typeof FINANCE_AUDIT_OBJECTS)[number];

/** How each object reads on the screen and in the CSV. */
export const FINANCE_AUDIT_OBJECT_LABELS: Record<FinanceAuditObject, string> = {
  rate_card: "Rate card",
  rate_card_line: "Rate card line",
  project_rate_card: "Project rate card",
  budget: "Budget",
  budget_line: "Budget line",
  budget_revision: "Budget revision",
  vendor: "Vendor",
  purchase_order: "Purchase order",
  vendor_bill: "Vendor bill",
  client: "Client",
  client_invoice: "Client invoice",
  sow: "SOW",
  project_dataset: "Accrual dataset",
  person_settings: "Person settings",
  workspace_settings: "Workspace settings",
  workspace_billing_profile: "Billing profile",
  workspace_logo: "Workspace logo",
};

/** A workspace day yyyy-MM-dd between 1900 and 2999 (documented as format "date"). */
const auditDaySchema = isoDaySchema
  .refine((v) => v >= "1900-01-01" && v <= "2999-12-31", "must be between 1900-01-01 and 2999-12-31")
  .meta({ format: "date" });

const auditPersonSchema = z
  .string()
  .trim()
  .min(1, "must not be empty")
  .max(200, "is too long")
  .regex(/^[\w.:@-]+$/, "is not a person id");

const financeAuditFilters = {
  /** One object type (FINANCE_AUDIT_OBJECTS). */
  object: z.enum(FINANCE_AUDIT_OBJECTS).optional(),
  /** The person who made the change (the actor: a profile id). */
  personId: auditPersonSchema.optional(),
  /** First and last workspace day (inclusive, the workspace time zone). */
  from: auditDaySchema.optional(),
  to: auditDaySchema.optional(),
};

const toNotBeforeFrom = (v: { from?: string; to?: string }, ctx: z.RefinementCtx) => {
  if (v.from !== undefined && v.to !== undefined && v.to < v.from) {
    ctx.addIssue({ code: "custom", path: ["to"], message: "must be on or after from" });
  }
};

/** GET /api/audit/finance?object&personId&from&to&page&pageSize */
export const financeAuditQuerySchema = z
  .strictObject({
    ...financeAuditFilters,
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(200).default(50),
  })
  .superRefine(toNotBeforeFrom);
export type FinanceAuditQuery = z.infer<typeof financeAuditQuerySchema>;

/** GET /api/audit/finance.csv: the same filters, every row. */
export const financeAuditExportQuerySchema = z.strictObject(financeAuditFilters).superRefine(toNotBeforeFrom);
export type FinanceAuditExportQuery = z.infer<typeof financeAuditExportQuerySchema>;

const auditPersonViewSchema = z.object({
  id: z.string(),
  /** Display name (first + last, else the profile name, else the e-mail); "Agency Hub" for the system. */
  name: z.string(),
  email: z.string().nullable(),
});

export const financeAuditEventSchema = z.object({
  id: z.string(),
  /** When (ISO instant; the screen shows it in the workspace time zone). */
  occurredAt: z.string(),
  /** Who the change was made as. */
  actor: auditPersonViewSchema,
  /** The admin who made it while viewing the app as `actor`; null otherwise. */
  impersonator: auditPersonViewSchema.nullable(),
  object: z.string(),
  objectId: z.string(),
  /** A readable name of the object (a budget's or a card's name), when one is known. */
  label: z.string().nullable(),
  /** The budget the row belongs to (budget, its lines and revisions), for a link. */
  budgetId: z.string().nullable(),
  /** The project (ClickUp folder) of that budget or of a project's own rate card, by name. */
  projectName: z.string().nullable(),
  /** A project's own rate card before and after the change, by name (when the cards still exist). */
  cardNames: z.object({ before: z.string().nullable(), after: z.string().nullable() }),
  /** The currency of the money in before/after (the budget's or card's, else the workspace's). */
  currency: z.string(),
  action: z.string(),
  before: z.unknown(),
  after: z.unknown(),
});
export type FinanceAuditEvent = z.infer<typeof financeAuditEventSchema>;

export const financeAuditResponseSchema = z
  .object({
    items: z.array(financeAuditEventSchema),
    total: z.number(),
    page: z.number(),
    pageSize: z.number(),
    /** The workspace time zone and currency (Settings → Organization). */
    timeZone: z.string(),
    currency: z.string(),
    /** The person filter's choices: the workspace's members, by name. */
    people: z.array(auditPersonViewSchema),
  })
  .meta({ id: "FinanceAuditEvents" });
export type FinanceAuditResponse = z.infer<typeof financeAuditResponseSchema>;
