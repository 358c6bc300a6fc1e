import fs from "node:fs";
import { Validator } from "@seriousme/openapi-schema-validator";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../../../tests/api/harness";
import type { App } from "../../app";

type Json = Record<string, unknown>;
interface Operation {
  summary?: string;
  operationId?: string;
  tags?: string[];
  security?: Json[];
  requestBody?: { content?: Record<string, { schema?: Json }> };
  responses?: Record<string, { description?: string; content?: Record<string, { schema?: Json }> }>;
}
interface Document {
  openapi: string;
  info: { title: string; version: string };
  servers?: { url: string }[];
  security?: Json[];
  components: { schemas?: Json; securitySchemes?: Record<string, Json> };
  paths: Record<string, Record<string, Operation>>;
}

const HTTP_METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace"];
const ERROR_BODY_REF = "#/components/schemas/ErrorBody";
const packageVersion = (JSON.parse(fs.readFileSync("package.json", "utf8")) as { version: string }).version;

let t: TestContext;
let doc: Document;

beforeAll(async () => {
  t = await createTestContext();
  const res = await t.client().get<Document>("/api/openapi.json");
  expect(res.status, res.text).toBe(200);
  doc = res.body;
});

afterAll(async () => {
  await t?.close();
});

/** Every operation of the document as [path, method, operation]. */
function operations(): [string, string, Operation][] {
  return Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, op]): [string, string, Operation] => [path, method, op]),
  );
}

/**
 * The app's real routes (method + path) under /api, as Hono registered them: middleware-only
 * entries (`use`, method ALL — also better-auth's catch-all, documented through its own paths and
 * the 404 fallback) are not routes of their own; the SPA fallback and the ClickUp simulator
 * (/__sim) are not part of the API.
 */
function apiRoutes(app: App): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const route of app.routes) {
    if (route.method === "ALL") continue;
    if (!route.path.startsWith("/api/") || route.path.startsWith("/__sim")) continue;
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path });
  }
  return [...seen.values()];
}

