import { formatMoney } from "@domain/money";
import { formatInvoiceNumber } from "@domain/invoices";
import { paymentInvoiced, resolveSchedule, sowEditRefusal } from "@domain/sows";
import type { Executor } from "../../db/executor";
import type { SowDeliverableSnapshot, sowPaymentEntries } from "../../db/schema/finance-sows";
import { AppError, badRequest, conflict, notFound, type FieldError } from "../../lib/errors";
import { newId } from "../../lib/ids";
import type { RequestContext } from "../../request-context";
import { selectSettings } from "../capacity/repo";
import { selectClient, type ClientRow } from "../client-invoices/clients-repo";
import type { ScheduleEntryInput } from "./contract";
import { deliverableTasks, lockSow, selectSowBudget, type SowEntryRow, type SowHeadRow } from "./repo";

/*
 * What SOW writes share: the locked SOW (404 when not the workspace's), the stale row version
 * 409, the draft-only rule, the client and budget checks, the payment schedule resolved against
 * the fee (domain/sows.ts; 400 naming the field), and the deliverables snapshot.
 */

/** The document kind of SOWs in document_numbers. */
export const SOW_KIND = "sow";

export async function lockedSow(tx: Executor, ctx: RequestContext, sowId: string): Promise<SowHeadRow> {
  const row = await lockSow(tx, ctx.organizationId, sowId);
  if (!row) throw notFound("Statement of work not found");
  return row;
}

export function requireRowVersion(row: SowHeadRow, baseRowVersion: number | undefined): void {
  if (baseRowVersion !== undefined && baseRowVersion !== row.row_version) {
    throw conflict(
      "This statement of work was changed by someone else since you opened it: reload it and try again.",
    );
  }
}

/** 409 with the reason unless the current version is a draft. */
export function requireDraft(row: SowHeadRow): void {
  const refusal = sowEditRefusal(row.status);
  if (refusal) throw conflict(refusal);
}

/** The client a SOW is for: the workspace's (404), not archived (400 naming clientId). */
export async function activeClient(tx: Executor, ctx: RequestContext, clientId: string): Promise<ClientRow> {
  const client = await selectClient(tx, ctx.organizationId, clientId);
  if (!client) throw notFound("Client not found");
  if (client.archived) {
    throw badRequest(`clientId: ${client.name} is archived: restore the client first`, [
      { field: "clientId", message: "is archived" },
    ]);
  }
  return client;
}

/**
 * A budget for a SOW: the workspace's (404), of the SOW's project and in its currency (400
 * naming budgetId otherwise).
 */
export async function projectBudget(
  tx: Executor,
  ctx: RequestContext,
  budgetId: string,
  projectId: string,
  currency: string | undefined,
) {
  const budget = await selectSowBudget(tx, ctx.organizationId, budgetId);
  if (!budget) throw notFound("Budget not found");
  if (budget.folder_id !== projectId) {
    throw badRequest("budgetId: is not a budget of this project", [
      { field: "budgetId", message: "is not a budget of this project" },
    ]);
  }
  if (currency !== undefined && budget.currency !== currency) {
    const message = `is in ${budget.currency}, the statement of work is in ${currency}`;
    throw badRequest(`budgetId: ${message}`, [{ field: "budgetId", message }]);
  }
  return budget;
}

/** The workspace's time zone and currency. */
export async function workspaceSettings(tx: Executor, ctx: RequestContext) {
  const settings = await selectSettings(tx, ctx.organizationId);
  return { timeZone: settings?.time_zone ?? "UTC", currency: settings?.currency ?? "USD" };
}

function validation(fields: FieldError[]): AppError {
  return new AppError(
    400,
    "validation_failed",
    `Invalid body: ${fields[0]!.field} — ${fields[0]!.message}`,
    fields,
  );
}

export type EntryInsert = typeof sowPaymentEntries.$inferInsert;

/**
 * The rows of a version's schedule: amounts resolved against `feeMinor` (400 naming
 * `schedule…` when an entry is wrong or they do not add up to the fee). An entry that names an
 * existing entry of the version by `id` keeps it (and its invoice); an invoiced entry (invoice not
 * void) must stay, with its amount (409 naming it otherwise).
 */
