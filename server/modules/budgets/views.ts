import {
  aicpForm,
  computeBudget,
  type AicpFormVersion,
  type AicpSectionLetter,
  type BudgetRates,
  type BudgetTotals,
} from "@domain/aicp";
import type { DiffLine } from "@domain/budget-lifecycle";
import type { BudgetLineView } from "./contract";
import type { LineRow, RevisionRow, SectionSumRow } from "./repo";

/* Row → contract mapping of budgets (bigint and numeric columns arrive as text on node-postgres). */

export const toInt = (value: string | number): number => Number(value);
export const iso = (value: Date | string): string =>
  (value instanceof Date ? value : new Date(value)).toISOString();
const isoOrNull = (value: Date | string | null): string | null => (value === null ? null : iso(value));

/** The form a budget pinned (a stored id is always one of AICP_FORM_VERSIONS). */
export function formOf(formId: string): AicpFormVersion {
  const form = aicpForm(formId);
  if (!form) throw new Error(`Budget on unknown form ${formId}`);
  return form;
}

export function lineView(row: LineRow): BudgetLineView {
  return {
    id: row.id,
    key: row.key,
    revisionNumber: row.revision_number,
    section: row.section as AicpSectionLetter,
    number: row.number,
    description: row.description,
    quantityHundredths: toInt(row.quantity_hundredths),
    rateMinor: toInt(row.rate_minor),
    otHoursHundredths: toInt(row.ot_hours_hundredths),
    otRateMinor: toInt(row.ot_rate_minor),
    estimateMinor: toInt(row.estimate_minor),
    actualMinor: toInt(row.actual_minor),
    notes: row.notes,
    position: row.position,
    version: row.version,
    updatedAt: iso(row.updated_at),
  };
}

/** What the finance audit keeps of a line. */
export function lineAudit(row: LineRow) {
  const { id: _id, updatedAt: _updatedAt, ...rest } = lineView(row);
  return rest;
}

export function lineDiffView(row: LineRow): DiffLine {
  return {
    key: row.key,
    section: row.section as AicpSectionLetter,
    number: row.number,
    description: row.description,
    estimate: toInt(row.estimate_minor),
    notes: row.notes,
  };
}

export function ratesOf(row: RevisionRow): Required<BudgetRates> {
  const bySection =
    typeof row.pw_bp_by_section === "string"
      ? (JSON.parse(row.pw_bp_by_section) as Record<string, number>)
      : row.pw_bp_by_section;
  return {
    pwBp: row.pw_bp,
    pwBpBySection: bySection as Partial<Record<AicpSectionLetter, number>>,
    insuranceBp: row.insurance_bp,
    feeBp: row.fee_bp,
    contingencyBp: row.contingency_bp,
    weatherDay: toInt(row.weather_day_minor),
  };
}

export function revisionSummary(row: RevisionRow) {
  return {
    number: row.number,
    status: row.status,
    version: row.version,
    grandTotalMinor: toInt(row.grand_total_minor),
    submittedAt: isoOrNull(row.submitted_at),
    approvedAt: isoOrNull(row.approved_at),
    closedAt: isoOrNull(row.closed_at),
  };
}

/** The estimate and actual columns of a revision from its per-section sums. */
export function totalsOf(
  form: AicpFormVersion,
  sums: readonly SectionSumRow[],
  rates: BudgetRates,
): { estimate: BudgetTotals; actual: BudgetTotals } {
  const column = (pick: (row: SectionSumRow) => string | number) =>
    computeBudget(
      form,
      sums.map((s) => ({ section: s.section as AicpSectionLetter, amount: toInt(pick(s)) })),
      rates,
    );
  return { estimate: column((s) => s.estimate), actual: column((s) => s.actual) };
}
