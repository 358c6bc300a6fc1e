import { lineInForce } from "@domain/rates";
import type { RateLineView } from "./api";

/** A line's place in its subject's history on `today`. */
export type LineStatus = "current" | "past" | "scheduled";

export interface SubjectLines {
  key: string;
  subjectType: RateLineView["subjectType"];
  subjectId: string;
  subjectName: string;
  /** Newest effective date first, each with its status. */
  lines: { line: RateLineView; status: LineStatus }[];
}

/**
 * A card's lines by subject (people first, then roles, by name), each line marked as the one in
 * force today, a past rate (kept as history) or one scheduled from a later day.
 */
export function linesBySubject(lines: readonly RateLineView[], today: string): SubjectLines[] {
  const groups = new Map<string, SubjectLines>();
  for (const line of lines) {
    const key = `${line.subjectType}:${line.subjectType === "role" ? line.subjectId.toLowerCase() : line.subjectId}`;
    const group = groups.get(key) ?? {
      key,
      subjectType: line.subjectType,
      subjectId: line.subjectId,
      subjectName: line.subjectName,
      lines: [],
    };
    group.lines.push({ line, status: "past" });
    groups.set(key, group);
  }
  for (const group of groups.values()) {
    const inForce = lineInForce(
      group.lines.map((l) => l.line),
      group.subjectType,
      group.subjectId,
      today,
    );
    for (const entry of group.lines) {
      entry.status =
        entry.line.effectiveFrom > today
          ? "scheduled"
          : entry.line.id === (inForce as RateLineView | null)?.id
            ? "current"
            : "past";
    }
    group.lines.sort((a, b) => b.line.effectiveFrom.localeCompare(a.line.effectiveFrom));
  }
  return [...groups.values()].sort(
    (a, b) =>
      (a.subjectType === b.subjectType ? 0 : a.subjectType === "person" ? -1 : 1) ||
      a.subjectName.localeCompare(b.subjectName),
  );
}
