import { RESPONSE_SCHEMAS, type CoveredOperationId } from "./schemas";

/**
 * Kept for hierarchy-writes.test.ts (owned elsewhere): checks a simulator answer against the
 * in-repo schema of a ClickUp operation (schemas.ts), which replaced the schemas once copied from
 * ClickUp's OpenAPI document. New tests should parse with RESPONSE_SCHEMAS directly
 * (contract.test.ts); ClickUp's document itself is checked by scripts/check-clickup-contract.ts.
 *
 * Paths read `assignee.profilePicture`, `assignees[]`; `allow` names paths not to report.
 */
export function shapeErrors(operationId: string, body: unknown, allow: readonly string[] = []): string[] {
  const schema = RESPONSE_SCHEMAS[operationId as CoveredOperationId];
  if (!schema) throw new Error(`no in-repo schema for ${operationId}`);
  const parsed = schema.safeParse(body);
  if (parsed.success) return [];
  const skip = new Set(allow);
  return parsed.error.issues
    .map((issue) => ({
      path: issue.path.reduce<string>(
        (p, k) => (typeof k === "number" ? `${p}[]` : p ? `${p}.${String(k)}` : String(k)),
        "",
      ),
      message: issue.message,
    }))
    .filter(
      ({ path }) =>
        ![...skip].some((a) => path === a || path.startsWith(`${a}.`) || path.startsWith(`${a}[]`)),
    )
    .map(({ path, message }) => `${path || "(root)"}: ${message}`);
}

/**
 * Where the document's schemas disagreed with live task objects (assignees, watchers and tags
 * are objects, time_estimate a number). The in-repo schemas state the live shapes, so nothing
 * needs allowing any more; kept so existing callers compile.
 */
export const TASK_SHAPE_DEVIATIONS = ["assignees[]", "watchers[]", "tags[]", "time_estimate"] as const;
