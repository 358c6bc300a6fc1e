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
 * Malicious form content (spec §5): true when any string in `value` — searched through arrays and
 * plain objects, including object keys — holds a script tag or a `javascript:` string. Such
 * submissions are blocked and logged as malicious_form_submission. Non-string leaves are ignored;
 * cyclic structures are safe, and so is any depth (the walk keeps its own stack).
 */
export function containsMaliciousContent(value: unknown): boolean {
  return findMaliciousPath(value) !== null;
}

/**
 * Where the first malicious string sits in `value`, as a dotted path ("notes.0.text"; "" for the
 * value itself; a malicious key is reported by its own path), or `null` when there is none.
 */
export function findMaliciousPath(value: unknown): string | null {
  const found = walkStrings(value, isMaliciousString);
  return found && found.kind === "match" ? found.path : null;
}

/** Nesting depth a request's JSON or query may have; deeper input is refused as "nested too deeply". */
export const MAX_INPUT_DEPTH = 64;

// eslint-disable-next-line no-control-regex -- matching NUL is the point
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * True when `text` holds a character PostgreSQL cannot store and no person types: NUL, or a UTF-16
 * surrogate without its pair (not valid UTF-8).
 */
export function hasUnstorableCharacters(text: string): boolean {
  return UNSTORABLE.test(text);
}

/** What is wrong with a request input, and where (dotted path as in {@link findMaliciousPath}). */
export type InputProblem = { kind: "unstorable"; path: string } | { kind: "too_deep"; path: string };

/**
 * The first NUL / lone surrogate in any string or key of `value`, or the first place nested
 * deeper than `maxDepth` — `null` when the input is clean. Iterative: any depth is safe.
 */
export function findInputProblem(value: unknown, maxDepth = MAX_INPUT_DEPTH): InputProblem | null {
  const found = walkStrings(value, hasUnstorableCharacters, maxDepth);
  if (!found) return null;
  return { kind: found.kind === "match" ? "unstorable" : "too_deep", path: found.path };
}

interface WalkNode {
  value: unknown;
  key: string | null;
  parent: WalkNode | null;
  depth: number;
  /** The key itself matched (reported by its own path, before the value under it). */
  keyOnly?: boolean;
}

/**
 * Depth-first, in document order, with an explicit stack (a RangeError on deep input is a crash
 * before sign-in): the first string or object key for which `test` holds, or the first container
 * deeper than `maxDepth`. Paths are built from parent links only when something is found.
 */
function walkStrings(
  root: unknown,
  test: (text: string) => boolean,
  maxDepth = Infinity,
): { kind: "match" | "too_deep"; path: string } | null {
  const seen = new Set<object>();
  const stack: WalkNode[] = [{ value: root, key: null, parent: null, depth: 0 }];
  while (stack.length) {
    const node = stack.pop()!;
    if (node.keyOnly) return { kind: "match", path: pathOf(node) };
    const { value } = node;
    if (typeof value === "string") {
      if (test(value)) return { kind: "match", path: pathOf(node) };
      continue;
    }
    if (value === null || typeof value !== "object" || seen.has(value)) continue;
    seen.add(value);
    if (node.depth >= maxDepth) return { kind: "too_deep", path: pathOf(node) };
    const children: WalkNode[] = [];
    if (Array.isArray(value)) {
      value.forEach((child, i) =>
        children.push({ value: child, key: String(i), parent: node, depth: node.depth + 1 }),
      );
    } else {
      for (const [key, child] of Object.entries(value)) {
        const entry: WalkNode = { value: child, key, parent: node, depth: node.depth + 1 };
        children.push(test(key) ? { ...entry, keyOnly: true } : entry);
      }
    }
    for (let i = children.length - 1; i >= 0; i--) stack.push(children[i]!);
  }
  return null;
}

function pathOf(node: WalkNode): string {
  const keys: string[] = [];
  for (let n: WalkNode | null = node; n && n.key !== null; n = n.parent) keys.push(n.key);
  return keys.reverse().join(".");
}
