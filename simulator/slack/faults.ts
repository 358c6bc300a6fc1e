import { createPrng, type Prng } from "../clickup/prng";

/** What `faults.add` accepts: which calls fail (or slow down), how often, and how. */
export interface SlackFaultRule {
  /**
   * A Web API method ("chat.postMessage", "oauth.v2.access", …), "webhook" for incoming
   * webhooks, or "*" for every call.
   */
  method: string;
  /** The next n matching calls are affected (default 1); `null` = every call until cleared. */
  times?: number | null;
  /** Instead of `times`: each matching call is affected with this probability (seeded, reproducible). */
  rate?: number;
  /**
   * The error to answer: a Web API error code (`{"ok":false,"error":…}`), or the plain-text body
   * of a webhook failure. Default: "ratelimited" when `status` is 429, else "internal_error"
   * (webhooks: "rollup_error"). Omit both `error` and `status` with `delayMs` for a slow success.
   */
  error?: string;
  /** HTTP status. Web API default 200 (429 for "ratelimited"); webhooks default 500 (429 for "ratelimited"). */
  status?: number;
  /** Retry-After seconds on a 429 (default 1). */
  retryAfter?: number;
  /** Wait this long before answering (the fault's error, or the real answer when there is none). */
  delayMs?: number;
}

/** The fault for one call, once its rule has matched. */
export interface SlackFault {
  delayMs: number;
  /** null: no error, only the delay. */
  failure: { error: string; status: number; retryAfter: number } | null;
}

interface ActiveRule {
  rule: SlackFaultRule;
  remaining: number | null;
}

/**
 * Injected faults, as in the ClickUp simulator (simulator/clickup/faults.ts): tests or a person
 * (POST /sim/faults) make the next n calls of a method fail with a given error and status, or
 * slow down. Rules are consumed in the order they were added; probabilities use a PRNG reseeded
 * on `set`/`clear`, so one configuration fails the same calls every run.
 */
export class SlackFaults {
  private rules: ActiveRule[] = [];
  private prng: Prng;

  constructor(private readonly seed: number) {
    this.prng = createPrng(seed ^ 0xfa17);
  }

  add(rule: SlackFaultRule): void {
    const remaining = rule.rate !== undefined || rule.times === null ? null : (rule.times ?? 1);
    this.rules.push({ rule: { ...rule }, remaining });
  }

  /** Replace every rule (and restart the random sequence). */
  set(rules: SlackFaultRule[], seed?: number): void {
    this.rules = [];
    this.prng = createPrng((seed ?? this.seed) ^ 0xfa17);
    for (const r of rules) this.add(r);
  }

  clear(): void {
    this.set([]);
  }

  get current(): (SlackFaultRule & { remaining: number | null })[] {
    return this.rules.map((r) => ({ ...r.rule, remaining: r.remaining }));
  }

  /** The fault for one call of `method` ("webhook" for incoming webhooks), or null. */
  take(method: string): SlackFault | null {
    for (const active of this.rules) {
      const { rule } = active;
      if (rule.method !== "*" && rule.method !== method) continue;
      if (rule.rate !== undefined) {
        if (!this.prng.chance(rule.rate)) continue;
      } else if (active.remaining !== null) {
        if (active.remaining <= 0) continue;
        active.remaining--;
      }
      this.rules = this.rules.filter((r) => r.remaining === null || r.remaining > 0);
      return toFault(rule, method === "webhook");
    }
    return null;
  }
}

function toFault(rule: SlackFaultRule, webhook: boolean): SlackFault {
  const delayMs = rule.delayMs ?? 0;
  if (rule.error === undefined && rule.status === undefined) {
    if (delayMs > 0) return { delayMs, failure: null };
  }
  const status = rule.status ?? (rule.error === "ratelimited" ? 429 : webhook ? 500 : 200);
  const error = rule.error ?? (status === 429 ? "ratelimited" : webhook ? "rollup_error" : "internal_error");
  return { delayMs, failure: { error, status, retryAfter: rule.retryAfter ?? 1 } };
}
