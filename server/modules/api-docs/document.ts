import fs from "node:fs";
import { openAPI } from "better-auth/plugins";
import type { Hono } from "hono";
import { generateSpecs, resolver } from "hono-openapi";
import type { AppDeps, AppEnv } from "../../context";
import { errorBodyResponse, errorBodySchema } from "../../lib/openapi";
import type { OpenApiDocument } from "./contract";

type Json = Record<string, unknown>;

const APP_VERSION = (
  JSON.parse(fs.readFileSync(new URL("../../../package.json", import.meta.url), "utf8")) as {
    version: string;
  }
).version;

/** The security scheme every non-public route needs (better-auth's HttpOnly session cookie). */
export const SESSION_SCHEME = "sessionCookie";

/** Where better-auth is mounted (server/auth/auth.ts basePath, server/app.ts). */
const AUTH_BASE = "/api/auth";

const HTTP_METHODS = new Set(["get", "put", "post", "delete", "options", "head", "patch", "trace"]);

/**
 * The whole API as one OpenAPI 3.1 document: every route of `app` that carries documented() /
 * validate() metadata (hono-openapi reads it from the middleware), plus better-auth's endpoints
 * under /api/auth (its catch-all would otherwise be one opaque route), answered in our error shape.
 */
export async function buildOpenApiDocument(app: Hono<AppEnv>, deps: AppDeps): Promise<OpenApiDocument> {
  const authContext = await deps.auth.$context;
  const errorBody = await resolver(errorBodySchema).toOpenAPISchema();
  const doc = (await generateSpecs(app, {
    documentation: {
      openapi: "3.1.0",
      info: {
        title: "Agency Hub API",
        version: APP_VERSION,
        description:
          "Plan people and money for creative and service agencies, synced with ClickUp. Every error " +
          "answers `{ error: { code, message, fields? } }`; sign in through `/api/auth/sign-in/email` " +
          "to get the session cookie the other routes need.",
      },
      servers: [{ url: deps.config.publicUrl, description: "This instance" }],
      components: {
        schemas: { ...errorBody.components?.schemas },
        securitySchemes: {
          [SESSION_SCHEME]: {
            type: "apiKey",
            in: "cookie",
            name: authContext.authCookies.sessionToken.name,
            description: "The HttpOnly session cookie set by sign-in (/api/auth/sign-in/email).",
          },
        },
      },
      security: [{ [SESSION_SCHEME]: [] }],
    },
    // Routes that only validate() (no documented()) still answer 400 in our shape.
    defaultValidationErrorResponse: errorBodyResponse("Invalid input: the fields and reasons"),
    // Our only dotted path is /api/openapi.json itself, which belongs in the document.
    excludeStaticFile: false,
    // The document is the API: not the web app, nor the ClickUp simulator mounted beside it.
    exclude: [/^(?!\/api\/)/],
  })) as unknown as OpenApiDocument & { components: Json & { schemas?: Json } };
  describeBareResponses(doc);

  mergeAuthEndpoints(doc, await betterAuthDocument(authContext));
  return doc;
}

/**
 * hono-openapi gives a route with validate() but no documented() a bare `200: {}`, which OpenAPI
 * refuses (a response needs a description). Say what it is; the coverage test still names the
 * route until it gets documented({ response }).
 */
function describeBareResponses(doc: OpenApiDocument) {
  for (const item of Object.values(doc.paths)) {
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !operation || typeof operation !== "object") continue;
      const responses = (operation as Json).responses as Record<string, Json> | undefined;
      for (const response of Object.values(responses ?? {})) {
        if (!("$ref" in response) && typeof response.description !== "string") {
          response.description = "Not documented yet";
        }
      }
    }
  }
}

/**
 * better-auth's description of its endpoints, from its openAPI plugin's schema endpoint called
 * in-process on our auth context: the plugin is not installed (so /api/auth gains no route of
 * its own, and no reference page that loads scripts from a CDN).
 */
async function betterAuthDocument(authContext: unknown): Promise<Json> {
  const endpoint = openAPI({ disableDefaultReference: true }).endpoints
    .generateOpenAPISchema as unknown as (input: { context: unknown }) => Promise<Json>;
  return endpoint({ context: authContext });
}

/**
 * better-auth's own description of its endpoints (its openAPI plugin's generator, run without
 * installing the plugin), moved under /api/auth: our tags, the session cookie instead of its
 * bearer scheme, and our error shape (server/auth/routes.ts rewrites its errors into ErrorBody).
 * Routes we define ourselves under /api/auth (resend, config) keep our description.
 */
