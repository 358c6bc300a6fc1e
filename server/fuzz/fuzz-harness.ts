import { randomBytes } from "node:crypto";
import { addMember } from "../../tests/api/fixtures";
import { createTestContext, keepCookies, type TestContext } from "../../tests/api/harness";
import type { ClickUpRuntime } from "../integrations/clickup/runtime";

/*
 * What the fuzz and tenant-isolation tests share: the operations of /api/openapi.json (every
 * documented route, better-auth's included), a JSON example per request schema, and a raw client
 * that keeps cookies, never hangs on a live stream and gives every request its own client IP (so
 * per-IP limits answer for the route, not for the test).
 */

type Json = Record<string, unknown>;

export interface Parameter {
  name: string;
  in: "path" | "query" | "header" | "cookie";
  required?: boolean;
  schema?: Json;
}

export interface Operation {
  method: string;
  /** OpenAPI path, e.g. /api/members/{userId}. */
  path: string;
  parameters: Parameter[];
  /** The application/json request body schema, refs resolved lazily through the document. */
  body: Json | null;
}

export interface OpenApiDocument {
  paths: Record<
    string,
    Record<
      string,
      { parameters?: Parameter[]; requestBody?: { content?: Record<string, { schema?: Json }> } }
    >
  >;
  components?: { schemas?: Record<string, Json> };
}

const METHODS = ["get", "put", "post", "patch", "delete"];

export function operationsOf(doc: OpenApiDocument): Operation[] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({
        method: method.toUpperCase(),
        path,
        parameters: (op.parameters ?? []).filter((p) => p.in === "path" || p.in === "query"),
        body: op.requestBody?.content?.["application/json"]?.schema ?? null,
      })),
  );
}

/** The schema a `$ref` points at (one level of the document's components). */
export function resolve(doc: OpenApiDocument, schema: Json | undefined): Json {
  let s = schema ?? {};
  for (let i = 0; i < 10 && typeof s.$ref === "string"; i++) {
    const name = s.$ref.split("/").pop()!;
    s = doc.components?.schemas?.[name] ?? {};
  }
  return s;
}

/** A plausible value of `schema`: the valid shape the fuzz then breaks one part of. */
export function exampleFor(doc: OpenApiDocument, schema: Json | undefined, depth = 0): unknown {
  const s = resolve(doc, schema);
  // Deep enough for a template tree (tree → lists → list → tasks → task → tags → tag).
  if (depth > 10) return null;
  if ("const" in s) return s.const;
  if (Array.isArray(s.enum)) return s.enum[0];
  for (const key of ["anyOf", "oneOf", "allOf"]) {
    const options = s[key];
    if (Array.isArray(options) && options.length) {
      const first = (options as Json[]).find((o) => resolve(doc, o).type !== "null") ?? options[0];
      return exampleFor(doc, first as Json, depth + 1);
    }
  }
  const type = Array.isArray(s.type) ? (s.type as string[]).find((t) => t !== "null") : s.type;
  switch (type) {
    case "object": {
      const out: Json = {};
      for (const [key, child] of Object.entries((s.properties as Record<string, Json>) ?? {})) {
        out[key] = exampleFor(doc, child, depth + 1);
      }
      return out;
    }
    case "array":
      return [exampleFor(doc, s.items as Json, depth + 1)];
    case "integer":
    case "number":
      return typeof s.minimum === "number" ? s.minimum : 1;
    case "boolean":
      return true;
    case "string": {
      if (s.format === "email") return "fuzz@example.test";
      if (s.format === "date-time") return "2026-11-18T10:00:00.000Z";
      if (s.format === "date") return "2026-11-16";
      if (s.format === "uri") return "http://localhost:3000/";
      const min = typeof s.minLength === "number" ? s.minLength : 1;
      return "fuzz".padEnd(Math.max(min, 4), "z");
    }
    default:
      return null;
  }
}

/** Fill `{name}` segments of an OpenAPI path (values are percent-encoded unless `raw`). */
export function fillPath(path: string, values: Record<string, string>, raw = false): string {
  return path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
    const v = values[name] ?? "fuzz-id";
    return raw ? v : encodeURIComponent(v);
  });
}

export interface Sent {
  status: number;
  text: string;
  contentType: string;
}

