import type { Context, MiddlewareHandler } from "hono";
import { findInputProblem, hasUnstorableCharacters, MAX_INPUT_DEPTH } from "@domain/security";
import { storableText } from "@domain/storable-text";
import type { AppEnv } from "../context";
import { badRequest } from "./errors";

/*
 * One gate for input no person types and PostgreSQL cannot store: a NUL character or a lone UTF-16
 * surrogate anywhere in the path, the query string or the body of an /api request (better-auth's
 * /api/auth/* included), and JSON nested deeper than MAX_INPUT_DEPTH. Each is refused with 400
 * naming the field, before any handler, validator or better-auth sees the request — so no route
 * can crash on them (issue 11, item 10).
 */

/** Media types a handler parses as JSON (better-call's rule, plus anything saying application/json). */
const JSON_TYPE = /^application\/([a-z0-9.+-]*\+)?json/i;
const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const WRITE_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Provider webhooks carry third-party data; their own intake verifies and stores it. */
const isWebhook = (path: string) => path.startsWith("/api/webhooks/");

/** A write's body as its handler will parse it. */
export interface ScreenedBody {
  format: "json" | "form" | "text";
  /** JSON value, a form's string fields, or the text. */
  value: unknown;
}

const parsedBodies = new WeakMap<Request, Promise<ScreenedBody | undefined>>();

/**
 * The request body as its handler will parse it — JSON, a form's string fields, or text — or
 * `undefined` for a body that does not parse (the handler answers "Malformed JSON body") or a read
 * without a body. Parsed once per request from a clone, so every screen shares it.
 */
export function screenedBody(c: Context<AppEnv>): Promise<ScreenedBody | undefined> {
  const request = c.req.raw;
  let parsed = parsedBodies.get(request);
  if (!parsed) {
    parsed = readBody(request);
    parsedBodies.set(request, parsed);
  }
  return parsed;
}

async function readBody(request: Request): Promise<ScreenedBody | undefined> {
  if (!WRITE_METHODS.has(request.method) || !request.body) return undefined;
  const type = (request.headers.get("content-type") ?? "").toLowerCase();
  const copy = request.clone();
  if (JSON_TYPE.test(type) || type.includes("application/json")) {
    const text = await copy.text().catch(() => undefined);
    try {
      return text === undefined ? undefined : { format: "json", value: JSON.parse(text) as unknown };
    } catch {
      return undefined;
    }
  }
  if (FORM_TYPES.some((t) => type.includes(t))) {
    const form = await copy.formData().catch(() => undefined);
    if (!form) return undefined;
    const fields: Record<string, string> = {};
    form.forEach((value, key) => {
      fields[key] = typeof value === "string" ? value : "";
    });
    return { format: "form", value: fields };
  }
  const text = await copy.text().catch(() => undefined);
  return text === undefined ? undefined : { format: "text", value: text };
}

const UNSTORABLE_MESSAGE = "must not contain NUL characters or unpaired surrogates";

/** How the routes are named, to say which path parameter held the bad character. */
export type RouteTable = () => readonly { method: string; path: string }[];

/** Refuses NUL / lone surrogates in path, query and body, and over-deep JSON (see above). */
export function rejectUnsafeInput(routes: RouteTable = () => []): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const url = new URL(c.req.url);
    const badSegment = badPathSegment(url.pathname);
    if (badSegment !== null) {
      const field = pathParamName(routes(), c.req.method, url.pathname, badSegment);
      throw refusal("path", field, UNSTORABLE_MESSAGE);
    }
    for (const [key, value] of url.searchParams) {
      if (hasUnstorableCharacters(key) || hasUnstorableCharacters(value)) {
        throw refusal("query", storableText(key) || "query", UNSTORABLE_MESSAGE);
      }
    }
    if (!isWebhook(url.pathname)) {
      const body = await screenedBody(c);
      const problem = body === undefined ? null : findInputProblem(body.value, MAX_INPUT_DEPTH);
      if (problem) {
        const field = storableText(problem.path.split(".")[0] ?? "") || "body";
        if (problem.kind === "too_deep") {
          throw refusal("body", field, `is nested too deeply (more than ${MAX_INPUT_DEPTH} levels)`);
        }
        throw refusal("body", storableText(problem.path) || "body", UNSTORABLE_MESSAGE);
      }
    }
    await next();
  };
}

function refusal(where: "path" | "query" | "body", field: string, message: string) {
  return badRequest(`Invalid ${where}: ${field} — ${message}`, [{ field, message }]);
}

/**
 * Index of the first path segment that decodes to a NUL or a lone surrogate, or is not valid
 * percent-encoded UTF-8 (e.g. `%ED%A0%80`, an encoded lone surrogate); `null` when all are fine.
 */
function badPathSegment(pathname: string): number | null {
  const segments = pathname.split("/");
  for (let i = 0; i < segments.length; i++) {
    const raw = segments[i]!;
    if (!raw.includes("%")) continue;
    try {
      if (hasUnstorableCharacters(decodeURIComponent(raw))) return i;
    } catch {
      return i;
    }
  }
  return null;
}

/** The `:name` of the route parameter at segment `index` of `pathname`, else "path". */
function pathParamName(
  routes: readonly { method: string; path: string }[],
  method: string,
  pathname: string,
  index: number,
): string {
  const segments = pathname.split("/");
  for (const route of routes) {
    if (route.method !== method && !(method === "HEAD" && route.method === "GET")) continue;
    const pattern = route.path.split("/");
    if (pattern.length !== segments.length) continue;
    const fits = pattern.every((p, i) => p.startsWith(":") || i === index || p === segments[i]);
    const name = /^:([^{?]+)/.exec(pattern[index] ?? "")?.[1];
    if (fits && name) return name;
  }
  return "path";
}
