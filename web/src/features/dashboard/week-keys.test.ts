import { describe, expect, it } from "vitest";
import { moveInWeek } from "./week-keys";

// Mon 3 cards, Tue none, Wed 1, Thu 4, Fri none.
const counts = [3, 0, 1, 4, 0];

describe("moveInWeek", () => {
  it("walks a day's cards with Up and Down", () => {
    expect(moveInWeek(counts, { day: 0, index: 0 }, "ArrowDown")).toEqual({ day: 0, index: 1 });
    expect(moveInWeek(counts, { day: 0, index: 2 }, "ArrowUp")).toEqual({ day: 0, index: 1 });
  });

  it("runs on into the next or previous day with cards past a day's ends", () => {
    expect(moveInWeek(counts, { day: 0, index: 2 }, "ArrowDown")).toEqual({ day: 2, index: 0 });
    expect(moveInWeek(counts, { day: 2, index: 0 }, "ArrowUp")).toEqual({ day: 0, index: 2 });
    expect(moveInWeek(counts, { day: 3, index: 0 }, "ArrowUp")).toEqual({ day: 2, index: 0 });
  });

  it("stops at the first and the last card of the week", () => {
    expect(moveInWeek(counts, { day: 0, index: 0 }, "ArrowUp")).toBeNull();
    expect(moveInWeek(counts, { day: 3, index: 3 }, "ArrowDown")).toBeNull();
    expect(moveInWeek(counts, { day: 0, index: 1 }, "ArrowLeft")).toBeNull();
    expect(moveInWeek(counts, { day: 3, index: 1 }, "ArrowRight")).toBeNull();
  });

  it("jumps Left and Right over empty days, keeping the height where the day has it", () => {
    expect(moveInWeek(counts, { day: 0, index: 2 }, "ArrowRight")).toEqual({ day: 2, index: 0 });
    expect(moveInWeek(counts, { day: 2, index: 0 }, "ArrowRight")).toEqual({ day: 3, index: 0 });
    expect(moveInWeek(counts, { day: 3, index: 3 }, "ArrowLeft")).toEqual({ day: 2, index: 0 });
    expect(moveInWeek([3, 4], { day: 0, index: 2 }, "ArrowRight")).toEqual({ day: 1, index: 2 });
    expect(moveInWeek([3, 4], { day: 1, index: 3 }, "ArrowLeft")).toEqual({ day: 0, index: 2 });
  });

  it("goes to the first and last card of the day with Home and End", () => {
    expect(moveInWeek(counts, { day: 3, index: 2 }, "Home")).toEqual({ day: 3, index: 0 });
    expect(moveInWeek(counts, { day: 3, index: 1 }, "End")).toEqual({ day: 3, index: 3 });
    expect(moveInWeek(counts, { day: 3, index: 0 }, "Home")).toBeNull();
    expect(moveInWeek(counts, { day: 3, index: 3 }, "End")).toBeNull();
  });

  it("ignores other keys", () => {
    expect(moveInWeek(counts, { day: 0, index: 0 }, "Enter")).toBeNull();
    expect(moveInWeek(counts, { day: 0, index: 0 }, "Tab")).toBeNull();
  });
});
