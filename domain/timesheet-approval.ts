import { z } from "zod";

/*
 * Timesheet approval (PRODUCT.md → Timesheet approval) as a transition table: who may do what to
 * one person's week, and what a week's status means for editing it.
 *
 *   open ──submit──▶ submitted ──approve──▶ approved (locked) ──reopen──▶ open
 *    ▲                │   │
 *    └───withdraw─────┘   └──reject──▶ rejected ──submit──▶ submitted
 *
 * A week without a row is open. The person submits and withdraws their own week; an owner or
 * admin approves, rejects (with a comment) or reopens it — never their own week. An approved week
 * is locked: its hours cannot change here, and a change made to it in ClickUp is flagged. A
 * submitted week waits: the person withdraws it to change it.
 */

export const TIMESHEET_WEEK_STATUSES = ["open", "submitted", "approved", "rejected"] as const;
export type TimesheetWeekStatus = (typeof TIMESHEET_WEEK_STATUSES)[number];
export const timesheetWeekStatusSchema = z.enum(TIMESHEET_WEEK_STATUSES);

export const TIMESHEET_WEEK_ACTIONS = ["submit", "withdraw", "approve", "reject", "reopen"] as const;
export type TimesheetWeekAction = (typeof TIMESHEET_WEEK_ACTIONS)[number];
export const timesheetWeekActionSchema = z.enum(TIMESHEET_WEEK_ACTIONS);

/** The actions of the week's own person; the others are a reviewer's (an owner or admin). */
export const OWN_WEEK_ACTIONS: readonly TimesheetWeekAction[] = ["submit", "withdraw"];

export const TIMESHEET_WEEK_TRANSITIONS: Readonly<
  Record<TimesheetWeekStatus, Partial<Record<TimesheetWeekAction, TimesheetWeekStatus>>>
> = {
  open: { submit: "submitted" },
  submitted: { withdraw: "open", approve: "approved", reject: "rejected" },
  approved: { reopen: "open" },
  rejected: { submit: "submitted" },
};

export const TIMESHEET_WEEK_STATUS_LABELS: Record<TimesheetWeekStatus, string> = {
  open: "Not submitted",
  submitted: "Submitted",
  approved: "Approved",
  rejected: "Rejected",
};

/** The answer (409) to an edit of an approved week, in the API and on screen. */
export const TIMESHEET_WEEK_LOCKED_MESSAGE = "This week is approved and locked";
/** The answer (409) to an edit of a week waiting for approval. */
export const TIMESHEET_WEEK_SUBMITTED_MESSAGE =
  "This week is submitted for approval: withdraw it to change it";
/** The answer (403) to a reviewer acting on their own week. */
export const TIMESHEET_OWN_WEEK_MESSAGE = "You cannot approve, reject or reopen your own week";

/** A reviewer's comment: required to reject, optional otherwise. */
export const TIMESHEET_COMMENT_MAX = 1000;

const ACTION_WORDS: Record<TimesheetWeekAction, string> = {
  submit: "submitted",
  withdraw: "withdrawn",
  approve: "approved",
  reject: "rejected",
  reopen: "reopened",
};

const STATUS_WHY: Record<TimesheetWeekStatus, string> = {
  open: "it has not been submitted",
  submitted: "it is waiting for approval",
  approved: "it is approved and locked",
  rejected: "it was rejected: the person submits it again",
};

export type TimesheetWeekTransition = { ok: true; to: TimesheetWeekStatus } | { ok: false; reason: string };

/** The status `action` leads to from `from`, or why it is refused (a 409 names the reason). */
export function timesheetWeekTransition(
  from: TimesheetWeekStatus,
  action: TimesheetWeekAction,
): TimesheetWeekTransition {
  const to = TIMESHEET_WEEK_TRANSITIONS[from][action];
  if (to) return { ok: true, to };
  return { ok: false, reason: `This week cannot be ${ACTION_WORDS[action]} while ${STATUS_WHY[from]}.` };
}

/**
 * Whether a repeat of `action` finds the week where that action left it (a retried request after
 * a lost answer): the caller answers with the week as it is instead of a 409.
 */
export function isRepeatOf(action: TimesheetWeekAction, status: TimesheetWeekStatus): boolean {
  return Object.values(TIMESHEET_WEEK_TRANSITIONS).some((t) => t[action] === status);
}

/**
 * Whether the caller may take `action` on a week: the person's own actions need the caller to be
 * that person; a reviewer's need an owner or admin who is not that person.
 */
export function timesheetWeekActor(
  action: TimesheetWeekAction,
  caller: { isAdmin: boolean; ownWeek: boolean },
): { ok: true } | { ok: false; reason: string } {
  if (OWN_WEEK_ACTIONS.includes(action)) {
    return caller.ownWeek
      ? { ok: true }
      : { ok: false, reason: "Only the person can submit or withdraw their week" };
  }
  if (!caller.isAdmin)
    return { ok: false, reason: "Only owners and admins can approve, reject or reopen a week" };
  if (caller.ownWeek) return { ok: false, reason: TIMESHEET_OWN_WEEK_MESSAGE };
  return { ok: true };
}

/** The actions the person offers on their own week (the timesheet's buttons). */
export function ownWeekActions(status: TimesheetWeekStatus): TimesheetWeekAction[] {
  return OWN_WEEK_ACTIONS.filter((a) => TIMESHEET_WEEK_TRANSITIONS[status][a] !== undefined);
}

/** The actions a reviewer offers on someone's week (the approval queue's buttons). */
export function reviewerWeekActions(status: TimesheetWeekStatus): TimesheetWeekAction[] {
  return TIMESHEET_WEEK_ACTIONS.filter(
    (a) => !OWN_WEEK_ACTIONS.includes(a) && TIMESHEET_WEEK_TRANSITIONS[status][a] !== undefined,
  );
}

/** Why the week's hours cannot be changed here in `status`, or null when they can. */
export function timesheetWeekEditRefusal(status: TimesheetWeekStatus): string | null {
  if (status === "approved") return TIMESHEET_WEEK_LOCKED_MESSAGE;
  if (status === "submitted") return TIMESHEET_WEEK_SUBMITTED_MESSAGE;
  return null;
}

/** The comment an action takes: required (1–1000 characters after trimming) to reject. */
export function timesheetCommentRefusal(
  action: TimesheetWeekAction,
  comment: string | null | undefined,
): string | null {
  const text = comment?.trim() ?? "";
  if (action === "reject" && text.length === 0) return "A rejection needs a comment saying what to change";
  if (text.length > TIMESHEET_COMMENT_MAX) return `must be at most ${TIMESHEET_COMMENT_MAX} characters`;
  return null;
}

/** What a ClickUp-side change to an entry of an approved week was. */
export const LOCKED_WEEK_CHANGES = ["added", "changed", "deleted"] as const;
export type LockedWeekChange = (typeof LOCKED_WEEK_CHANGES)[number];
export const lockedWeekChangeSchema = z.enum(LOCKED_WEEK_CHANGES);
