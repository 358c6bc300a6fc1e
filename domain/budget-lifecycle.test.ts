import { describe, expect, it } from "vitest";
import {
  allowedBudgetActions,
  BUDGET_ACTIONS,
  BUDGET_STATUSES,
  budgetLinesEditable,
  budgetTransition,
  changeOrderDiff,
  lineActualRefusal,
  lineActualsEditable,
  lineEditRefusal,
  type BudgetAction,
  type BudgetStatus,
  type DiffLine,
} from "./budget-lifecycle";

describe("budget lifecycle", () => {
  const legal: [BudgetStatus, BudgetAction, BudgetStatus][] = [
    ["draft", "submit", "submitted"],
    ["submitted", "approve", "approved"],
    ["submitted", "return", "draft"],
    ["approved", "change_order", "approved"],
    ["approved", "close", "closed"],
  ];

  it("allows exactly the transitions of the table", () => {
    for (const status of BUDGET_STATUSES)
      for (const action of BUDGET_ACTIONS) {
        const expected = legal.find(([from, a]) => from === status && a === action);
        const result = budgetTransition(status, action);
        if (expected) expect(result, `${status} ${action}`).toEqual({ ok: true, to: expected[2] });
        else expect(result.ok, `${status} ${action}`).toBe(false);
      }
  });

  it("says why an illegal transition is refused", () => {
    expect(budgetTransition("draft", "approve")).toEqual({
      ok: false,
      reason: "A budget cannot be approved while it is a draft: submit it first.",
    });
    expect(budgetTransition("approved", "submit")).toEqual({
      ok: false,
      reason:
        "A budget cannot be submitted while it is approved and locked: open a change order to change it.",
    });
    expect(budgetTransition("closed", "change_order")).toEqual({
      ok: false,
      reason: "A budget cannot be given a change order while the budget is closed.",
    });
    expect(budgetTransition("superseded", "close")).toMatchObject({ ok: false });
  });

  it("offers the actions of each status and lets only a draft's lines change", () => {
    expect(BUDGET_STATUSES.map((s) => [s, allowedBudgetActions(s)])).toEqual([
      ["draft", ["submit"]],
      ["submitted", ["return", "approve"]],
      ["approved", ["change_order", "close"]],
      ["superseded", []],
      ["closed", []],
    ]);
    expect(BUDGET_STATUSES.filter(budgetLinesEditable)).toEqual(["draft"]);
    expect(lineEditRefusal("draft")).toBeNull();
    expect(lineEditRefusal("approved")).toBe(
      "Lines cannot be changed: it is approved and locked: open a change order to change it.",
    );
  });

  it("keeps actuals open while the job runs: draft, waiting for approval and approved", () => {
    expect(BUDGET_STATUSES.filter(lineActualsEditable)).toEqual(["draft", "submitted", "approved"]);
    expect(lineActualRefusal("approved")).toBeNull();
    expect(lineActualRefusal("superseded")).toBe(
      "Actuals cannot be entered: a later change order replaced it.",
    );
    expect(lineActualRefusal("closed")).toBe("Actuals cannot be entered: the budget is closed.");
  });
});

describe("changeOrderDiff", () => {
  const l = (key: string, patch: Partial<DiffLine> = {}): DiffLine => ({
    key,
    section: "B",
    number: key.replace(/\D/g, ""),
    description: `Line ${key}`,
    estimate: 1000,
    notes: "",
    ...patch,
  });

  it("lists added, removed and changed lines against the last approved, unchanged ones left out", () => {
    const approved = [l("k1"), l("k2", { estimate: 5000 }), l("k3", { section: "A" }), l("k10")];
    const changeOrder = [
      l("k1"),
      l("k2", { estimate: 7500, notes: "Second shoot day" }),
      l("k10", { description: "Gaffer (2 days)" }),
      l("k4", { section: "D", estimate: 2500 }),
    ];
    const diff = changeOrderDiff(approved, changeOrder);
    expect(diff.changes.map((c) => [c.kind, c.section, c.number, c.fields, c.estimateDelta])).toEqual([
      ["removed", "A", "3", [], -1000],
      ["changed", "B", "2", ["estimate", "notes"], 2500],
      ["changed", "B", "10", ["description"], 0],
      ["added", "D", "4", [], 2500],
    ]);
    expect(diff.estimateDelta).toBe(4000);
    expect(diff.changes[1]).toMatchObject({ before: { estimate: 5000 }, after: { estimate: 7500 } });
  });

  it("is empty for an unchanged copy and counts a removed zero line as 0", () => {
    const lines = [l("k1"), l("k2")];
    expect(
      changeOrderDiff(
        lines,
        lines.map((x) => ({ ...x })),
      ),
    ).toEqual({ changes: [], estimateDelta: 0 });
    const removed = changeOrderDiff([l("k1", { estimate: 0 })], []);
    expect(removed.changes[0]!.estimateDelta).toBe(0);
    expect(Object.is(removed.estimateDelta, 0)).toBe(true);
  });
});
