/**
 * Slack's rate limits (slack-api.md §6): per method, per app, per workspace, as token buckets —
 * `burst` calls at once, refilled at `perMinute`. Over the limit the Web API answers HTTP 429
 * `ratelimited` with `Retry-After` (seconds until the next call would pass); other methods and
 * other workspaces are unaffected.
 */
export interface BucketLimit {
  /** Calls allowed at once (bucket size). */
  burst: number;
  /** Refill rate. */
  perMinute: number;
}

/** What is limited: Web API methods, chat.postMessage per channel and per workspace, webhooks per URL. */
export type LimitName =
  | "auth.test"
  | "auth.revoke"
  | "conversations.list"
  | "oauth.v2.access"
  | "chat.postMessage"
  | "chat.postMessage:workspace"
  | "webhook";

/** Tiers 1/2/3/4 = 1+/20+/50+/100+ per minute; specials as documented. */
export const DEFAULT_LIMITS: Record<LimitName, BucketLimit> = {
  // Special: "hundreds of requests per minute".
  "auth.test": { burst: 100, perMinute: 300 },
  // Tier 3.
  "auth.revoke": { burst: 50, perMinute: 50 },
  // Tier 2.
  "conversations.list": { burst: 20, perMinute: 20 },
  // "600 per minute", per app.
  "oauth.v2.access": { burst: 100, perMinute: 600 },
  // Special: about one message per second per channel, bursts tolerated…
  "chat.postMessage": { burst: 10, perMinute: 60 },
  // …and "several hundred messages per minute" per workspace.
  "chat.postMessage:workspace": { burst: 100, perMinute: 300 },
  // Incoming webhooks: one per second per URL, short bursts.
  webhook: { burst: 10, perMinute: 60 },
};

interface Bucket {
  tokens: number;
  at: number;
}

export class SlackRateLimiter {
  private limits: Record<LimitName, BucketLimit | null>;
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    overrides: Partial<Record<LimitName, BucketLimit | null>> | false,
    private readonly now: () => number,
  ) {
    this.limits = { ...DEFAULT_LIMITS };
    if (overrides === false) for (const k of Object.keys(this.limits) as LimitName[]) this.limits[k] = null;
    else Object.assign(this.limits, overrides);
  }

  /** Change one limit (`null` = unlimited); its buckets start full. */
  set(name: LimitName, limit: BucketLimit | null): void {
    this.limits[name] = limit;
    for (const key of [...this.buckets.keys()]) if (key.startsWith(`${name}|`)) this.buckets.delete(key);
  }

  get(name: LimitName): BucketLimit | null {
    return this.limits[name];
  }

  reset(): void {
    this.buckets.clear();
  }

  private level(name: LimitName, key: string, limit: BucketLimit, now: number): Bucket {
    const id = `${name}|${key}`;
    let b = this.buckets.get(id);
    if (!b) {
      b = { tokens: limit.burst, at: now };
      this.buckets.set(id, b);
    }
    const refill = ((now - b.at) / 60_000) * limit.perMinute;
    b.tokens = Math.min(limit.burst, b.tokens + refill);
    b.at = now;
    return b;
  }

  /**
   * Spend one call from every named bucket, or none: returns null when the call may pass, else
   * the Retry-After in whole seconds (at least 1).
   */
  take(checks: { name: LimitName; key: string }[]): number | null {
    const now = this.now();
    const active = checks
      .map((c) => ({ ...c, limit: this.limits[c.name] }))
      .filter((c): c is { name: LimitName; key: string; limit: BucketLimit } => c.limit !== null);
    const buckets = active.map((c) => ({ c, b: this.level(c.name, c.key, c.limit, now) }));
    let wait = 0;
    for (const { c, b } of buckets) {
      if (b.tokens >= 1) continue;
      const ms = ((1 - b.tokens) / c.limit.perMinute) * 60_000;
      wait = Math.max(wait, Math.max(1, Math.ceil(ms / 1000)));
    }
    if (wait > 0) return wait;
    for (const { b } of buckets) b.tokens -= 1;
    return null;
  }
}
