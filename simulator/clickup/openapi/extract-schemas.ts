/**
 * Extract the 200-response schemas of the operations the simulator's shape tests check from
 * ClickUp's OpenAPI document (developer.clickup.com/openapi/clickup-api-v2-reference.json) into
 * response-schemas.json, with every `$ref` resolved. The document is 500 kB and lives outside
 * the repository; re-run after updating it:
 *
 *   npx tsx simulator/clickup/openapi/extract-schemas.ts /work/shared/clickup-openapi-v2.json
 */
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

export const CHECKED_OPERATIONS = [
  "CreateFolder",
  "UpdateFolder",
  "DeleteFolder",
  "GetFolder",
  "CreateList",
  "CreateFolderlessList",
  "UpdateList",
  "DeleteList",
  "GetList",
  "CreateTask",
  "UpdateTask",
  "SetCustomFieldValue",
] as const;

type Json = Record<string, unknown>;

const DROP = new Set(["example", "examples", "description", "title"]);

function main(source: string): void {
  const doc = JSON.parse(readFileSync(source, "utf8")) as Json;
  const pointer = (ref: string): unknown =>
    ref
      .replace(/^#\//, "")
      .split("/")
      .map((p) => decodeURIComponent(p).replace(/~1/g, "/").replace(/~0/g, "~"))
      .reduce<unknown>((node, key) => (node as Json)[key], doc);
  const resolve = (node: unknown, depth = 0): unknown => {
    if (Array.isArray(node)) return node.map((n) => resolve(n, depth));
    if (!node || typeof node !== "object") return node;
    const obj = node as Json;
    if (typeof obj["$ref"] === "string") return depth > 40 ? {} : resolve(pointer(obj["$ref"]), depth + 1);
    return Object.fromEntries(
      Object.entries(obj)
        .filter(([k]) => !DROP.has(k))
        .map(([k, v]) => [k, resolve(v, depth)]),
    );
  };
  const out: Record<string, { method: string; path: string; schema: unknown }> = {};
  for (const [path, ops] of Object.entries(doc["paths"] as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(ops)) {
      const id = op?.["operationId"];
      if (typeof id !== "string" || !(CHECKED_OPERATIONS as readonly string[]).includes(id)) continue;
      const ok = resolve((op["responses"] as Json)["200"]) as Json;
      const schema = ((ok["content"] as Json | undefined)?.["application/json"] as Json | undefined)?.[
        "schema"
      ];
      out[id] = { method: method.toUpperCase(), path, schema: schema ?? {} };
    }
  }
  const missing = CHECKED_OPERATIONS.filter((id) => !out[id]);
  if (missing.length) throw new Error(`operations not in the document: ${missing.join(", ")}`);
  const target = fileURLToPath(new URL("./response-schemas.json", import.meta.url));
  writeFileSync(target, JSON.stringify(out, null, 2) + "\n");
  console.log(`wrote ${Object.keys(out).length} schemas to ${target}`);
}

const source = process.argv[2];
if (!source) throw new Error("usage: tsx extract-schemas.ts <clickup-openapi-v2.json>");
main(source);