export function scheduleRows(
  ctx: RequestContext,
  target: { sowId: string; version: number; currency: string },
  feeMinor: number,
  schedule: readonly ScheduleEntryInput[],
  existing: readonly SowEntryRow[],
  options: { requireEntries?: boolean } = {},
): EntryInsert[] {
  const byId = new Map(existing.map((e) => [e.id, e]));
  const unknown: FieldError[] = schedule
    .map((e, i) => ({ e, i }))
    .filter(({ e }) => e.id !== undefined && !byId.has(e.id))
    .map(({ i }) => ({ field: `schedule.${i}.id`, message: "is not a payment of this version" }));
  if (unknown.length) throw validation(unknown);
  const result = resolveSchedule(feeMinor, schedule, target.currency, options);
  if (!result.ok) {
    throw validation(
      result.issues.map((issue) => ({
        field: issue.field ? `schedule.${issue.field}` : "schedule",
        message: issue.message,
      })),
    );
  }
  const kept = new Set(schedule.map((e) => e.id).filter((id): id is string => id !== undefined));
  for (const entry of existing) {
    if (!paymentInvoiced(entry.invoice_status)) continue;
    const invoiced = entry.invoice_number !== null ? formatInvoiceNumber(entry.invoice_number) : "an invoice";
    if (!kept.has(entry.id)) {
      throw new AppError(
        409,
        "conflict",
        `The payment “${entry.label}” is invoiced (${invoiced}): it must stay.`,
        [{ field: "schedule", message: `must keep the payment “${entry.label}” (invoiced as ${invoiced})` }],
      );
    }
    const i = schedule.findIndex((e) => e.id === entry.id);
    if (result.amounts[i] !== Number(entry.amount_minor)) {
      const message = `must stay ${formatMoney(Number(entry.amount_minor), target.currency)}: it is invoiced as ${invoiced}`;
      throw new AppError(409, "conflict", `schedule.${i}.amountMinor: ${message}`, [
        { field: `schedule.${i}.amountMinor`, message },
      ]);
    }
  }
  const seen = new Set<string>();
  return schedule.map((e, position) => {
    const keep = e.id !== undefined && !seen.has(e.id) ? e.id : undefined;
    if (keep) seen.add(keep);
    return {
      organizationId: ctx.organizationId,
      id: keep ?? newId(),
      sowId: target.sowId,
      version: target.version,
      position,
      label: e.label,
      dueOn: e.dueOn ?? null,
      milestone: e.milestone ?? "",
      amountMinor: result.amounts[position]!,
      percentBp: e.percentBp ?? null,
      invoiceId: keep ? (byId.get(keep)!.invoice_id ?? null) : null,
    };
  });
}

/** Existing entries as schedule input (to re-resolve them against a new fee). */
export function entriesAsInput(entries: readonly SowEntryRow[]): ScheduleEntryInput[] {
  return entries.map((e) => ({
    id: e.id,
    label: e.label,
    dueOn: e.due_on,
    milestone: e.milestone,
    ...(e.percent_bp !== null ? { percentBp: e.percent_bp } : { amountMinor: Number(e.amount_minor) }),
  }));
}

/**
 * The project's deliverable tasks as a snapshot: a task already in `previous` keeps whether it
 * is included; a new one is included.
 */
export async function deliverablesSnapshot(
  tx: Executor,
  ctx: RequestContext,
  projectId: string,
  previous: readonly SowDeliverableSnapshot[] = [],
): Promise<SowDeliverableSnapshot[]> {
  const { timeZone } = await workspaceSettings(tx, ctx);
  const included = new Map(previous.map((d) => [d.taskId, d.included]));
  const tasks = await deliverableTasks(tx, ctx.organizationId, projectId, timeZone);
  return tasks.map((t) => ({
    taskId: t.id,
    name: t.name,
    dueDate: t.due_date,
    included: included.get(t.id) ?? true,
  }));
}
