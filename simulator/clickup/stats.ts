/** Request and delivery counters for benchmarks and assertions ("how many calls did a sync take?"). */
export interface WebhookStats {
  /** Deliveries queued (one per matching webhook and event). */
  queued: number;
  /** Deliveries that got a 2xx. */
  delivered: number;
  /** Individual failed attempts (non-2xx, timeout, network error). */
  failedAttempts: number;
  /** Deliveries given up after the last retry, or lost to `dropWebhooks`. */
  dropped: number;
}

export class SimStats {
  total = 0;
  /** Keyed by "METHOD /api/v2/route/:param" (the matched route below the mount point). */
  byRoute: Record<string, number> = {};
  byStatus: Record<string, number> = {};
  /** Responses with status 429 (rate limited or injected). */
  rateLimited = 0;
  /** Requests that got an injected fault (5xx, forced failure or malformed body). */
  faultsInjected = 0;
  webhooks: WebhookStats = { queued: 0, delivered: 0, failedAttempts: 0, dropped: 0 };

  record(route: string, status: number): void {
    this.total++;
    this.byRoute[route] = (this.byRoute[route] ?? 0) + 1;
    this.byStatus[String(status)] = (this.byStatus[String(status)] ?? 0) + 1;
    if (status === 429) this.rateLimited++;
  }

  reset(): void {
    this.total = 0;
    this.byRoute = {};
    this.byStatus = {};
    this.rateLimited = 0;
    this.faultsInjected = 0;
    this.webhooks = { queued: 0, delivered: 0, failedAttempts: 0, dropped: 0 };
  }

  snapshot(): {
    total: number;
    byRoute: Record<string, number>;
    byStatus: Record<string, number>;
    rateLimited: number;
    faultsInjected: number;
    webhooks: WebhookStats;
  } {
    return {
      total: this.total,
      byRoute: { ...this.byRoute },
      byStatus: { ...this.byStatus },
      rateLimited: this.rateLimited,
      faultsInjected: this.faultsInjected,
      webhooks: { ...this.webhooks },
    };
  }
}
