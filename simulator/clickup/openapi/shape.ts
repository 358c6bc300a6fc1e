import { readFileSync } from "node:fs";

/**
 * Checks a simulator response against the 200-response schema of a ClickUp operation, as
 * extracted from ClickUp's OpenAPI document into response-schemas.json (see extract-schemas.ts).
 * A small subset of JSON Schema: type (incl. type arrays and `nullable`), required, properties,
 * items, anyOf/oneOf. Two leniencies, both from live answers (clickup-api.md §2, §3.3,
 * clickup-api-writes.md §2): a property the schema does not require may be `null` (ClickUp
 * sends `"due_date": null` where the document says string), and `allow` names paths where the
 * document is known to be wrong (e.g. `assignees[]` are user objects, not strings).
 */

type Schema = {
  type?: string | string[];
  nullable?: boolean;
  required?: string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  anyOf?: Schema[];
  oneOf?: Schema[];
};

interface Entry {
  method: string;
  path: string;
  schema: Schema;
}

let cache: Record<string, Entry> | null = null;

function schemas(): Record<string, Entry> {
  cache ??= JSON.parse(readFileSync(new URL("./response-schemas.json", import.meta.url), "utf8")) as Record<
    string,
    Entry
  >;
  return cache;
}

function typeOf(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "array";
  return typeof value;
}

function matchesType(value: unknown, type: string): boolean {
  switch (type) {
    case "integer":
      return typeof value === "number" && Number.isInteger(value);
    case "number":
      return typeof value === "number" && Number.isFinite(value);
    case "object":
      return typeOf(value) === "object";
    default:
      return typeOf(value) === type;
  }
}

function check(value: unknown, schema: Schema, path: string, allow: Set<string>, out: string[]): void {
  if (allow.has(path)) return;
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) {
    const ok = alternatives.some((alt) => {
      const errs: string[] = [];
      check(value, alt, path, allow, errs);
      return errs.length === 0;
    });
    if (!ok) out.push(`${path || "(root)"}: matches none of the alternatives`);
    return;
  }
  if (schema.type !== undefined) {
    const types = Array.isArray(schema.type) ? schema.type : [schema.type];
    if (schema.nullable) types.push("null");
    if (!types.some((t) => matchesType(value, t))) {
      out.push(`${path || "(root)"}: expected ${types.join("|")}, got ${typeOf(value)}`);
      return;
    }
  }
  if (typeOf(value) === "object") {
    const obj = value as Record<string, unknown>;
    const required = new Set(schema.required ?? []);
    for (const key of required)
      if (obj[key] === undefined && !allow.has(join(path, key))) out.push(`${join(path, key)}: required`);
    for (const [key, sub] of Object.entries(schema.properties ?? {})) {
      const v = obj[key];
      if (v === undefined || (v === null && !required.has(key))) continue;
      check(v, sub, join(path, key), allow, out);
    }
  } else if (Array.isArray(value) && schema.items) {
    value.forEach((item) => check(item, schema.items as Schema, `${path}[]`, allow, out));
  }
}

const join = (path: string, key: string) => (path ? `${path}.${key}` : key);

/** Every way `body` departs from the operation's documented 200 response (empty = conforms). */
export function shapeErrors(operationId: string, body: unknown, allow: readonly string[] = []): string[] {
  const entry = schemas()[operationId];
  if (!entry) throw new Error(`no schema extracted for ${operationId}`);
  const out: string[] = [];
  check(body, entry.schema, "", new Set(allow), out);
  return out;
}

/**
 * Where the document disagrees with live task objects (clickup-api.md §3.3): assignees,
 * watchers and tags are objects, time_estimate a number.
 */
export const TASK_SHAPE_DEVIATIONS = ["assignees[]", "watchers[]", "tags[]", "time_estimate"] as const;
