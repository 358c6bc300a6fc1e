/**
 * A Web API failure (slack-api.md §0): HTTP 200 with `{"ok": false, "error": code}` — only
 * `ratelimited` answers 429 (with Retry-After). `extra` adds fields such as `needed`/`provided`.
 */
export class SlackApiError extends Error {
  constructor(
    readonly code: string,
    readonly extra: Record<string, unknown> = {},
    readonly status: 200 | 429 | 500 | 502 | 503 | 504 = 200,
  ) {
    super(code);
    this.name = "SlackApiError";
  }

  get body(): Record<string, unknown> {
    return { ok: false, error: this.code, ...this.extra };
  }
}

export const slackError = (code: string, extra?: Record<string, unknown>) => new SlackApiError(code, extra);

export const missingScope = (needed: string, provided: Iterable<string>) =>
  new SlackApiError("missing_scope", { needed, provided: [...provided].join(",") });