function mergeAuthEndpoints(doc: OpenApiDocument & { components: Json & { schemas?: Json } }, auth: Json) {
  const authPaths = (auth.paths ?? {}) as Record<string, Json>;
  const authSchemas = ((auth.components as Json | undefined)?.schemas ?? {}) as Record<string, unknown>;
  const referenced = new Set<string>();

  for (const [path, item] of Object.entries(authPaths)) {
    const fullPath = `${AUTH_BASE}${path}`;
    const target = (doc.paths[fullPath] ??= {});
    for (const [method, operation] of Object.entries(item)) {
      if (!HTTP_METHODS.has(method) || !operation || method in target) continue;
      target[method] = authOperation(path, operation as Json, referenced);
    }
    if (Object.keys(target).length === 0) delete doc.paths[fullPath];
  }

  // Only the models the endpoints point at, renamed so they cannot clash with ours (Session, User…).
  const schemas = (doc.components.schemas ??= {});
  const pending = [...referenced];
  while (pending.length) {
    const name = pending.pop()!;
    if (`Auth${name}` in schemas || !(name in authSchemas)) continue;
    const found = new Set<string>();
    schemas[`Auth${name}`] = adaptAuthSchema(authSchemas[name], found);
    pending.push(...found);
  }
}

/** What our wrapper (server/auth/routes.ts) adds around some of better-auth's endpoints. */
const AUTH_NOTES: Record<string, string> = {
  "/sign-out":
    "Here sign-out is global: every session of the user ends, and the remembered workspace is cleared.",
  "/sign-in/email":
    "Also limited per account (besides per IP); failures and sign-ins go to the security log.",
  "/request-password-reset":
    "Also limited per account; the answer is the same whether or not the address has an account.",
};

/** Summaries for the endpoints better-auth leaves undescribed. */
const AUTH_SUMMARIES: Record<string, string> = {
  "/callback/{id}": "Where the OAuth provider (Google) sends the browser back after sign-in or linking",
  "/change-email": "Change the user's e-mail address",
};

function authOperation(path: string, operation: Json, referenced: Set<string>): Json {
  const { security: _bearer, tags, responses, description, ...rest } = operation;
  const pluginTags = ((tags as string[] | undefined) ?? []).filter((t) => t !== "Default");
  const ourResponses: Json = {};
  for (const [status, response] of Object.entries((responses ?? {}) as Record<string, Json>)) {
    ourResponses[status] =
      Number(status) >= 400
        ? errorBodyResponse(String(response.description ?? "Error"))
        : adaptAuthSchema(response, referenced);
  }
  if (!Object.keys(ourResponses).some((s) => s.startsWith("2") || s.startsWith("3"))) {
    ourResponses["200"] = { description: "OK" };
  }
  const text = typeof description === "string" ? description.trim() : "";
  const summary = AUTH_SUMMARIES[path] ?? (text.split(/(?<=\.)\s/)[0] ?? text).replace(/\.$/, "");
  const details = [text, AUTH_NOTES[path]].filter(Boolean).join("\n\n");
  return {
    ...(adaptAuthSchema(rest, referenced) as Json),
    summary: summary || `better-auth ${path}`,
    ...(details ? { description: details } : {}),
    tags: pluginTags.length ? pluginTags.map((t) => `Authentication: ${t}`) : ["Authentication"],
    // Sign-in and friends need no session; the others read it from the cookie.
    security: [{}, { [SESSION_SCHEME]: [] }],
    responses: ourResponses,
  };
}

/**
 * A deep copy fit for our document: `#/components/schemas/X` renamed to `AuthX` (X noted in
 * `referenced`), and OpenAPI 3.0's `nullable: true` written the 3.1 way (`type: [t, "null"]`).
 */
function adaptAuthSchema(value: unknown, referenced: Set<string>): unknown {
  if (Array.isArray(value)) return value.map((v) => adaptAuthSchema(v, referenced));
  if (!value || typeof value !== "object") return value;
  const out: Json = {};
  const { nullable, ...source } = value as Json;
  for (const [key, v] of Object.entries(source)) {
    if (v === undefined) continue;
    if (key === "$ref" && typeof v === "string" && v.startsWith("#/components/schemas/")) {
      const name = v.slice("#/components/schemas/".length);
      referenced.add(name);
      out[key] = `#/components/schemas/Auth${name}`;
    } else if (key === "properties" && v && typeof v === "object") {
      // A map of names to schemas (a property may be called "nullable"), not a schema itself.
      out[key] = Object.fromEntries(
        Object.entries(v as Json).map(([name, schema]) => [name, adaptAuthSchema(schema, referenced)]),
      );
    } else {
      out[key] = adaptAuthSchema(v, referenced);
    }
  }
  if (nullable === true && typeof out.type === "string") out.type = [out.type, "null"];
  else if (nullable === true) return { anyOf: [out, { type: "null" }] };
  else if (nullable !== undefined && typeof nullable !== "boolean") out.nullable = nullable;
  return out;
}
