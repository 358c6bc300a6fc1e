/**
 * Per-token request budget (clickup-api.md §6.1): a fixed one-minute window per token, with
 * `X-RateLimit-Reset` in epoch seconds at the end of the window. `null` disables limiting.
 */
export interface RateLimitVerdict {
  limited: boolean;
  limit: number;
  remaining: number;
  /** Unix epoch seconds when the window resets. */
  reset: number;
}

const WINDOW_MS = 60_000;

export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private perMinute: number | null,
    private readonly now: () => number,
  ) {}

  get limit(): number | null {
    return this.perMinute;
  }

  setLimit(perMinute: number | null): void {
    this.perMinute = perMinute;
    this.windows.clear();
  }

  reset(): void {
    this.windows.clear();
  }

  /** Count one request for `token`; null when unlimited. */
  hit(token: string): RateLimitVerdict | null {
    if (this.perMinute === null) return null;
    const now = this.now();
    let w = this.windows.get(token);
    if (!w || now >= w.start + WINDOW_MS) {
      w = { start: now, count: 0 };
      this.windows.set(token, w);
    }
    const reset = Math.ceil((w.start + WINDOW_MS) / 1000);
    if (w.count >= this.perMinute) return { limited: true, limit: this.perMinute, remaining: 0, reset };
    w.count++;
    return { limited: false, limit: this.perMinute, remaining: this.perMinute - w.count, reset };
  }
}
