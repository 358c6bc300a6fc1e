import { formatInvoiceNumber } from "@domain/invoices";
import {
  formatSowNumber,
  paymentInvoiced,
  proposeInvoiceRefusal,
  sowEditable,
  sowTransition,
} from "@domain/sows";
import type { SowDeliverableSnapshot } from "../../db/schema/finance-sows";
import { iso } from "../client-invoices/views";
import type { SowDetail, SowListItem, SowScheduleEntry, SowVersionSummary } from "./contract";
import type { SowDetailRow, SowEntryRow, SowListRow, SowVersionRow } from "./repo";

/* Row → contract mapping of statements of work (bigint sums may arrive as text, jsonb as text). */

const toInt = (value: string | number | null): number => (value === null ? 0 : Number(value));
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));
const person = (id: string | null, name: string | null) => (id === null ? null : { id, name: name ?? id });

export function listItemView(row: SowListRow): SowListItem {
  return {
    id: row.id,
    number: row.number,
    displayNumber: formatSowNumber(row.number),
    title: row.title,
    status: row.status,
    version: row.current_version,
    signedVersion: row.signed_version,
    clientId: row.client_id,
    clientName: row.client_name,
    projectId: row.project_id,
    projectName: row.project_name,
    budgetId: row.budget_id,
    budgetName: row.budget_name,
    currency: row.currency,
    feeMinor: toInt(row.fee_minor),
    date: row.sow_date,
    sentAt: isoOrNull(row.sent_at),
    signedOn: row.signed_on,
    createdAt: iso(row.created_at),
    updatedAt: iso(row.updated_at),
  };
}

export function deliverablesOf(row: SowVersionRow): SowDeliverableSnapshot[] {
  const value: unknown =
    typeof row.deliverables === "string" ? JSON.parse(row.deliverables) : row.deliverables;
  return Array.isArray(value) ? (value as SowDeliverableSnapshot[]) : [];
}

export function entryView(row: SowEntryRow): SowScheduleEntry {
  return {
    id: row.id,
    position: row.position,
    label: row.label,
    dueOn: row.due_on,
    milestone: row.milestone,
    amountMinor: toInt(row.amount_minor),
    percentBp: row.percent_bp,
    invoice:
      row.invoice_id !== null && row.invoice_number !== null && row.invoice_status !== null
        ? {
            id: row.invoice_id,
            displayNumber: formatInvoiceNumber(row.invoice_number),
            status: row.invoice_status,
            totalMinor: toInt(row.invoice_total_minor),
          }
        : null,
  };
}

export function versionSummaryView(row: SowVersionRow): SowVersionSummary {
  return {
    version: row.version,
    status: row.status,
    feeMinor: toInt(row.fee_minor),
    reason: row.reason,
    createdBy: person(row.created_by, row.created_by_name),
    createdAt: iso(row.created_at),
    sentAt: isoOrNull(row.sent_at),
    signedOn: row.signed_on,
  };
}

/** The actions a screen offers now on the current version. */
function allowedActions(row: SowDetailRow, entries: readonly SowEntryRow[]): SowDetail["allowedActions"] {
  const actions: SowDetail["allowedActions"] = [];
  if (sowEditable(row.status)) actions.push("edit", "refresh_deliverables");
  if (sowTransition(row.status, "send").ok) actions.push("send");
  if (sowTransition(row.status, "sign").ok) actions.push("sign");
  if (sowTransition(row.status, "new_version").ok) actions.push("new_version");
  const open = entries.some(
    (e) =>
      proposeInvoiceRefusal({
        status: row.status,
        hasBudget: row.budget_id !== null,
        invoicedAs: paymentInvoiced(e.invoice_status) ? e.invoice_id : null,
      }) === null,
  );
  if (open) actions.push("propose_invoice");
  return actions;
}

/**
 * A SOW with its versions and the content of `shown` (the current version unless another is
 * asked for); `currentEntries` decide which actions are allowed.
 */
export function detailView(
  row: SowDetailRow,
  versions: readonly SowVersionRow[],
  shown: SowVersionRow,
  entryRows: readonly SowEntryRow[],
  currentEntries: readonly SowEntryRow[],
  urls: ReadonlyMap<string, string> = new Map(),
): SowDetail {
  const schedule = entryRows.map(entryView);
  return {
    ...listItemView(row),
    client: {
      id: row.client_id,
      name: row.client_name,
      contactName: row.client_contact_name,
      email: row.client_email,
      address: row.client_address,
    },
    shownVersion: shown.version,
    shownStatus: shown.status,
    scope: shown.scope,
    terms: shown.terms,
    shownFeeMinor: toInt(shown.fee_minor),
    deliverables: deliverablesOf(shown).map((d) => ({ ...d, url: urls.get(d.taskId) ?? null })),
    deliverablesReadAt: isoOrNull(shown.deliverables_read_at),
    schedule,
    scheduleTotalMinor: schedule.reduce((s, e) => s + e.amountMinor, 0),
    versions: versions.map(versionSummaryView),
    allowedActions: allowedActions(row, currentEntries),
    createdBy: person(row.created_by, row.created_by_name),
    sentBy: person(row.sent_by, row.sent_by_name),
    sentTo: row.sent_to,
    signedByName: row.signed_by_name,
    signedRecordedBy: person(row.signed_by, row.signed_by_user_name),
    rowVersion: row.row_version,
  };
}

/** What the finance audit keeps of a SOW (its current version's content). */
export function sowAudit(s: SowDetail) {
  return {
    number: s.displayNumber,
    title: s.title,
    status: s.status,
    version: s.version,
    projectId: s.projectId,
    clientId: s.clientId,
    budgetId: s.budgetId,
    currency: s.currency,
    feeMinor: s.shownFeeMinor,
    scope: s.scope,
    terms: s.terms,
    deliverables: s.deliverables.filter((d) => d.included).map((d) => d.taskId),
    schedule: s.schedule.map((e) => ({
      label: e.label,
      dueOn: e.dueOn,
      milestone: e.milestone,
      amountMinor: e.amountMinor,
      percentBp: e.percentBp,
      invoiceId: e.invoice?.id ?? null,
    })),
  };
}
