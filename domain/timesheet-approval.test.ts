import { describe, expect, it } from "vitest";
import {
  isRepeatOf,
  ownWeekActions,
  reviewerWeekActions,
  TIMESHEET_COMMENT_MAX,
  TIMESHEET_OWN_WEEK_MESSAGE,
  TIMESHEET_WEEK_ACTIONS,
  TIMESHEET_WEEK_LOCKED_MESSAGE,
  TIMESHEET_WEEK_STATUSES,
  TIMESHEET_WEEK_SUBMITTED_MESSAGE,
  timesheetCommentRefusal,
  timesheetWeekActor,
  timesheetWeekEditRefusal,
  timesheetWeekTransition,
  type TimesheetWeekAction,
  type TimesheetWeekStatus,
} from "./timesheet-approval";

describe("timesheet week lifecycle", () => {
  const legal: [TimesheetWeekStatus, TimesheetWeekAction, TimesheetWeekStatus][] = [
    ["open", "submit", "submitted"],
    ["submitted", "withdraw", "open"],
    ["submitted", "approve", "approved"],
    ["submitted", "reject", "rejected"],
    ["approved", "reopen", "open"],
    ["rejected", "submit", "submitted"],
  ];

  it("allows exactly the transitions of the table, naming the reason otherwise", () => {
    for (const status of TIMESHEET_WEEK_STATUSES)
      for (const action of TIMESHEET_WEEK_ACTIONS) {
        const expected = legal.find(([from, a]) => from === status && a === action);
        const result = timesheetWeekTransition(status, action);
        if (expected) expect(result, `${status} ${action}`).toEqual({ ok: true, to: expected[2] });
        else {
          expect(result.ok, `${status} ${action}`).toBe(false);
          if (!result.ok) expect(result.reason).toMatch(/^This week cannot be \w+ while .+\.$/);
        }
      }
    expect(timesheetWeekTransition("approved", "submit")).toEqual({
      ok: false,
      reason: "This week cannot be submitted while it is approved and locked.",
    });
  });

  it("recognises a repeat: the status an action leads to", () => {
    expect(isRepeatOf("approve", "approved")).toBe(true);
    expect(isRepeatOf("submit", "submitted")).toBe(true);
    expect(isRepeatOf("reject", "rejected")).toBe(true);
    expect(isRepeatOf("withdraw", "open")).toBe(true);
    expect(isRepeatOf("reopen", "open")).toBe(true);
    expect(isRepeatOf("approve", "submitted")).toBe(false);
    expect(isRepeatOf("submit", "approved")).toBe(false);
    expect(isRepeatOf("reject", "open")).toBe(false);
  });

  it("lets the person submit and withdraw, and reviewers decide anyone's week but their own", () => {
    for (const action of TIMESHEET_WEEK_ACTIONS)
      for (const isAdmin of [true, false])
        for (const ownWeek of [true, false]) {
          const own = action === "submit" || action === "withdraw";
          const allowed = own ? ownWeek : isAdmin && !ownWeek;
          expect(timesheetWeekActor(action, { isAdmin, ownWeek }).ok, `${action} ${isAdmin} ${ownWeek}`).toBe(
            allowed,
          );
        }
    expect(timesheetWeekActor("approve", { isAdmin: true, ownWeek: true })).toEqual({
      ok: false,
      reason: TIMESHEET_OWN_WEEK_MESSAGE,
    });
  });

  it("offers the person's and the reviewer's buttons by status", () => {
    expect(TIMESHEET_WEEK_STATUSES.map(ownWeekActions)).toEqual([["submit"], ["withdraw"], [], ["submit"]]);
    expect(TIMESHEET_WEEK_STATUSES.map(reviewerWeekActions)).toEqual([
      [],
      ["approve", "reject"],
      ["reopen"],
      [],
    ]);
  });

  it("locks the hours of a submitted or approved week with the exact message", () => {
    expect(timesheetWeekEditRefusal("open")).toBeNull();
    expect(timesheetWeekEditRefusal("rejected")).toBeNull();
    expect(timesheetWeekEditRefusal("submitted")).toBe(TIMESHEET_WEEK_SUBMITTED_MESSAGE);
    expect(timesheetWeekEditRefusal("approved")).toBe("This week is approved and locked");
    expect(TIMESHEET_WEEK_LOCKED_MESSAGE).toBe("This week is approved and locked");
  });

  it("needs a comment to reject, and keeps every comment within the limit", () => {
    expect(timesheetCommentRefusal("reject", undefined)).toMatch(/needs a comment/);
    expect(timesheetCommentRefusal("reject", "   ")).toMatch(/needs a comment/);
    expect(timesheetCommentRefusal("reject", "Split Friday")).toBeNull();
    expect(timesheetCommentRefusal("approve", undefined)).toBeNull();
    expect(timesheetCommentRefusal("reopen", "x".repeat(TIMESHEET_COMMENT_MAX))).toBeNull();
    expect(timesheetCommentRefusal("reopen", "x".repeat(TIMESHEET_COMMENT_MAX + 1))).toBe(
      `must be at most ${TIMESHEET_COMMENT_MAX} characters`,
    );
  });
});
