import { selectDatasetData, type DatasetSource } from "./datasets";
import { divideRoundHalfEven } from "./money";

/*
 * The Accrual report's rules (issue 16 point 2; PRODUCT.md → Reports → Accrual; spec §3 "Sample
 * project data", §4 dataset selection). Pure, no I/O, integers only: durations in ms, money in
 * minor units, the elapsed share an exact rational.
 */

/** An exact share num/den with 0 ≤ num ≤ den and den ≥ 1. */
export interface Share {
  num: number;
  den: number;
}

const DAY_MS = 86_400_000;

function dayNumber(iso: string): number {
  return Math.round(Date.parse(`${iso}T00:00:00Z`) / DAY_MS);
}

/**
 * The elapsed share of a project's schedule on the report date, clamped 0–1. The schedule runs
 * from the start day to the due day inclusive: before the start 0, on the start day 1/days, on or
 * after the due day 1. A project with a due day only counts as a one-day schedule on that day; a
 * due day before the start counts as done from the start. Without a due day there is nothing to
 * accrue against: null.
 */
export function elapsedShare(
  schedule: { start: string | null; due: string | null },
  reportDate: string,
): Share | null {
  if (schedule.due === null) return null;
  const due = dayNumber(schedule.due);
  const start = schedule.start === null ? due : dayNumber(schedule.start);
  const today = dayNumber(reportDate);
  if (today < start) return { num: 0, den: 1 };
  if (today >= due) return { num: 1, den: 1 };
  return { num: today - start + 1, den: due - start + 1 };
}

/** A share in basis points, rounded half-even (for display; figures use the exact share). */
export function shareBp(share: Share): number {
  return Number(divideRoundHalfEven(BigInt(share.num) * 10_000n, BigInt(share.den)));
}

/** amount × share, rounded half-even (an integer: ms or minor units). */
export function accrue(amount: number, share: Share): number {
  return Number(divideRoundHalfEven(BigInt(amount) * BigInt(share.num), BigInt(share.den)));
}

/** accrue with nulls kept: no amount (unpriced) or no share (no schedule) → null. */
export function accrueOrNull(amount: number | null, share: Share | null): number | null {
  return amount === null || share === null ? null : accrue(amount, share);
}

/** Variance to accrued: actual − accrued (null when either is). */
export function varianceToAccrued(actual: number | null, accrued: number | null): number | null {
  return actual === null || accrued === null ? null : actual - accrued;
}

// ---------------------------------------------------------------------------------------------
// The report's figures (spec §3 "Sample project data"), the shape a saved dataset holds
// ---------------------------------------------------------------------------------------------

export interface AccrualAssigneeFigures {
  /** ClickUp user id; "" for unassigned work. */
  assigneeId: string;
  /** spec §8 fallback: username, e-mail, then 'User {id}'; "Unassigned" for "". */
  assigneeName: string;
  tags: string[];
  estimatedMs: number;
  estimatedRevenue: number | null;
  actualMs: number;
  actualRevenue: number | null;
  accruedEstimatedMs: number | null;
  accruedEstimatedRevenue: number | null;
  timeVarianceMs: number | null;
  revenueVariance: number | null;
}

export interface AccrualProjectFigures {
  /** ClickUp folder id (a sample's id starts with "sample-"). */
  projectId: string;
  name: string;
  client: string | null;
  /** A built-in sample project (placeholder figures), not the workspace's. */
  sample: boolean;
  jobCode: string;
  /** The project's budget page (/finance/budgets/{id}) when it has a budget, else null. */
  budgetURL: string | null;
  projectStart: string | null;
  projectDue: string | null;
  /** Elapsed share of the schedule on the report date in basis points; null without a due day. */
  elapsedBp: number | null;
  totalEstimatedMs: number;
  totalActualMs: number;
  totalEstimatedRevenue: number | null;
  totalActualRevenue: number | null;
  totalAccruedEstimatedMs: number | null;
  totalAccruedEstimatedRevenue: number | null;
  timeVarianceToAccruedMs: number | null;
  revenueVarianceToAccrued: number | null;
  assigneeBreakdown: AccrualAssigneeFigures[];
}

/** Accrued figures and variances of one row from its estimate, actuals and the project's share. */
export function accrualFigures(
  figures: {
    estimatedMs: number;
    estimatedRevenue: number | null;
    actualMs: number;
    actualRevenue: number | null;
  },
  share: Share | null,
): {
  accruedEstimatedMs: number | null;
  accruedEstimatedRevenue: number | null;
  timeVarianceMs: number | null;
  revenueVariance: number | null;
} {
  const accruedEstimatedMs = accrueOrNull(figures.estimatedMs, share);
  const accruedEstimatedRevenue = accrueOrNull(figures.estimatedRevenue, share);
  return {
    accruedEstimatedMs,
    accruedEstimatedRevenue,
    timeVarianceMs: varianceToAccrued(figures.actualMs, accruedEstimatedMs),
    revenueVariance: varianceToAccrued(figures.actualRevenue, accruedEstimatedRevenue),
  };
}

