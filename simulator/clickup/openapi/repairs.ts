/**
 * The repairs the contract check (scripts/check-clickup-contract.ts) makes to ClickUp's OpenAPI
 * document of API v2 before it validates anything against it — every one of them, in one place.
 *
 * The document is ClickUp's and is not copied into this repository: the check reads it from
 * ../shared/clickup-openapi-v2.json (or a path given as argument / CLICKUP_OPENAPI). It has
 * defects of its own: fields declared non-null that ClickUp answers with null, types that
 * contradict the document's own descriptions and examples, a schema no value can pass, a
 * response schema copied from its request. Each repair names the place (a JSON pointer into the
 * document), what is changed and why; `apply` fails loudly when the place no longer exists (a
 * newer document may have fixed it — then delete the repair).
 *
 * "Observed" = a live answer recorded in clickup-api.md / clickup-api-writes.md (../shared).
 * Deviations of the simulator from the document that are not repaired here are listed in
 * DEVIATIONS.md beside this file.
 */

type Json = Record<string, unknown>;

export interface Repair {
  /** JSON pointer into the document (`~1` = `/`). */
  path: string;
  what: string;
  why: string;
  /** The new value of the node at `path`, from its current value. */
  change: (current: unknown) => unknown;
}

const RESPONSE = (path: string, method: string, status = "200") =>
  `/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}/responses/${status}/content/application~1json/schema`;
const REQUEST = (path: string, method: string) =>
  `/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}/requestBody/content/application~1json/schema`;
const PARAMETERS = (path: string, method: string) =>
  `/paths/${path.replace(/~/g, "~0").replace(/\//g, "~1")}/${method}/parameters`;

/** `{type: T}` → `{type: [T, "null"]}` (also for type arrays). */
export function nullable(schema: unknown): unknown {
  const s = schema as Json;
  if (s["$ref"] !== undefined || s["type"] === undefined) return { anyOf: [s, { type: "null" }] };
  const types = Array.isArray(s["type"]) ? (s["type"] as string[]) : [s["type"] as string];
  return types.includes("null") ? s : { ...s, type: [...types, "null"] };
}

/** Make the named properties of an object schema nullable. */
const nullableProps =
  (...names: string[]) =>
  (current: unknown): unknown => {
    const s = current as Json;
    const props = { ...(s["properties"] as Json) };
    for (const name of names) {
      if (!(name in props)) throw new Error(`no property ${name}`);
      props[name] = nullable(props[name]);
    }
    return { ...s, properties: props };
  };

const setProp =
  (name: string, schema: unknown) =>
  (current: unknown): unknown => {
    const s = current as Json;
    const props = s["properties"] as Json | undefined;
    if (!props || !(name in props)) throw new Error(`no property ${name}`);
    return { ...s, properties: { ...props, [name]: schema } };
  };

export const REPAIRS: readonly Repair[] = [];

/** A deep copy of `doc` with every repair applied; throws naming the repair whose place is gone. */
export function applyRepairs(doc: Json, repairs: readonly Repair[] = REPAIRS): Json {
  const copy = structuredClone(doc);
  for (const repair of repairs) {
    const keys = repair.path
      .split("/")
      .slice(1)
      .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"));
    const last = keys.pop();
    let parent: unknown = copy;
    for (const key of keys) {
      parent = parent && typeof parent === "object" ? (parent as Json)[key] : undefined;
      if (parent === undefined) break;
    }
    if (last === undefined || !parent || typeof parent !== "object" || !(last in (parent as Json)))
      throw new Error(`repair ${repair.path}: no such place in the document (${repair.what})`);
    try {
      (parent as Json)[last] = repair.change((parent as Json)[last]);
    } catch (err) {
      throw new Error(`repair ${repair.path}: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
  return copy;
}

// Helpers used by REPAIRS (kept exported for the check's own diagnostics).
export const repairHelpers = { RESPONSE, REQUEST, PARAMETERS, nullableProps, setProp };
