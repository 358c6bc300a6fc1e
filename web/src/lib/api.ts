import type { z } from "zod";

/** The one error shape every API answer uses (server/lib/errors.ts). */
export interface ApiErrorBody {
  error: { code: string; message: string; fields?: { field: string; message: string }[] };
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields?: { field: string; message: string }[],
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The message of an answer whose body does not match the contract's response schema. */
export const UNEXPECTED_SHAPE_MESSAGE = "The server answered in an unexpected shape";
export const UNEXPECTED_SHAPE_CODE = "unexpected_shape";

export type ApiInit = RequestInit & { json?: unknown };

const NO_CONTENT = Symbol("no content");

/** How long a preloaded answer may wait for the screen that asks for it. */
const PRELOAD_TTL_MS = 15_000;
const preloaded = new Map<string, { at: number; res: Promise<Response> }>();

/**
 * Start GETs the first screen will make before its code and the session have arrived (main.tsx):
 * the first apiFetch of the same path, within a few seconds, takes that answer instead of asking
 * again, so the screen's data no longer waits behind the session round trip.
 */
export function preloadGets(paths: readonly string[]): Promise<Response>[] {
  return paths.map((path) => {
    const res = fetch(path, { credentials: "same-origin", headers: { accept: "application/json" } });
    res.catch(() => undefined); // an unused preload that fails is not an error anyone sees
    preloaded.set(path, { at: Date.now(), res });
    return res;
  });
}

function takePreloaded(path: string, init: ApiInit): Promise<Response> | null {
  const entry = preloaded.get(path);
  if (!entry) return null;
  preloaded.delete(path);
  const plainGet = (init.method ?? "GET") === "GET" && init.json === undefined && !init.headers;
  return plainGet && Date.now() - entry.at < PRELOAD_TTL_MS ? entry.res : null;
}

/** fetch against our API with cookies and JSON in and out; ApiError on any non-2xx answer. */
async function request(path: string, init: ApiInit): Promise<{ status: number; body: unknown }> {
  const { json, headers, ...rest } = init;
  const res = await (takePreloaded(path, init) ??
    fetch(path, {
      credentials: "same-origin",
      ...rest,
      headers: {
        accept: "application/json",
        ...(json !== undefined ? { "content-type": "application/json" } : {}),
        ...headers,
      },
      ...(json !== undefined ? { body: JSON.stringify(json) } : {}),
    }));
  if (res.status === 204) return { status: 204, body: NO_CONTENT };
  const text = await res.text();
  const body: unknown = text ? safeJson(text) : undefined;
  if (!res.ok) {
    const err = (body as ApiErrorBody | undefined)?.error;
    throw new ApiError(
      res.status,
      err?.code ?? "http_error",
      err?.message ?? `Request failed (${res.status})`,
      err?.fields,
    );
  }
  return { status: res.status, body };
}

/**
 * Calls the API and checks the answer against the response schema of the module's contract
 * (server/modules/<area>/contract.ts), so what the screens read is what the type says.
 * An answer of another shape raises ApiError(UNEXPECTED_SHAPE_MESSAGE).
 */
export async function apiFetch<S extends z.ZodType>(
  path: string,
  schema: S,
  init: ApiInit = {},
): Promise<z.output<S>> {
  const { status, body } = await request(path, init);
  const parsed = schema.safeParse(body === NO_CONTENT ? undefined : body);
  if (parsed.success) return parsed.data;
  if (import.meta.env.DEV) {
    console.error(`${UNEXPECTED_SHAPE_MESSAGE}: ${init.method ?? "GET"} ${path}`, parsed.error.issues);
  }
  throw new ApiError(status, UNEXPECTED_SHAPE_CODE, UNEXPECTED_SHAPE_MESSAGE);
}

/** Calls the API for its effect only (204s and answers nobody reads): no body, no schema. */
export async function apiSend(path: string, init: ApiInit = {}): Promise<void> {
  await request(path, init);
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