/** Hono's `/projects/:id{[a-z]+}` / `:id?` as OpenAPI's `/projects/{id}`. */
function openApiPath(path: string): string {
  return path
    .split("/")
    .map((segment) => {
      const match = /^:([^{?]+)(?:\{.+\})?\??$/.exec(segment);
      return match ? `{${match[1]}}` : segment;
    })
    .join("/");
}

/** A 2xx answer with a described body (JSON schema or a media type), or a 204 that has none. */
function hasSuccessBody(op: Operation): boolean {
  return Object.entries(op.responses ?? {}).some(([status, response]) => {
    if (!/^2\d\d$/.test(status)) return false;
    if (status === "204") return true;
    return Object.values(response.content ?? {}).some((media) => media.schema !== undefined);
  });
}

function resolvePointer(ref: string): unknown {
  let node: unknown = doc;
  for (const raw of ref.slice(2).split("/")) {
    const key = decodeURIComponent(raw).replaceAll("~1", "/").replaceAll("~0", "~");
    if (!node || typeof node !== "object" || !(key in node)) return undefined;
    node = (node as Json)[key];
  }
  return node;
}

function collectRefs(value: unknown, out: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((v) => collectRefs(v, out));
  else if (value && typeof value === "object") {
    for (const [key, v] of Object.entries(value as Json)) {
      if (key === "$ref" && typeof v === "string") out.push(v);
      else collectRefs(v, out);
    }
  }
  return out;
}

describe("GET /api/openapi.json", () => {
  it("answers without a session: the Agency Hub API, version from package.json", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("Agency Hub API");
    expect(doc.info.version).toBe(packageVersion);
    expect(doc.servers?.[0]?.url).toBe(t.deps.config.publicUrl);
    expect(Object.keys(doc.paths).filter((p) => !p.startsWith("/api/"))).toEqual([]);
  });

  it("validates as an OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(structuredClone(doc) as unknown as Record<string, unknown>);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("resolves every $ref inside the document", () => {
    const dangling = [...new Set(collectRefs(doc))].filter(
      (ref) => !ref.startsWith("#/") || resolvePointer(ref) === undefined,
    );
    expect(dangling).toEqual([]);
  });

  it("gives every operation a unique operationId", () => {
    const ids = operations().map(([path, method, op]) => op.operationId ?? `(none: ${method} ${path})`);
    const duplicates = ids.filter((id, i) => ids.indexOf(id) !== i);
    expect(duplicates).toEqual([]);
  });

  it("asks for the session cookie by default; public routes opt out", () => {
    const scheme = doc.components.securitySchemes?.sessionCookie;
    expect(scheme).toMatchObject({ type: "apiKey", in: "cookie" });
    expect(scheme?.name).toMatch(/session_token$/);
    expect(doc.security).toEqual([{ sessionCookie: [] }]);
    expect(doc.paths["/api/openapi.json"]?.get?.security).toEqual([]);
    expect(doc.paths["/api/reference"]?.get?.security).toEqual([]);
  });

  it("describes every error answer with our one error shape (including validation 400s)", () => {
    const wrong: string[] = [];
    for (const [path, method, op] of operations()) {
      for (const [status, response] of Object.entries(op.responses ?? {})) {
        if (Number(status) < 400) continue;
        const schema = response.content?.["application/json"]?.schema;
        if (schema?.$ref !== ERROR_BODY_REF) wrong.push(`${method.toUpperCase()} ${path} ${status}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(doc.components.schemas?.ErrorBody).toMatchObject({
      type: "object",
      required: ["error"],
    });
  });

  it("documents better-auth's endpoints under /api/auth instead of one catch-all", () => {
    const signIn = doc.paths["/api/auth/sign-in/email"]?.post;
    expect(signIn).toBeDefined();
    expect(signIn?.tags).toEqual(["Authentication"]);
    const body = signIn?.requestBody?.content?.["application/json"]?.schema as
      { properties?: Json; required?: string[] } | undefined;
    expect(body?.required).toEqual(expect.arrayContaining(["email", "password"]));
    expect(signIn?.responses?.["429"]?.content?.["application/json"]?.schema).toEqual({
      $ref: ERROR_BODY_REF,
    });
    // Our own user fields show in sign-up; two-factor (a plugin) and session reads are there too.
    const signUp = doc.paths["/api/auth/sign-up/email"]?.post?.requestBody?.content?.["application/json"]
      ?.schema as { properties?: Json } | undefined;
    expect(Object.keys(signUp?.properties ?? {})).toEqual(
      expect.arrayContaining(["email", "password", "firstName", "lastName"]),
    );
    expect(doc.paths["/api/auth/two-factor/enable"]?.post).toBeDefined();
    expect(doc.paths["/api/auth/get-session"]?.get).toBeDefined();
    expect(doc.paths["/api/auth/sign-out"]?.post).toBeDefined();
    // No bearer scheme of better-auth's: it runs on cookies here.
    expect(doc.components.securitySchemes?.bearerAuth).toBeUndefined();
    // Our wrapper's own routes keep our description.
    expect(doc.paths["/api/auth/config"]?.get?.summary ?? "").not.toBe("");
    expect(Object.keys(doc.paths).filter((p) => p.includes("*"))).toEqual([]);
  });

  it("answers 404 in our shape for an unknown reference file", async () => {
    const res = await t.client().get<Json>("/api/reference/nope.js");
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ error: { code: "not_found" } });
  });
});

describe("coverage: every /api route is in the document with a success body", () => {
  it("finds the app's routes (sanity)", () => {
    const routes = apiRoutes(t.app).map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      expect.arrayContaining(["GET /api/openapi.json", "GET /api/reference", "POST /api/accessible-tasks"]),
    );
    expect(routes.some((r) => r.includes("/:"))).toBe(true);
  });

  it("names every route missing from /api/openapi.json or without a success response schema", () => {
    const problems: string[] = [];
    for (const { method, path } of apiRoutes(t.app)) {
      const op = doc.paths[openApiPath(path)]?.[method.toLowerCase()];
      if (!op) problems.push(`${method} ${path}: not in /api/openapi.json — add documented({...}) first`);
      else if (!hasSuccessBody(op))
        problems.push(`${method} ${path}: no success response schema — documented({ response | mediaType })`);
    }
    expect(problems).toEqual([]);
  });
});

describe("GET /api/reference", () => {
  it("answers the reference page as HTML without inline scripts, under the app's CSP", async () => {
    const res = await t.client().get("/api/reference");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/html/);
    expect(res.text).toContain('id="swagger-ui"');
    expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    const csp = res.headers.get("content-security-policy") ?? "";
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain("unsafe-eval");
  });

  it("serves every script, style sheet and icon the page loads from this server", async () => {
    const page = await t.client().get("/api/reference");
    const urls = [...page.text.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(urls.length).toBeGreaterThanOrEqual(4);
    const expected: Record<string, RegExp> = {
      ".js": /^text\/javascript/,
      ".css": /^text\/css/,
      ".png": /^image\/png/,
    };
    for (const url of urls) {
      expect(url.startsWith("/api/reference/"), url).toBe(true);
      const res = await t.app.request(`http://localhost:3000${url}`);
      expect(res.status, url).toBe(200);
      const type = Object.entries(expected).find(([ext]) => url.endsWith(ext))?.[1];
      expect(res.headers.get("content-type") ?? "", url).toMatch(type ?? /./);
      expect((await res.arrayBuffer()).byteLength, url).toBeGreaterThan(0);
    }
  });

  it("starts Swagger UI on /api/openapi.json from its own script file", async () => {
    const res = await t.client().get("/api/reference/init.js");
    expect(res.status).toBe(200);
    expect(res.text).toContain('url: "/api/openapi.json"');
    expect(res.text).toContain("validatorUrl: null");
  });
});
