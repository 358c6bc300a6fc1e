import { z } from "zod";
import { sumMinorUnits, type MinorUnits } from "./money";
import type { AicpSectionLetter } from "./aicp";

/*
 * The budget lifecycle (PRODUCT.md → Budgets, Conventions → Lifecycles) as a transition table,
 * and the change-order diff.
 *
 * A budget is a chain of revisions. Revision 0 is the original bid; each change order is a
 * numbered revision (1, 2, …) made from the approved (working) revision.
 *
 *   draft ──submit──▶ submitted ──approve──▶ approved ──close──▶ closed
 *     ▲                  │                      │
 *     └──────return──────┘                      └─change_order─▶ (a new draft revision n+1)
 *
 * Only a draft revision's lines can be edited. Approving a change order makes it the working
 * revision and the one it replaced `superseded`. Closing closes the working revision; a closed
 * budget takes no further action, and neither does a superseded revision.
 */

export const BUDGET_STATUSES = ["draft", "submitted", "approved", "superseded", "closed"] as const;
export type BudgetStatus = (typeof BUDGET_STATUSES)[number];
export const budgetStatusSchema = z.enum(BUDGET_STATUSES);

export const BUDGET_ACTIONS = ["submit", "return", "approve", "change_order", "close"] as const;
export type BudgetAction = (typeof BUDGET_ACTIONS)[number];
export const budgetActionSchema = z.enum(BUDGET_ACTIONS);

/** From each status, the actions allowed and the status each leads to (for the revision acted on). */
export const BUDGET_TRANSITIONS: Readonly<Record<BudgetStatus, Partial<Record<BudgetAction, BudgetStatus>>>> =
  {
    draft: { submit: "submitted" },
    submitted: { approve: "approved", return: "draft" },
    // A change order leaves the approved revision approved (still the working one) until the new
    // revision is approved; close ends the budget.
    approved: { change_order: "approved", close: "closed" },
    superseded: {},
    closed: {},
  };

const ACTION_WORDS: Record<BudgetAction, string> = {
  submit: "submitted",
  return: "returned to draft",
  approve: "approved",
  change_order: "given a change order",
  close: "closed",
};

const STATUS_WHY: Record<BudgetStatus, string> = {
  draft: "it is a draft: submit it first",
  submitted: "it is waiting for approval",
  approved: "it is approved and locked: open a change order to change it",
  superseded: "a later change order replaced it",
  closed: "the budget is closed",
};

export type TransitionResult = { ok: true; to: BudgetStatus } | { ok: false; reason: string };

/** The status `action` leads to from `from`, or why it is refused (a 409 names the reason). */
export function budgetTransition(from: BudgetStatus, action: BudgetAction): TransitionResult {
  const to = BUDGET_TRANSITIONS[from][action];
  if (to) return { ok: true, to };
  return { ok: false, reason: `A budget cannot be ${ACTION_WORDS[action]} while ${STATUS_WHY[from]}.` };
}

/** The actions offered from `status` (the buttons a screen shows). */
export function allowedBudgetActions(status: BudgetStatus): BudgetAction[] {
  return BUDGET_ACTIONS.filter((a) => BUDGET_TRANSITIONS[status][a] !== undefined);
}

/** Whether lines of a revision in `status` may be added, changed or deleted. */
export function budgetLinesEditable(status: BudgetStatus): boolean {
  return status === "draft";
}

/** Why a line edit is refused in `status` (null when it is allowed). */
export function lineEditRefusal(status: BudgetStatus): string | null {
  return budgetLinesEditable(status) ? null : `Lines cannot be changed: ${STATUS_WHY[status]}.`;
}

/**
 * Whether the actual and the notes of a line may still be entered in `status`: the estimate is
 * locked from submission, but a job's actual cost is recorded as it runs — on the latest revision
 * while it is a draft, waiting for approval or the approved working budget; never once it is
 * superseded by a change order or the budget is closed.
 */
export function lineActualsEditable(status: BudgetStatus): boolean {
  return status === "draft" || status === "submitted" || status === "approved";
}

/** Why entering a line's actual is refused in `status` (null when it is allowed). */
export function lineActualRefusal(status: BudgetStatus): string | null {
  return lineActualsEditable(status) ? null : `Actuals cannot be entered: ${STATUS_WHY[status]}.`;
}

// ---------------------------------------------------------------------------------------------
// Change-order diff
// ---------------------------------------------------------------------------------------------

/** A line as the diff compares it. `key` stays the same across revisions (copied by a change order). */
export interface DiffLine {
  key: string;
  section: AicpSectionLetter;
  number: string;
  description: string;
  estimate: MinorUnits;
  notes: string;
}

export type LineChangeKind = "added" | "removed" | "changed";

export interface LineChange {
  kind: LineChangeKind;
  key: string;
  section: AicpSectionLetter;
  number: string;
  /** The line in the last approved revision (null when added). */
  before: DiffLine | null;
  /** The line in the change order (null when removed). */
  after: DiffLine | null;
  /** Fields that differ (for "changed"). */
  fields: (keyof Omit<DiffLine, "key">)[];
  /** after.estimate − before.estimate (a missing side counts 0). */
  estimateDelta: MinorUnits;
}

export interface ChangeOrderDiff {
  changes: LineChange[];
  /** Σ estimateDelta: the change in the sum of line estimates. */
  estimateDelta: MinorUnits;
}

const COMPARED: (keyof Omit<DiffLine, "key">)[] = ["section", "number", "description", "estimate", "notes"];

/**
 * Line by line, what a change order changes against the last approved revision: added, removed
 * and changed lines (unchanged ones are left out), in section then line-number order.
 */
export function changeOrderDiff(
  approved: readonly DiffLine[],
  changeOrder: readonly DiffLine[],
): ChangeOrderDiff {
  const before = new Map(approved.map((l) => [l.key, l]));
  const after = new Map(changeOrder.map((l) => [l.key, l]));
  const changes: LineChange[] = [];
  for (const [key, b] of before) {
    const a = after.get(key) ?? null;
    if (!a) {
      changes.push({
        kind: "removed",
        key,
        section: b.section,
        number: b.number,
        before: b,
        after: null,
        fields: [],
        estimateDelta: 0 - b.estimate,
      });
      continue;
    }
    const fields = COMPARED.filter((f) => a[f] !== b[f]);
    if (fields.length)
      changes.push({
        kind: "changed",
        key,
        section: a.section,
        number: a.number,
        before: b,
        after: a,
        fields,
        estimateDelta: sumMinorUnits([a.estimate, -b.estimate]),
      });
  }
  for (const [key, a] of after)
    if (!before.has(key))
      changes.push({
        kind: "added",
        key,
        section: a.section,
        number: a.number,
        before: null,
        after: a,
        fields: [],
        estimateDelta: a.estimate,
      });
  const collator = new Intl.Collator("en", { numeric: true });
  changes.sort(
    (x, y) =>
      x.section.localeCompare(y.section) ||
      collator.compare(x.number, y.number) ||
      x.key.localeCompare(y.key),
  );
  return { changes, estimateDelta: sumMinorUnits(changes.map((c) => c.estimateDelta)) };
}
