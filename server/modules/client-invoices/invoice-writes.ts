import {
  DEFAULT_DEPOSIT_BP,
  depositInvoice,
  finalInvoice,
  formatInvoiceNumber,
  invoiceTotal,
  leftToBillMinor,
  leftToBillRefusal,
  progressInvoiceByLines,
  progressInvoiceByPercent,
  type ComputedInvoiceLine,
  type InvoiceKind,
} from "@domain/invoices";
import { formatMoney } from "@domain/money";
import type { Executor } from "../../db/executor";
import type { clientInvoiceLines } from "../../db/schema/finance-invoicing";
import { AppError, badRequest, conflict, notFound, type FieldError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { recordChange } from "../audit/record-change";
import {
  clientTimeOf,
  invoicesOfBudget,
  revisionLines,
  selectInvoiceBudget,
  type InvoiceBudgetRow,
} from "./billing-repo";
import { clientNamed, insertClientIfAbsent, selectClient, type ClientRow } from "./clients-repo";
import type { CreateInvoice, InvoiceProposal, ProposeInvoice } from "./contract";
import { lockInvoice, type InvoiceHeadRow } from "./repo";
import { clientAudit, clientView, computedLineView } from "./views";

/*
 * What invoice writes share: the locked invoice (404 when not the workspace's), the stale
 * version 409, the amount computed from the budget (domain/invoices.ts), the left-to-bill rule,
 * and the client (the one named, else the project's client by name).
 */

/** The document kind of client invoices in document_numbers. */
export const CLIENT_INVOICE_KIND = "client_invoice";

export async function lockedInvoice(
  tx: Executor,
  ctx: RequestContext,
  invoiceId: string,
): Promise<InvoiceHeadRow> {
  const row = await lockInvoice(tx, ctx.organizationId, invoiceId);
  if (!row) throw notFound("Invoice not found");
  return row;
}

export function requireInvoiceVersion(row: InvoiceHeadRow, baseVersion: number | undefined): void {
  if (baseVersion !== undefined && baseVersion !== row.version) {
    throw conflict("This invoice was changed by someone else since you opened it: reload it and try again.");
  }
}

export interface Computation {
  budget: InvoiceBudgetRow;
  kind: InvoiceKind;
  lines: ComputedInvoiceLine[];
  totalMinor: number;
  estimateMinor: number;
  billableMinor: number;
  invoicedMinor: number;
  leftMinor: number;
  percentBp: number | null;
  markupBp: number | null;
  unpricedMs: number;
}

/** The budget of an invoice: the workspace's (404) with an approved revision (409). */
export async function invoiceBudget(tx: Executor, ctx: RequestContext, budgetId: string) {
  const budget = await selectInvoiceBudget(tx, ctx.organizationId, budgetId);
  if (!budget) throw notFound("Budget not found");
  if (budget.working_revision_number === null) {
    throw conflict("This budget has no approved revision yet: approve it before invoicing the client.");
  }
  return budget as InvoiceBudgetRow & { working_revision_number: number };
}

/**
 * An invoice's lines and total computed from its budget (domain/invoices.ts): a deposit or
 * progress share of the approved estimate's grand total, the chosen lines' estimates, or the
 * final from actuals — time at client rates, the working revision's line actuals re-billed with
 * markup (default the budget's production fee) — less the job's other invoices that are not
 * void. What is billable: the estimate (deposit, progress) or the actuals (final).
 */
export async function computeInvoice(
  tx: Executor,
  ctx: RequestContext,
  basis: ProposeInvoice,
  exceptInvoiceId?: string,
): Promise<Computation> {
  const budget = await invoiceBudget(tx, ctx, basis.budgetId);
  const revision = budget.working_revision_number;
  const estimateMinor = Number(budget.grand_total_minor ?? 0);
  const earlier = await invoicesOfBudget(tx, ctx.organizationId, budget.id, exceptInvoiceId);
  const invoicedMinor = earlier.reduce((s, i) => s + Number(i.total_minor), 0);
  let computed: { lines: ComputedInvoiceLine[]; totalMinor: number };
  let billableMinor = estimateMinor;
  let percentBp: number | null = null;
  let markupBp: number | null = null;
  let unpricedMs = 0;
  if (basis.kind === "deposit") {
    percentBp = basis.percentBp ?? DEFAULT_DEPOSIT_BP;
    computed = depositInvoice(estimateMinor, percentBp);
  } else if (basis.kind === "progress" && basis.lineKeys) {
    const found = await revisionLines(tx, ctx.organizationId, budget.id, revision, basis.lineKeys);
    const byKey = new Map(found.map((l) => [l.key, l]));
    const missing: FieldError[] = basis.lineKeys
      .map((key, i) => ({ key, i }))
      .filter(({ key }) => !byKey.has(key))
      .map(({ i }) => ({
        field: `lineKeys.${i}`,
        message: `is not a line of revision ${revision} of this budget`,
      }));
    if (missing.length) {
      throw new AppError(
        400,
        "validation_failed",
        `Invalid body: ${missing[0]!.field} — ${missing[0]!.message}`,
        missing,
      );
    }
    computed = progressInvoiceByLines(
      [...new Set(basis.lineKeys)].map((key) => {
        const l = byKey.get(key)!;
        return {
          key,
          description: [l.section, l.number].filter(Boolean).join(" ") + ` — ${l.description}`,
          estimateMinor: Number(l.estimate_minor),
        };
      }),
    );
  } else if (basis.kind === "progress") {
    // Lines typed by hand without a percentage: the computed lines are replaced, the estimate is billable.
    percentBp = basis.percentBp ?? null;
    computed = progressInvoiceByPercent(estimateMinor, basis.percentBp ?? 10_000);
  } else {
    markupBp = basis.markupBp ?? budget.fee_bp ?? 0;
    const time = await clientTimeOf(tx, ctx.organizationId, budget.folder_id);
    const lines = await revisionLines(tx, ctx.organizationId, budget.id, revision);
    const final = finalInvoice({
      time: time.map((t) => ({
        description: `Time: ${t.person_name ?? `User ${t.user_id}`}`,
        durationMs: Number(t.ms),
        rateMinor: t.rate === null ? null : Number(t.rate),
      })),
      costs: lines
        .filter((l) => Number(l.actual_minor) > 0)
        .map((l) => ({
          description: [l.section, l.number].filter(Boolean).join(" ") + ` — ${l.description}`,
          costMinor: Number(l.actual_minor),
          budgetLineKey: l.key,
        })),
      markupBp,
      invoiced: earlier.map((i) => ({
        displayNumber: formatInvoiceNumber(i.number),
        totalMinor: Number(i.total_minor),
      })),
    });
    computed = final;
    billableMinor = final.actualsMinor;
    unpricedMs = final.unpricedMs;
  }
  return {
    budget,
    kind: basis.kind,
    lines: computed.lines,
    totalMinor: computed.totalMinor,
    estimateMinor,
    billableMinor,
    invoicedMinor,
    leftMinor: leftToBillMinor(billableMinor, invoicedMinor),
    percentBp,
    markupBp,
    unpricedMs,
  };
}

/**
 * Why an invoice of `totalMinor` on this computation is refused (null when it is not): nothing
 * to bill (a total of 0 or less), or above what is left to bill without the override.
 */
export function amountRefusal(
  c: Computation,
  totalMinor: number,
  override: boolean,
): { status: 409; message: string; field: string } | null {
  if (totalMinor <= 0) {
    return {
      status: 409,
      field: "lines",
      message: `There is nothing to bill: this invoice would come to ${formatMoney(totalMinor, c.budget.currency)}.`,
    };
  }
  const reason = leftToBillRefusal({
    amountMinor: totalMinor,
    leftMinor: c.leftMinor,
    currency: c.budget.currency,
    override,
  });
  return reason ? { status: 409, field: "overrideLeftToBill", message: reason } : null;
}

/** Throw amountRefusal's answer as a 409 naming the field. */
export function requireBillable(c: Computation, totalMinor: number, override: boolean): void {
  const refusal = amountRefusal(c, totalMinor, override);
  if (refusal) {
    throw new AppError(refusal.status, "conflict", refusal.message, [
      { field: refusal.field, message: refusal.message },
    ]);
  }
}

/**
 * The billing figures of an existing invoice's job, leaving the invoice itself out (what its
 * new total is checked against when a draft is changed): billable is the estimate, or the
 * actuals for a final invoice.
 */
export async function billingOf(
  tx: Executor,
  ctx: RequestContext,
  head: InvoiceHeadRow,
): Promise<Computation> {
  return computeInvoice(
    tx,
    ctx,
    head.kind === "final"
      ? {
          budgetId: head.budget_id,
          kind: "final",
          ...(head.markup_bp != null ? { markupBp: head.markup_bp } : {}),
        }
      : { budgetId: head.budget_id, kind: "deposit", percentBp: 10_000 },
    head.id,
  );
}

/** 400 naming dueDate when it is before the issue date. */
export function requireDueAfterIssue(issueDate: string, dueDate: string): void {
  if (dueDate < issueDate) {
    throw badRequest(`dueDate: must not be before the issue date (${issueDate})`, [
      { field: "dueDate", message: "must not be before the issue date" },
    ]);
  }
}

/** A proposal as the contract shows it. */
export function proposalView(c: Computation): InvoiceProposal {
  const refusal = amountRefusal(c, c.totalMinor, false);
  return {
    budgetId: c.budget.id,
    kind: c.kind,
    currency: c.budget.currency,
    clientName: c.budget.client_name,
    estimateMinor: c.estimateMinor,
    billableMinor: c.billableMinor,
    invoicedMinor: c.invoicedMinor,
    leftToBillMinor: c.leftMinor,
    percentBp: c.percentBp,
    markupBp: c.markupBp,
    unpricedMinutes: Math.round(c.unpricedMs / 60_000),
    lines: c.lines.map(computedLineView),
    totalMinor: c.totalMinor,
    refusal: refusal?.message ?? null,
  };
}

/** Lines typed by hand as computed lines ("amount"), with their total (400 when it is ≤ 0 or too large). */
export function manualLines(lines: NonNullable<CreateInvoice["lines"]>): {
  lines: ComputedInvoiceLine[];
  totalMinor: number;
} {
  const out: ComputedInvoiceLine[] = lines.map((l) => ({
    kind: "amount",
    description: l.description,
    amountMinor: l.amountMinor,
  }));
  let totalMinor: number;
  try {
    totalMinor = invoiceTotal(out);
  } catch (error) {
    if (error instanceof RangeError) {
      throw badRequest("lines: the amounts add up to more than can be kept exactly", [
        { field: "lines", message: "add up to too large an amount" },
      ]);
    }
    throw error;
  }
  if (totalMinor <= 0) {
    throw badRequest("lines: the lines must add up to more than 0", [
      { field: "lines", message: "must add up to more than 0" },
    ]);
  }
  return { lines: out, totalMinor };
}

export type InvoiceLineInsert = typeof clientInvoiceLines.$inferInsert;

export function lineInserts(
  ctx: RequestContext,
  invoiceId: string,
  lines: readonly ComputedInvoiceLine[],
): InvoiceLineInsert[] {
  return lines.map((l, position) => ({
    organizationId: ctx.organizationId,
    id: newId(),
    invoiceId,
    position,
    kind: l.kind,
    description: l.description,
    budgetLineKey: l.budgetLineKey ?? null,
    durationMs: l.durationMs ?? null,
    rateMinor: l.rateMinor ?? null,
    costMinor: l.costMinor ?? null,
    markupBp: l.markupBp ?? null,
    markupMinor: l.markupMinor ?? null,
    amountMinor: l.amountMinor,
  }));
}

/**
 * The client an invoice bills: the one named (404 when not the workspace's; 400 when archived),
 * else the project's client (the meta task's client field) by name in any case — recorded as a
 * client, with its audit row, the first time it is billed. 400 naming clientId when neither.
 */
export async function resolveClient(
  tx: Executor,
  ctx: RequestContext,
  clientId: string | undefined,
  budget: InvoiceBudgetRow,
): Promise<ClientRow> {
  if (clientId !== undefined) {
    const client = await selectClient(tx, ctx.organizationId, clientId);
    if (!client) throw notFound("Client not found");
    if (client.archived) {
      throw badRequest(`clientId: ${client.name} is archived: restore the client to bill it`, [
        { field: "clientId", message: "is archived" },
      ]);
    }
    return client;
  }
  const name = budget.client_name?.trim();
  if (!name) {
    throw badRequest("clientId: the project has no client: choose the client to bill", [
      { field: "clientId", message: "is required: the project has no client" },
    ]);
  }
  const existing = await clientNamed(tx, ctx.organizationId, name);
  if (existing) return existing;
  const id = newId();
  const inserted = await insertClientIfAbsent(tx, {
    organizationId: ctx.organizationId,
    id,
    name,
    createdBy: ctx.userId === "system" ? null : ctx.userId,
    now: ctx.deps.now(),
  });
  if (!inserted) return (await clientNamed(tx, ctx.organizationId, name))!;
  const created = (await selectClient(tx, ctx.organizationId, id))!;
  await recordChange(ctx, tx, {
    object: "client",
    id,
    action: "created",
    after: clientAudit(clientView(created)),
    category: "finance",
  });
  return created;
}
