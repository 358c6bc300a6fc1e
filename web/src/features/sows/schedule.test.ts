import { describe, expect, it } from "vitest";
import { checkSchedule, emptyScheduleRow, scheduleRows, type ScheduleRow } from "./schedule";

const row = (patch: Partial<ScheduleRow>): ScheduleRow => ({
  ...emptyScheduleRow(),
  label: "Payment",
  ...patch,
});

describe("the schedule as typed", () => {
  it("reads amounts and percentages exactly and splits the fee by the largest remainder", () => {
    const check = checkSchedule(
      [
        row({ label: "Deposit", by: "percent", percent: "33.33" }),
        row({ label: "Middle", by: "percent", percent: "33.33" }),
        row({ label: "Balance", by: "amount", amount: "333.40", when: "milestone", milestone: " Delivery " }),
      ],
      100_000,
      "USD",
    );
    expect(check.rowErrors).toEqual({});
    expect(check.entries).toEqual([
      { label: "Deposit", dueOn: null, milestone: "", amountMinor: null, percentBp: 3333 },
      { label: "Middle", dueOn: null, milestone: "", amountMinor: null, percentBp: 3333 },
      { label: "Balance", dueOn: null, milestone: "Delivery", amountMinor: 33_340, percentBp: null },
    ]);
    expect(check.result).toEqual({ ok: true, amounts: [33_330, 33_330, 33_340] });
  });

  it("says by how much a schedule misses the fee", () => {
    const check = checkSchedule(
      [row({ by: "percent", percent: "25" }), row({ by: "amount", amount: "700" })],
      100_000,
      "USD",
    );
    expect(check.result).toEqual({
      ok: false,
      issues: [{ field: "", message: "must add up to the fee ($1,000.00): the payments come to $950.00" }],
    });
  });

  it("names what is wrong in a row and checks nothing else until it is fixed", () => {
    const check = checkSchedule(
      [
        row({ label: " ", by: "amount", amount: "10" }),
        row({ by: "amount", amount: "1.005" }),
        row({ by: "amount", amount: "0" }),
        row({ by: "percent", percent: "120" }),
        row({ by: "amount", amount: "" }),
      ],
      100_000,
      "USD",
    );
    expect(check.rowErrors).toEqual({
      0: "give the payment a label",
      1: "must be an amount in USD",
      2: "must be greater than 0",
      3: "enter a percentage above 0 and at most 100",
      4: "enter an amount",
    });
    expect(check.result).toBeNull();
  });

  it("keeps a saved entry's id, timing and invoice when it is edited again", () => {
    const invoice = { id: "inv-1", displayNumber: "INV-0007", status: "draft" as const, totalMinor: 1_500 };
    const [deposit, balance] = scheduleRows(
      [
        {
          id: "e1",
          position: 0,
          label: "Deposit",
          dueOn: "2026-12-01",
          milestone: "",
          amountMinor: 1_500,
          percentBp: 5000,
          invoice,
        },
        {
          id: "e2",
          position: 1,
          label: "Balance",
          dueOn: null,
          milestone: "On delivery",
          amountMinor: 1_500,
          percentBp: null,
          invoice: null,
        },
      ],
      "JPY",
    );
    expect(deposit).toMatchObject({
      id: "e1",
      when: "date",
      dueOn: "2026-12-01",
      by: "percent",
      percent: "50",
      invoice,
    });
    expect(balance).toMatchObject({
      id: "e2",
      when: "milestone",
      milestone: "On delivery",
      by: "amount",
      amount: "1500",
    });
    expect(balance?.invoice).toBeUndefined();
    const check = checkSchedule([deposit!, balance!], 3_000, "JPY");
    expect(check.entries?.[0]).toMatchObject({ id: "e1", dueOn: "2026-12-01", percentBp: 5000 });
    expect(check.result).toEqual({ ok: true, amounts: [1_500, 1_500] });
  });
});
