/**
 * Assignee parsing and naming (spec §3 tasks.assignees_array / assignee_id, §8 fallback order).
 * Ids are normalised to strings (ClickUp ids can overflow a JS number).
 */

export interface Assignee {
  id: string;
  username: string | null;
  email: string | null;
}

function idText(value: unknown): string | null {
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : null;
  if (typeof value === "string") {
    const text = value.trim();
    return text === "" ? null : text;
  }
  return null;
}

/** A string with its surrounding whitespace trimmed; null for anything else or a blank one. */
export function nonBlank(value: unknown): string | null {
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function looksLikeJson(text: string): boolean {
  const t = text.trim();
  return t.startsWith("{") || t.startsWith("[") || t.startsWith('"');
}

function assigneeFromObject(record: Record<string, unknown>): Assignee | null {
  const id = idText(record.id);
  if (id === null) return null;
  return {
    id,
    username: nonBlank(record.username) ?? nonBlank(record.name),
    email: nonBlank(record.email),
  };
}

/**
 * One assignee from any accepted shape: an object `{ id, username?, name?, email? }`, a plain id
 * (number or string), or a JSON string of either. `name` is read when `username` is absent.
 * `null` when no id can be found.
 */
export function parseAssignee(value: unknown): Assignee | null {
  if (typeof value === "string" && looksLikeJson(value)) {
    const parsed = parseJson(value);
    return parsed === undefined ? null : parseAssignee(parsed);
  }
  if (value !== null && typeof value === "object" && !Array.isArray(value)) {
    return assigneeFromObject(value as Record<string, unknown>);
  }
  const id = idText(value);
  return id === null ? null : { id, username: null, email: null };
}

/**
 * Parse `assignees_array` (spec §3): entries are objects `{ id, username, email }` or plain ids;
 * the whole array may also arrive as a JSON string. Unusable entries are dropped; duplicate ids
 * keep their first occurrence.
 */
export function parseAssignees(value: unknown): Assignee[] {
  const list = typeof value === "string" ? parseJson(value) : value;
  if (!Array.isArray(list)) return [];
  const seen = new Set<string>();
  const result: Assignee[] = [];
  for (const entry of list) {
    const assignee = parseAssignee(entry);
    if (assignee && !seen.has(assignee.id)) {
      seen.add(assignee.id);
      result.push(assignee);
    }
  }
  return result;
}

/**
 * Parse `assignee_id` (spec §3): a plain id, or a JSON string holding `id` and `username` or
 * `name`. Same as {@link parseAssignee}; named for the column it reads.
 */
export function parseAssigneeId(value: unknown): Assignee | null {
  return parseAssignee(value);
}

/** Everything known about an assignee, from the sources the spec's fallback order names. */
export interface AssigneeNameSources {
  id: string | number;
  /** The assignee's own username (from the task's assignee data). */
  username?: string | null;
  /** The matching row of the users table. */
  user?: { username?: string | null; email?: string | null } | null;
  /** assignee_name of a detailed time entry for this assignee. */
  timeEntryAssigneeName?: string | null;
  /** The assignee's e-mail from the task's assignee data. */
  email?: string | null;
}

export interface ResolvedAssigneeName {
  name: string;
  /** False when the name fell back to 'User {id}' (count these and warn, spec §8). */
  resolved: boolean;
}

/**
 * Assignee name fallback order (spec §8): username; then the users-table username or e-mail;
 * then the time entry's assignee_name; then e-mail; then 'User {id}', flagged unresolved.
 * Blank strings are skipped.
 */
export function resolveAssigneeName(sources: AssigneeNameSources): ResolvedAssigneeName {
  const name =
    nonBlank(sources.username) ??
    nonBlank(sources.user?.username) ??
    nonBlank(sources.user?.email) ??
    nonBlank(sources.timeEntryAssigneeName) ??
    nonBlank(sources.email);
  if (name !== null) return { name, resolved: true };
  return { name: `User ${String(sources.id)}`, resolved: false };
}

/** The producer line of a project header (spec §3 meta task): assignee names joined by ', '. */
export function joinAssigneeNames(names: ReadonlyArray<string | null | undefined>): string {
  return names
    .map((name) => nonBlank(name))
    .filter((name): name is string => name !== null)
    .join(", ");
}
