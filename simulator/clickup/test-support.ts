import { createClickUpSimulator, type ClickUpSimulator, type ClickUpSimulatorOptions } from "./index";

/** Wednesday 18 March 2026, 15:30 UTC: a fixed clock so tests see the same demo week. */
export const TEST_NOW = Date.UTC(2026, 2, 18, 15, 30);

export interface TestClock {
  now: () => number;
  set(ms: number): void;
  advance(ms: number): void;
}

export function testClock(start = TEST_NOW): TestClock {
  let current = start;
  return {
    now: () => current,
    set: (ms) => {
      current = ms;
    },
    advance: (ms) => {
      current += ms;
    },
  };
}

export function testSim(options: ClickUpSimulatorOptions = {}): ClickUpSimulator {
  return createClickUpSimulator({
    seed: 7,
    agency: "small",
    rateLimitPerMinute: null,
    now: () => TEST_NOW,
    ...options,
  });
}

export interface JsonResponse<T> {
  status: number;
  headers: Headers;
  body: T;
}

/** In-process request with a token (`Authorization` header as given: `pk_…` or `Bearer …`). */
export async function call<T = Record<string, unknown>>(
  sim: ClickUpSimulator,
  method: string,
  path: string,
  opts: { auth?: string; body?: unknown } = {},
): Promise<JsonResponse<T>> {
  const headers: Record<string, string> = {};
  if (opts.auth) headers["Authorization"] = opts.auth;
  if (opts.body !== undefined) headers["Content-Type"] = "application/json";
  const res = await sim.app.request(path, {
    method,
    headers,
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
}
