/**
 * Hold the ClickUp simulator — and what our client sends it — to ClickUp's published OpenAPI
 * document of API v2 (npm run check:clickup-contract).
 *
 *   npx tsx scripts/check-clickup-contract.ts [path/to/clickup-openapi-v2.json]
 *
 * The document is ClickUp's and is not in this repository: the path comes from the argument,
 * else CLICKUP_OPENAPI, else ../shared/clickup-openapi-v2.json relative to the repository root.
 * It is repaired first (simulator/clickup/openapi/repairs.ts lists every repair and why).
 *
 * Runs the ClickUp client against an in-process simulator through every operation it uses
 * (simulator/clickup/openapi/operations.ts, exercise.ts) and validates, with ajv (JSON Schema
 * 2020-12, the document's dialect):
 *   - each response: its status is one the operation documents, its body the schema of that status;
 *   - each request: path and query parameters against the documented parameters (an undocumented
 *     query parameter is a failure), the body against the documented request schema.
 * Prints one line per operation, a summary, and exits 1 on any failure.
 */
import { readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import Ajv2020, { type ErrorObject, type ValidateFunction } from "ajv/dist/2020";
import { exerciseClient, type Exchange } from "../simulator/clickup/openapi/exercise";
import { COVERED_OPERATIONS, type CoveredOperation } from "../simulator/clickup/openapi/operations";
import { applyRepairs, REPAIRS } from "../simulator/clickup/openapi/repairs";

type Json = Record<string, unknown>;

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const source = resolve(
  process.argv[2] ?? process.env["CLICKUP_OPENAPI"] ?? resolve(root, "../shared/clickup-openapi-v2.json"),
);

const DOC_ID = "https://developer.clickup.com/openapi/clickup-api-v2-reference.json";

const pointer = (...keys: string[]) =>
  keys.map((k) => "/" + k.replace(/~/g, "~0").replace(/\//g, "~1")).join("");

/** ajv-formats is not installed: the document's four formats, checked here. */
const FORMATS = {
  int32: { type: "number", validate: (n: number) => Number.isInteger(n) && Math.abs(n) <= 2 ** 31 } as const,
  int64: { type: "number", validate: (n: number) => Number.isInteger(n) } as const,
  "date-time": {
    type: "string",
    validate: (s: string) => /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$/i.test(s),
  } as const,
  url: {
    type: "string",
    validate: (s: string) => {
      try {
        new URL(s);
        return true;
      } catch {
        return false;
      }
    },
  } as const,
};

class Contract {
  private readonly ajv: Ajv2020;
  private readonly cache = new Map<string, ValidateFunction>();

  constructor(readonly doc: Json) {
    this.ajv = new Ajv2020({ strict: false, allErrors: true, validateSchema: false, formats: FORMATS });
    this.ajv.addSchema({ ...doc, $id: DOC_ID });
  }

  node(ptr: string): unknown {
    return ptr
      .split("/")
      .slice(1)
      .map((k) => k.replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<unknown>((n, k) => (n && typeof n === "object" ? (n as Json)[k] : undefined), this.doc);
  }

  /** Validate `value` against the schema at `ptr`; the errors, empty when it conforms. */
  validate(ptr: string, value: unknown): ErrorObject[] {
    let fn = this.cache.get(ptr);
    if (!fn) {
      fn = this.ajv.compile({ $ref: `${DOC_ID}#${ptr.split("/").map(encodeURIComponent).join("/")}` });
      this.cache.set(ptr, fn);
    }
    return fn(value) ? [] : [...(fn.errors ?? [])];
  }

  /** The document's operation of this id, checked against our table's method and path. */
  operation(op: CoveredOperation): { ptr: string; op: Json } | string {
    const path = op.path;
    const method = op.method.toLowerCase();
    const found = (this.doc["paths"] as Record<string, Record<string, Json>>)[path]?.[method];
    if (!found) return `the document has no ${op.method} ${path}`;
    if (found["operationId"] !== op.operationId)
      return `the document names ${op.method} ${path} ${String(found["operationId"])}, not ${op.operationId}`;
    return { ptr: pointer("paths", path, method), op: found };
  }
}

/** A query-string (or path) value typed as its parameter schema says, for validation. */
function coerce(raw: string | string[], schema: Json): unknown {
  const type = Array.isArray(schema["type"]) ? (schema["type"] as string[])[0] : schema["type"];
  if (type === "array") {
    const items = (schema["items"] as Json | undefined) ?? {};
    return (Array.isArray(raw) ? raw : [raw]).map((v) => coerce(v, items));
  }
  const value = Array.isArray(raw) ? raw[0] : raw;
  if (value === undefined) return value;
  if ((type === "number" || type === "integer") && value.trim() !== "" && Number.isFinite(Number(value)))
    return Number(value);
  if (type === "boolean" && (value === "true" || value === "false")) return value === "true";
  return value;
}

const describe = (e: ErrorObject): string => {
  const params =
    e.keyword === "additionalProperties"
      ? ` (${String((e.params as { additionalProperty?: string }).additionalProperty)})`
      : e.keyword === "enum"
        ? ` (${JSON.stringify((e.params as { allowedValues?: unknown }).allowedValues)})`
        : "";
  return `${e.instancePath || "/"}: ${e.message ?? e.keyword}${params}`;
};

/** Indexes in instance paths collapse to `*` so one fault of every array item counts once. */
const generalise = (line: string) => line.replace(/\/\d+(?=\/|:)/g, "/*");

function checkExchange(contract: Contract, x: Exchange): string[] {
  const found = contract.operation(x.operation);
  if (typeof found === "string") return [found];
  const { ptr, op } = found;
  const failures: string[] = [];

  // ---- request: parameters -----------------------------------------------------------------
  const params = ((op["parameters"] as Json[] | undefined) ?? []).map((p, i) => ({ p, i }));
  const sent: Record<string, Record<string, string | string[]>> = {
    path: x.pathParams,
    query: x.query,
    header: x.requestHeaders,
  };
  for (const { p, i } of params) {
    const where = String(p["in"]);
    const name = String(p["name"]);
    const values = sent[where];
    if (!values) continue; // cookie parameters: none sent
    const key = where === "header" ? name.toLowerCase() : name;
    const raw = values[key];
    if (raw === undefined) {
      if (p["required"] === true) failures.push(`request ${where} ${name}: required, not sent`);
      continue;
    }
    const schema = (p["schema"] as Json | undefined) ?? {};
    for (const e of contract.validate(`${ptr}/parameters/${i}/schema`, coerce(raw, schema)))
      failures.push(`request ${where} ${name}=${JSON.stringify(raw)}: ${describe(e).replace(/^\/: /, "")}`);
  }
  const documentedQuery = new Set(params.filter(({ p }) => p["in"] === "query").map(({ p }) => p["name"]));
  for (const name of Object.keys(x.query))
    if (!documentedQuery.has(name)) failures.push(`request query ${name}: not a documented parameter`);

  // ---- request: body ---------------------------------------------------------------------------
  const requestBody = op["requestBody"] as Json | undefined;
  const bodyPtr = `${ptr}/requestBody/content/application~1json/schema`;
  if (x.requestBody === undefined) {
    if (requestBody?.["required"] === true) failures.push("request body: required, not sent");
  } else if (!requestBody) failures.push("request body: sent, the operation documents none");
  else if (contract.node(bodyPtr) === undefined) failures.push("request body: no application/json schema");
  else
    for (const e of contract.validate(bodyPtr, x.requestBody)) failures.push(`request body ${describe(e)}`);

  // ---- response --------------------------------------------------------------------------------
  // An injected fault's answer (a lost response) is the simulator's fault machinery, not ClickUp.
  if (x.injected) return failures;
  const responses = (op["responses"] as Json | undefined) ?? {};
  const status = String(x.status);
  const documented = status in responses ? status : `${status[0]}XX` in responses ? `${status[0]}XX` : null;
  if (documented === null && !("default" in responses)) {
    failures.push(`response ${status}: not a documented status (${Object.keys(responses).join(", ")})`);
    return failures;
  }
  const key = documented ?? "default";
  const schemaPtr = `${ptr}/responses/${key}/content/application~1json/schema`;
  if (contract.node(schemaPtr) === undefined) {
    const empty = x.responseBody === undefined || x.responseBody === null;
    if (!empty) failures.push(`response ${status}: a body, the document describes none`);
    return failures;
  }
  for (const e of contract.validate(schemaPtr, x.responseBody))
    failures.push(`response ${status} ${describe(e)}`);
  return failures;
}

async function main(): Promise<number> {
  let raw: Json;
  try {
    raw = JSON.parse(readFileSync(source, "utf8")) as Json;
  } catch (err) {
    console.error(`cannot read ClickUp's OpenAPI document at ${source}: ${(err as Error).message}`);
    console.error("usage: tsx scripts/check-clickup-contract.ts <clickup-openapi-v2.json>");
    return 2;
  }
  const contract = new Contract(applyRepairs(raw));
  console.log(`ClickUp OpenAPI ${String((raw["info"] as Json | undefined)?.["version"] ?? "")} (${source})`);
  console.log(`${REPAIRS.length} documented repairs applied (simulator/clickup/openapi/repairs.ts)\n`);

  const { exchanges, unmatched } = await exerciseClient();
  let failed = 0;
  for (const op of COVERED_OPERATIONS) {
    const mine = exchanges.filter((x) => x.operation === op);
    const label = `${op.method} ${op.path} ${op.operationId}`;
    if (mine.length === 0) {
      failed++;
      console.log(`${label}: FAIL — not exercised`);
      continue;
    }
    const counts = new Map<string, number>();
    for (const x of mine)
      for (const f of checkExchange(contract, x))
        counts.set(generalise(f), (counts.get(generalise(f)) ?? 0) + 1);
    const statuses = [...new Set(mine.map((x) => (x.injected ? `${x.status} injected` : String(x.status))))];
    const n = `${mine.length} exchange${mine.length === 1 ? "" : "s"}, ${statuses.join("/")}`;
    if (counts.size === 0) console.log(`${label}: ok (${n})`);
    else {
      failed++;
      console.log(`${label}: FAIL (${n})`);
      for (const [f, c] of counts) console.log(`    ${f}${c > 1 ? ` [×${c}]` : ""}`);
    }
  }
  for (const u of unmatched) {
    failed++;
    console.log(`${u}: FAIL — the client sent a request no covered operation describes`);
  }
  const total = COVERED_OPERATIONS.length;
  console.log(
    `\n${total - (failed - unmatched.length)}/${total} operations conform (${exchanges.length} exchanges checked)` +
      (unmatched.length ? `, ${unmatched.length} unmatched requests` : ""),
  );
  return failed === 0 ? 0 : 1;
}

process.exitCode = await main();
