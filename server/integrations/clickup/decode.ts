/**
 * Tolerant decoders for ClickUp's wire shapes (clickup-api.md §0, §7): timestamps come as ms
 * strings or numbers, ids as strings or integers (19-digit time-entry ids overflow a JS number,
 * so they must stay strings), booleans sometimes as "true"/"false" or null.
 */

export type Json = Record<string, unknown>;

export function asObject(value: unknown): Json {
  return value && typeof value === "object" && !Array.isArray(value) ? (value as Json) : {};
}

export function asArray(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** An id as a string; numbers are converted without going through floating point twice. */
export function idOrNull(value: unknown): string | null {
  if (typeof value === "string") return value.trim() === "" ? null : value;
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "bigint") return value.toString();
  return null;
}

export function id(value: unknown): string {
  return idOrNull(value) ?? "";
}

/** Epoch milliseconds from a string or number; null for null/empty/unparseable. */
export function msOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? Math.trunc(n) : null;
}

export function numOrNull(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "number" ? value : Number(value);
  return Number.isFinite(n) ? n : null;
}

export function strOrNull(value: unknown): string | null {
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return null;
}

export function bool(value: unknown): boolean {
  return value === true || value === "true" || value === 1 || value === "1";
}