let ipCounter = 0;
/** A new client address per request (10.x.y.z), deterministic across runs. */
export function nextIp(): string {
  const n = ++ipCounter;
  return `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
}

/** A cookie-keeping caller of the in-process app that reads every answer but a live stream. */
export class RawClient {
  readonly cookies = new Map<string, string>();
  constructor(private readonly ctx: TestContext) {}

  async send(
    method: string,
    pathname: string,
    init: { body?: string; contentType?: string; headers?: Record<string, string> } = {},
  ): Promise<Sent> {
    const headers: Record<string, string> = {
      origin: "http://localhost:3000",
      "x-forwarded-for": nextIp(),
      ...init.headers,
    };
    if (init.contentType) headers["content-type"] = init.contentType;
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await this.ctx.app.request(`http://localhost:3000${pathname}`, {
      method,
      headers,
      body: method === "GET" || method === "HEAD" ? undefined : init.body,
    });
    keepCookies(this.cookies, res.headers);
    const contentType = res.headers.get("content-type") ?? "";
    if (contentType.startsWith("text/event-stream")) {
      await res.body?.cancel();
      return { status: res.status, text: "", contentType };
    }
    return { status: res.status, text: await res.text(), contentType };
  }

  json(method: string, pathname: string, body?: unknown) {
    return this.send(method, pathname, {
      body: body === undefined ? undefined : JSON.stringify(body),
      contentType: body === undefined ? undefined : "application/json",
    });
  }
}

export interface Caller {
  name: "signed-out" | "member" | "admin" | "owner";
  client: RawClient;
  email?: string;
  password?: string;
  userId?: string;
}

export const FUZZ_PASSWORD = "fuzzing horse battery staple";

/** Sign a user up through better-auth with a RawClient (signed in afterwards). */
export async function signUpRaw(ctx: TestContext, label: string): Promise<Caller & { userId: string }> {
  const client = new RawClient(ctx);
  const email = `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${randomBytes(4).toString("hex")}@example.test`;
  const res = await client.json("POST", "/api/auth/sign-up/email", {
    email,
    password: FUZZ_PASSWORD,
    name: label,
  });
  if (res.status !== 200) throw new Error(`sign-up failed: ${res.status} ${res.text}`);
  const userId = (JSON.parse(res.text) as { user: { id: string } }).user.id;
  return { name: "member", client, email, password: FUZZ_PASSWORD, userId };
}

/** Put the caller back into `organizationId` as its current workspace, signed in (the fuzz may sign it out). */
export async function restoreCaller(ctx: TestContext, caller: Caller, organizationId: string): Promise<void> {
  if (caller.name === "signed-out") {
    caller.client.cookies.clear();
    return;
  }
  const me = await caller.client.send("GET", "/api/me");
  if (me.status === 401) {
    const res = await caller.client.json("POST", "/api/auth/sign-in/email", {
      email: caller.email,
      password: caller.password,
    });
    if (res.status !== 200)
      throw new Error(`${caller.name} could not sign in again: ${res.status} ${res.text}`);
  }
  await ctx.database.raw.query(`update profiles set current_organization_id = $2 where id = $1`, [
    caller.userId,
    organizationId,
  ]);
}

/** ClickUp that refuses every token at once: routes reach their error paths without the network. */
export const refusingClickUp: ClickUpRuntime = {
  apiUrl: "http://clickup.refusing/api/v2",
  clientId: "fuzz-oauth-app",
  clientSecret: "fuzz-oauth-secret",
  fetch: (async () =>
    new Response(JSON.stringify({ err: "Token invalid", ECODE: "OAUTH_025" }), {
      status: 401,
      headers: { "content-type": "application/json" },
    })) as typeof fetch,
  simulated: true,
  clientOptions: { backoffMs: 1, maxRetries: 0 },
};

/** A workspace with an owner, an admin and a member, each a signed-in RawClient. */
export async function workspaceWithCallers(ctx: TestContext, name: string) {
  const owner = { ...(await signUpRaw(ctx, `${name}-owner`)), name: "owner" as const };
  const created = await owner.client.json("POST", "/api/workspaces", { name });
  if (created.status !== 201) throw new Error(`workspace: ${created.status} ${created.text}`);
  const organizationId = (JSON.parse(created.text) as { id: string }).id;
  const admin = { ...(await signUpRaw(ctx, `${name}-admin`)), name: "admin" as const };
  const member = { ...(await signUpRaw(ctx, `${name}-member`)), name: "member" as const };
  await addMember(ctx, organizationId, admin.userId, "admin");
  await addMember(ctx, organizationId, member.userId, "member");
  for (const c of [admin, member]) await restoreCaller(ctx, c, organizationId);
  return { organizationId, owner, admin, member };
}

export async function fuzzContext(): Promise<TestContext> {
  return createTestContext({}, { clickup: refusingClickUp, now: () => new Date("2026-11-18T10:00:00Z") });
}

/** A stack trace, a source location or SQL/driver text in an answer: never meant for a client. */
const LEAK =
  /\bat [\w$.<>]+ \(|\bat (file|node):|\.(ts|js|mjs):\d+:\d+|node_modules|duplicate key value|violates .* constraint|invalid byte sequence|syntax error at or near|unterminated quoted|\b(RangeError|TypeError|ReferenceError|SyntaxError):|\b(select|insert into|update|delete from)\b[^"\n]{0,120}\b(from|values|set|where)\b [a-z_]+/i;

export function leakIn(text: string): string | null {
  const m = LEAK.exec(text);
  return m ? text.slice(Math.max(0, m.index - 40), m.index + 80) : null;
}
