import {
  aicpForm,
  clientActual,
  computeBudget,
  forecastAtCompletion,
  variance,
  type BidType,
  type AicpFormVersion,
  type AicpSectionLetter,
  type BudgetRates,
  type BudgetTotals,
} from "@domain/aicp";
import type { DiffLine } from "@domain/budget-lifecycle";
import type { BudgetDetail, BudgetLineView } from "./contract";
import type { LabourSumRow } from "./labour-repo";
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

/** What purchase orders and vendor bills put on a line (by its key): committed and billed cost. */
export interface LineCosts {
  committedMinor: number;
  billedMinor: number;
}

const NO_COSTS: LineCosts = { committedMinor: 0, billedMinor: 0 };

/** The costs of each line key from committedByLineKey's and actualByLineKey's rows. */
export function lineCostsOf(
  committed: readonly { line_key: string; committed_minor: number }[],
  billed: readonly { line_key: string; actual_minor: number }[],
): (key: string) => LineCosts {
  const committedByKey = new Map(committed.map((c) => [c.line_key, c.committed_minor]));
  const billedByKey = new Map(billed.map((b) => [b.line_key, b.actual_minor]));
  return (key) => ({ committedMinor: committedByKey.get(key) ?? 0, billedMinor: billedByKey.get(key) ?? 0 });
}

/**
 * A line with its committed cost (the unbilled amount of its open purchase orders) and its
 * billed cost (approved and paid vendor bills), which counts in its actual with what was typed.
 */
export function lineView(row: LineRow, costs: LineCosts = NO_COSTS): BudgetLineView {
  const columns = {
    estimate: toInt(row.estimate_minor),
    committed: costs.committedMinor,
    actual: toInt(row.actual_minor) + costs.billedMinor,
  };
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
    billedMinor: costs.billedMinor,
    committedMinor: columns.committed,
    varianceMinor: variance(columns),
    forecastMinor: forecastAtCompletion(columns),
    notes: row.notes,
    position: row.position,
    version: row.version,
    updatedAt: iso(row.updated_at),
  };
}

/** What the finance audit keeps of a line. */
export function lineAudit(row: LineRow) {
  const {
    id: _id,
    updatedAt: _updatedAt,
    committedMinor: _committed,
    billedMinor: _billed,
    varianceMinor: _variance,
    forecastMinor: _forecast,
    ...rest
  } = lineView(row);
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

type Columns = BudgetDetail["totals"];

/**
 * The columns of a revision from its per-section sums, the budget's labour per section, its
 * committed cost per section (open purchase orders' unbilled amounts) and its billed cost per
 * section (approved and paid vendor bills):
 * estimate; committed; actual = the lines' typed actuals + bills + labour; and
 * forecast at completion per section (domain forecastAtCompletion of the section's sums), each
 * carried through computeBudget (P&W on labour sections, insurance, fee).
 */
export function totalsOf(
  form: AicpFormVersion,
  sums: readonly SectionSumRow[],
  rates: BudgetRates,
  labour: readonly Pick<LabourSumRow, "section" | "amount">[] = [],
  committedRows: readonly { section: string; committed_minor: number }[] = [],
  billedRows: readonly { section: string; actual_minor: number }[] = [],
): Columns {
  const letters = new Set<string>([
    ...sums.map((s) => s.section),
    ...labour.map((l) => l.section),
    ...committedRows.map((c) => c.section),
    ...billedRows.map((b) => b.section),
  ]);
  const perSection = [...letters].map((section) => {
    const sum = sums.find((s) => s.section === section);
    const labourAmount = labour
      .filter((l) => l.section === section)
      .reduce((total, l) => total + toInt(l.amount), 0);
    const estimate = sum ? toInt(sum.estimate) : 0;
    const billed = billedRows
      .filter((b) => b.section === section)
      .reduce((total, b) => total + b.actual_minor, 0);
    const actual = (sum ? toInt(sum.actual) : 0) + labourAmount + billed;
    const committed = committedRows
      .filter((c) => c.section === section)
      .reduce((total, c) => total + c.committed_minor, 0);
    return {
      section: section as AicpSectionLetter,
      estimate,
      committed,
      actual,
      forecast: forecastAtCompletion({ estimate, committed, actual }),
    };
  });
  const column = (pick: (row: (typeof perSection)[number]) => number): BudgetTotals =>
    computeBudget(
      form,
      perSection.map((s) => ({ section: s.section, amount: pick(s) })),
      rates,
    );
  return {
    estimate: column((s) => s.estimate),
    committed: column((s) => s.committed),
    actual: column((s) => s.actual),
    forecast: column((s) => s.forecast),
  };
}

/** The grand totals of the columns (BudgetDetail.figures). */
export function figuresOf(bidType: BidType, totals: Columns, invoicedMinor: number): BudgetDetail["figures"] {
  return {
    estimateMinor: totals.estimate.grandTotal,
    committedMinor: totals.committed.grandTotal,
    actualMinor: totals.actual.grandTotal,
    clientActualMinor: clientActual(bidType, totals.estimate, totals.actual),
    invoicedMinor,
    varianceMinor: totals.estimate.grandTotal - totals.actual.grandTotal,
    forecastMinor: totals.forecast.grandTotal,
  };
}

/** The budget's labour settings and its labour sums per section (BudgetDetail.labour). */
export function labourView(
  budget: { labour_mapping: { tag: string; section: string }[] | string; labour_default_section: string },
  sums: readonly LabourSumRow[],
): BudgetDetail["labour"] {
  const mapping =
    typeof budget.labour_mapping === "string"
      ? (JSON.parse(budget.labour_mapping) as { tag: string; section: string }[])
      : budget.labour_mapping;
  const sections = sums.map((row) => ({
    section: row.section as AicpSectionLetter,
    minutes: Math.round(toInt(row.ms) / 60_000),
    unpricedMinutes: Math.round(toInt(row.unpriced_ms) / 60_000),
    amountMinor: toInt(row.amount),
    entries: toInt(row.entries),
  }));
  const totalMs = sums.reduce((t, r) => t + toInt(r.ms), 0);
  const unpricedMs = sums.reduce((t, r) => t + toInt(r.unpriced_ms), 0);
  return {
    mapping: mapping.map((m) => ({ tag: m.tag, section: m.section as AicpSectionLetter })),
    defaultSection: budget.labour_default_section as AicpSectionLetter,
    sections,
    minutes: Math.round(totalMs / 60_000),
    unpricedMinutes: Math.round(unpricedMs / 60_000),
    amountMinor: sections.reduce((t, s) => t + s.amountMinor, 0),
  };
}
