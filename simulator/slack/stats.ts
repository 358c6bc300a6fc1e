/** Call counters for assertions ("how many posts did that take?") and the /sim/stats endpoint. */
export class SlackStats {
  total = 0;
  /** Keyed by Web API method, "webhook", "oauth.v2.authorize" or "unknown". */
  byMethod: Record<string, number> = {};
  /** Keyed by error code ("ok" for successes). */
  byResult: Record<string, number> = {};
  /** Answers with HTTP 429 (real or injected). */
  rateLimited = 0;
  /** Calls that met an injected fault (an error or a delay). */
  faultsInjected = 0;

  record(method: string, result: string, status: number): void {
    this.total++;
    this.byMethod[method] = (this.byMethod[method] ?? 0) + 1;
    this.byResult[result] = (this.byResult[result] ?? 0) + 1;
    if (status === 429) this.rateLimited++;
  }

  reset(): void {
    this.total = 0;
    this.byMethod = {};
    this.byResult = {};
    this.rateLimited = 0;
    this.faultsInjected = 0;
  }

  snapshot() {
    return {
      total: this.total,
      byMethod: { ...this.byMethod },
      byResult: { ...this.byResult },
      rateLimited: this.rateLimited,
      faultsInjected: this.faultsInjected,
    };
  }
}
