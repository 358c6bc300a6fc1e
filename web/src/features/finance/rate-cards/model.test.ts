import { describe, expect, it } from "vitest";
import type { RateLineView } from "./api";
import { linesBySubject } from "./model";

const line = (
  id: string,
  subjectType: "person" | "role",
  subjectId: string,
  effectiveFrom: string,
  rateMinor = 100,
) =>
  ({
    id,
    cardId: "c",
    subjectType,
    subjectId,
    subjectName: subjectId,
    rateMinor,
    effectiveFrom,
  }) as RateLineView;

describe("a card's lines by subject", () => {
  it("marks the line in force today current, older ones past and later ones scheduled", () => {
    const groups = linesBySubject(
      [
        line("a1", "person", "Ann", "2026-01-01"),
        line("a2", "person", "Ann", "2026-06-01"),
        line("a3", "person", "Ann", "2026-12-01"),
        line("r1", "role", "editor", "2025-01-01"),
      ],
      "2026-11-23",
    );
    expect(groups.map((g) => g.key)).toEqual(["person:Ann", "role:editor"]);
    expect(groups[0]!.lines.map((l) => [l.line.id, l.status])).toEqual([
      ["a3", "scheduled"],
      ["a2", "current"],
      ["a1", "past"],
    ]);
    expect(groups[1]!.lines.map((l) => l.status)).toEqual(["current"]);
  });

  it("a line starting today is current; with only future lines nothing is current", () => {
    const [group] = linesBySubject(
      [line("a", "role", "Editor", "2026-11-23"), line("b", "role", "editor", "2026-11-01")],
      "2026-11-23",
    );
    expect(group!.lines.map((l) => l.status)).toEqual(["current", "past"]);
    const [future] = linesBySubject([line("f", "person", "Bo", "2027-01-01")], "2026-11-23");
    expect(future!.lines.map((l) => l.status)).toEqual(["scheduled"]);
  });
});