const H = 3_600_000;

interface SampleAssignee {
  name: string;
  tags: string[];
  estimatedHours: number;
  actualHours: number;
  rateMinor: number;
}

function sampleProject(
  n: number,
  name: string,
  client: string,
  start: string,
  due: string,
  people: SampleAssignee[],
  reportDate: string,
): AccrualProjectFigures {
  const share = elapsedShare({ start, due }, reportDate);
  const assigneeBreakdown = people.map((p, i): AccrualAssigneeFigures => {
    const base = {
      estimatedMs: p.estimatedHours * H,
      estimatedRevenue: p.estimatedHours * p.rateMinor,
      actualMs: p.actualHours * H,
      actualRevenue: p.actualHours * p.rateMinor,
    };
    return {
      assigneeId: `sample-${n}-${i + 1}`,
      assigneeName: p.name,
      tags: p.tags,
      ...base,
      ...accrualFigures(base, share),
    };
  });
  const sum = (pick: (a: AccrualAssigneeFigures) => number | null) =>
    assigneeBreakdown.reduce((t, a) => t + (pick(a) ?? 0), 0);
  const totals = {
    estimatedMs: sum((a) => a.estimatedMs),
    estimatedRevenue: sum((a) => a.estimatedRevenue),
    actualMs: sum((a) => a.actualMs),
    actualRevenue: sum((a) => a.actualRevenue),
  };
  const accrued = accrualFigures(totals, share);
  return {
    projectId: `sample-${n}`,
    name,
    client,
    sample: true,
    jobCode: `SAMPLE-00${n}`,
    budgetURL: null,
    projectStart: start,
    projectDue: due,
    elapsedBp: share === null ? null : shareBp(share),
    totalEstimatedMs: totals.estimatedMs,
    totalActualMs: totals.actualMs,
    totalEstimatedRevenue: totals.estimatedRevenue,
    totalActualRevenue: totals.actualRevenue,
    totalAccruedEstimatedMs: accrued.accruedEstimatedMs,
    totalAccruedEstimatedRevenue: accrued.accruedEstimatedRevenue,
    timeVarianceToAccruedMs: accrued.timeVarianceMs,
    revenueVarianceToAccrued: accrued.revenueVariance,
    assigneeBreakdown,
  };
}

/**
 * The three built-in sample projects (spec §3: "their figures are placeholders"), marked
 * `sample`, shown when the workspace has no synced projects and no saved dataset. Their schedules
 * sit around the report date so the accrued share reads naturally on any day.
 */
export function sampleAccrualProjects(reportDate: string): AccrualProjectFigures[] {
  const shift = (days: number) =>
    new Date(Date.parse(`${reportDate}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
  return [
    sampleProject(
      1,
      "Sample: Spring campaign",
      "Sample client",
      shift(-30),
      shift(30),
      [
        {
          name: "Sample producer",
          tags: ["Producer"],
          estimatedHours: 40,
          actualHours: 22,
          rateMinor: 15_000,
        },
        { name: "Sample editor", tags: ["Editor"], estimatedHours: 60, actualHours: 28, rateMinor: 12_000 },
      ],
      reportDate,
    ),
    sampleProject(
      2,
      "Sample: Product launch film",
      "Sample client",
      shift(-60),
      shift(-5),
      [
        {
          name: "Sample director",
          tags: ["Director"],
          estimatedHours: 30,
          actualHours: 34,
          rateMinor: 20_000,
        },
        { name: "Sample editor", tags: ["Editor"], estimatedHours: 50, actualHours: 47, rateMinor: 12_000 },
      ],
      reportDate,
    ),
    sampleProject(
      3,
      "Sample: Brand refresh",
      "Another sample client",
      shift(10),
      shift(70),
      [
        {
          name: "Sample designer",
          tags: ["Designer"],
          estimatedHours: 80,
          actualHours: 0,
          rateMinor: 11_000,
        },
      ],
      reportDate,
    ),
  ];
}

export type AccrualSource = "live" | DatasetSource;

/**
 * What the Accrual page shows (spec §4 with issue 16): an opened dataset of the workspace → its
 * projects; else the live figures when the workspace has synced projects (live is the default and
 * always one click away); else the §4 rule without an active dataset: the first saved dataset
 * (callers pass them newest first), else the built-in samples.
 */
export function chooseAccrualView(input: {
  datasets: readonly { id: string }[];
  activeId: string | null;
  hasSyncedProjects: boolean;
}): { source: AccrualSource; datasetId: string | null } {
  const datasets = input.datasets.map((d) => ({ id: d.id, name: "", data: null }));
  const known = input.activeId !== null && datasets.some((d) => d.id === input.activeId);
  if (!known && input.hasSyncedProjects) return { source: "live", datasetId: null };
  const chosen = selectDatasetData(datasets, known ? input.activeId : null, null);
  return { source: chosen.source, datasetId: chosen.datasetId };
}
