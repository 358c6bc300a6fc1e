import type { Context } from "hono";
import type { Access } from "./access";
import type { AuthService } from "./auth";
import type { ConsentPolicy } from "./consent";
import { errors } from "./errors";
import type { HierarchyOperations } from "./hierarchy-operations";
import type { Faults } from "./faults";
import type { SimOperations } from "./operations";
import type { RateLimiter } from "./rate-limit";
import type { SimState } from "./state";
import type { SimStats } from "./stats";
import type { TaskQueryCache } from "./task-query";
import type { WebhookDispatcher } from "./webhooks";

/** Per-request variables set by the simulator's middleware. */
export type SimEnv = {
  Variables: {
    /** Origin plus mount prefix, e.g. "http://localhost:3000/__sim/clickup". */
    baseUrl: string;
    /** Mount prefix only ("" when mounted at the root). */
    mountPath: string;
    access: Access;
  };
};

export type SimCtx = Context<SimEnv>;

/** Everything route handlers need. */
export interface SimServices {
  state: SimState;
  ops: SimOperations;
  /** Folder and list writes. */
  hierarchy: HierarchyOperations;
  auth: AuthService;
  /** Which simulated users the consent page offers for a request (default: anyone). */
  consent: ConsentPolicy;
  faults: Faults;
  stats: SimStats;
  rateLimiter: RateLimiter;
  webhooks: WebhookDispatcher;
  queryCache: TaskQueryCache;
}

/** JSON request body (ClickUp bodies are always JSON); empty body → {}. */
export async function readJson(c: SimCtx): Promise<Record<string, unknown>> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw errors.badRequest("Request body must be a JSON object", "JSON_001");
}

export function queryParams(c: SimCtx): URLSearchParams {
  return new URL(c.req.url).searchParams;
}

export function flag(params: URLSearchParams, name: string): boolean {
  const v = params.get(name);
  return v === "true" || v === "1";
}

export function optNumber(raw: unknown, name: string): number | undefined {
  if (raw === undefined || raw === null || raw === "") return undefined;
  const n = typeof raw === "number" ? raw : Number(raw);
  if (!Number.isFinite(n)) throw errors.badRequest(`${name} must be a number`, "INPUT_005");
  return n;
}

/** `null` clears, a number sets, absent leaves unchanged. */
export function optNullableNumber(raw: unknown, name: string): number | null | undefined {
  if (raw === null) return null;
  return optNumber(raw, name);
}

export function optString(raw: unknown, name: string): string | undefined {
  if (raw === undefined || raw === null) return undefined;
  if (typeof raw !== "string") throw errors.badRequest(`${name} must be a string`, "INPUT_006");
  return raw;
}

export function optBoolean(raw: unknown): boolean | undefined {
  if (raw === undefined || raw === null) return undefined;
  return raw === true || raw === "true" || raw === 1;
}
