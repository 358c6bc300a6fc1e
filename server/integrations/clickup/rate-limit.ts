import { createHash } from "node:crypto";

/**
 * Per-token request scheduler driven by ClickUp's `X-RateLimit-*` headers (clickup-api.md §6.1).
 *
 * ClickUp counts requests per token in one-minute windows. We keep our own budget for the
 * current window — seeded from the headers and decremented for every request we dispatch — and
 * never dispatch when the budget is spent: the caller waits until the window resets. Until the
 * first response tells us the limit, only one request is in flight, so we cannot overshoot.
 */
export interface RateLimitSnapshot {
  limit: number | null;
  remaining: number | null;
  /** Epoch ms (local clock) when the window resets. */
  resetAt: number | null;
  inFlight: number;
  waits: number;
}

export interface RateLimitHeaders {
  limit: number | null;
  remaining: number | null;
  /** Epoch seconds (server clock). */
  reset: number | null;
  /** Server clock from the `Date` header (ms), to correct skew. */
  serverDate: number | null;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class RateLimitScheduler {
  private limit: number | null = null;
  private budget: number | null = null;
  private resetAt: number | null = null;
  private inFlight = 0;
  private waits = 0;
  /** Responses came without rate-limit headers: the server does not limit us. */
  private unlimited = false;
  private readonly queue: Array<() => void> = [];

  constructor(
    private readonly maxConcurrency = 4,
    private readonly now: () => number = Date.now,
  ) {}

  snapshot(): RateLimitSnapshot {
    return {
      limit: this.limit,
      remaining: this.budget,
      resetAt: this.resetAt,
      inFlight: this.inFlight,
      waits: this.waits,
    };
  }

  /** Wait for a slot; resolves when the request may be sent. Call `release` after the response. */
  async acquire(): Promise<void> {
    for (;;) {
      this.rollWindow();
      const concurrency = this.limit === null && !this.unlimited ? 1 : this.maxConcurrency;
      if (this.inFlight < concurrency && (this.budget === null || this.budget > 0)) {
        this.inFlight++;
        if (this.budget !== null) this.budget--;
        return;
      }
      if (this.budget !== null && this.budget <= 0 && this.inFlight === 0) {
        this.waits++;
        if (this.resetAt === null) {
          await sleep(1000);
          this.budget = 1;
        } else {
          await sleep(Math.max(25, this.resetAt - this.now() + 50));
        }
        continue;
      }
      await new Promise<void>((resolve) => this.queue.push(resolve));
    }
  }

  release(headers: RateLimitHeaders | null): void {
    this.inFlight = Math.max(0, this.inFlight - 1);
    if (headers) this.observe(headers);
    // Wake everyone waiting; each re-checks the budget.
    const waiting = this.queue.splice(0);
    for (const wake of waiting) wake();
  }

  /** A 429: the window is spent; wait for its reset (or `fallbackMs` when no header says when). */
  exhausted(headers: RateLimitHeaders | null, fallbackMs: number): void {
    this.budget = 0;
    const resetAt = headers ? this.resetFrom(headers) : null;
    this.resetAt = resetAt ?? this.now() + fallbackMs;
  }

  private resetFrom(h: RateLimitHeaders): number | null {
    if (h.reset === null) return null;
    const skew = h.serverDate !== null ? h.serverDate - this.now() : 0;
    return h.reset * 1000 - skew;
  }

  private observe(h: RateLimitHeaders): void {
    if (h.limit === null || h.remaining === null) {
      if (this.limit === null) this.unlimited = true;
      return;
    }
    this.unlimited = false;
    const resetAt = this.resetFrom(h);
    const newWindow = resetAt !== null && (this.resetAt === null || resetAt > this.resetAt + 500);
    this.limit = h.limit;
    if (newWindow) {
      this.resetAt = resetAt;
      // Requests already in flight in this window will count against it too.
      this.budget = Math.max(0, h.remaining - this.inFlight);
    } else {
      this.budget = Math.min(this.budget ?? h.remaining, Math.max(0, h.remaining - this.inFlight));
    }
  }

  private rollWindow(): void {
    if (this.resetAt !== null && this.now() >= this.resetAt) {
      // Window over: the budget is refilled, but until a response confirms it, be conservative
      // and let one request through to learn the new window.
      this.resetAt = null;
      this.budget = this.limit === null ? null : 1;
    }
  }
}

const schedulers = new Map<string, RateLimitScheduler>();

/** One scheduler per token (keyed by a hash so tokens are never kept as map keys). */
export function schedulerFor(token: string, maxConcurrency = 4): RateLimitScheduler {
  const key = createHash("sha256").update(token).digest("hex");
  let s = schedulers.get(key);
  if (!s) {
    s = new RateLimitScheduler(maxConcurrency);
    schedulers.set(key, s);
  }
  return s;
}
