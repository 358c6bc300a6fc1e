/*
 * PostgreSQL refuses two things JSON and JavaScript strings may hold: the NUL character (in text
 * and in jsonb) and lone UTF-16 surrogates (not valid UTF-8). Text bound for storage that a
 * caller did not validate (audit details, before/after snapshots, events) goes through these.
 */

// eslint-disable-next-line no-control-regex -- matching NUL is the point
const NUL = /\u0000/g;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/** The text without NULs, with every lone surrogate replaced by U+FFFD. */
export function storableText(value: string): string {
  return value.replace(NUL, "").replace(LONE_SURROGATE, "\uFFFD");
}

/** A JSON-able value with storableText() applied to every string, keys included. */
export function storableJson(value: unknown): unknown {
  if (typeof value === "string") return storableText(value);
  if (Array.isArray(value)) return value.map(storableJson);
  if (value instanceof Date) return value.toISOString();
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) out[storableText(k)] = storableJson(v);
    }
    return out;
  }
  return value;
}
