import { joinAssigneeNames, parseAssignees, resolveAssigneeName } from "@domain/index";
import type { NamedPerson, ProviderUserRow } from "./repo";

/** Index provider users by id for the §8 name fallback. */
export function usersById(rows: readonly ProviderUserRow[]): Map<string, ProviderUserRow> {
  return new Map(rows.map((row) => [row.id, row]));
}

/** A person's name by the spec §8 fallback from the name fields a row carries ('User {id}' if none). */
export function personName(person: NamedPerson): string {
  return resolveAssigneeName({ id: person.id, user: person }).name;
}

/** Names of a task's assignees in the spec §8 fallback order. */
export function assigneeNames(
  assigneesArray: unknown,
  users: ReadonlyMap<string, ProviderUserRow>,
): string[] {
  return parseAssignees(assigneesArray).map(
    (a) =>
      resolveAssigneeName({ id: a.id, username: a.username, user: users.get(a.id), email: a.email }).name,
  );
}

/** The producer line (spec §3 meta task): assignee names joined by ', '. */
export function producerLine(assigneesArray: unknown, users: ReadonlyMap<string, ProviderUserRow>): string {
  return joinAssigneeNames(assigneeNames(assigneesArray, users));
}

/** ISO string of a database timestamp, or null. */
export function iso(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

/** Hours rounded to 2 decimals for transport (display rounds further). */
export function hours(value: number | string | null | undefined): number {
  const n = Number(value ?? 0);
  return Number.isFinite(n) ? Math.round(n * 100) / 100 : 0;
}
