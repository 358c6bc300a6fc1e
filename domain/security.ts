import { z } from "zod";

/** Audit event types (spec §9). */
export const AUDIT_EVENT_TYPES = [
  "failed_auth",
  "user_login",
  "team_invitation",
  "rate_limit_exceeded",
  "xss_attempt",
  "malicious_form_submission",
] as const;
export type AuditEventType = (typeof AUDIT_EVENT_TYPES)[number];
export const auditEventTypeSchema = z.enum(AUDIT_EVENT_TYPES);

/** Event types written at once instead of waiting for the 30 s buffer flush (spec §9). */
export const IMMEDIATE_FLUSH_EVENT_TYPES: readonly AuditEventType[] = [
  "xss_attempt",
  "malicious_form_submission",
  "failed_auth",
];

/** True when an event of this type bypasses the buffer (spec §9). */
export function flushesImmediately(type: AuditEventType | string): boolean {
  return (IMMEDIATE_FLUSH_EVENT_TYPES as readonly string[]).includes(type);
}

/** `<script` or `</script` (any case, whitespace allowed after `<` and `/`). */
const SCRIPT_TAG = /<\s*\/?\s*script\b/i;
/** `javascript:` (any case, whitespace allowed before the colon). */
const JAVASCRIPT_URL = /javascript\s*:/i;

/** True when one string holds a script tag or a `javascript:` URL. */
export function isMaliciousString(text: string): boolean {
  return SCRIPT_TAG.test(text) || JAVASCRIPT_URL.test(text);
}

/**
 * Malicious form content (spec §5): true when any string in `value` — searched recursively
 * through arrays and plain objects, including object keys — holds a script tag or a
 * `javascript:` string. Such submissions are blocked and logged as malicious_form_submission.
 * Non-string leaves are ignored; cyclic structures are safe.
 */
export function containsMaliciousContent(value: unknown): boolean {
  const seen = new Set<object>();
  const visit = (node: unknown): boolean => {
    if (typeof node === "string") return isMaliciousString(node);
    if (node === null || typeof node !== "object") return false;
    if (seen.has(node)) return false;
    seen.add(node);
    if (Array.isArray(node)) return node.some(visit);
    return Object.entries(node).some(([key, child]) => isMaliciousString(key) || visit(child));
  };
  return visit(value);
}

/**
 * Where the first malicious string sits in `value`, as a dotted path ("notes.0.text"; "" for the
 * value itself; a malicious key is reported by its own path), or `null` when there is none.
 */
export function findMaliciousPath(value: unknown): string | null {
  const seen = new Set<object>();
  const visit = (node: unknown, path: string[]): string[] | null => {
    if (typeof node === "string") return isMaliciousString(node) ? path : null;
    if (node === null || typeof node !== "object") return null;
    if (seen.has(node)) return null;
    seen.add(node);
    const entries: [string, unknown][] = Array.isArray(node)
      ? node.map((child, i) => [String(i), child])
      : Object.entries(node);
    for (const [key, child] of entries) {
      if (!Array.isArray(node) && isMaliciousString(key)) return [...path, key];
      const found = visit(child, [...path, key]);
      if (found) return found;
    }
    return null;
  };
  const found = visit(value, []);
  return found ? found.join(".") : null;
}
