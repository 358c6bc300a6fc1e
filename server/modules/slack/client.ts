import type { SlackRuntime } from "./runtime";

/** A Web API answer with ok: false (HTTP 200), or a 429 `ratelimited` with its Retry-After. */
export class SlackApiError extends Error {
  constructor(
    readonly code: string,
    readonly retryAfterSeconds: number | null = null,
  ) {
    super(`Slack answered ${code}`);
    this.name = "SlackApiError";
  }
}

/** Token errors after which the install is gone: the owner must install again (slack-api.md §9). */
export const TOKEN_DEAD_ERRORS = new Set([
  "invalid_auth",
  "not_authed",
  "token_revoked",
  "token_expired",
  "account_inactive",
  "missing_scope",
]);

/** Errors worth another attempt later (the message was not posted). */
export const RETRYABLE_ERRORS = new Set([
  "ratelimited",
  "rate_limited",
  "internal_error",
  "fatal_error",
  "service_unavailable",
  "request_timeout",
  "network_error",
]);

type Params = Record<string, string | number | boolean | undefined>;

export interface SlackOAuthAccess {
  access_token: string;
  scope: string;
  bot_user_id: string;
  app_id: string;
  team: { id: string; name: string } | null;
}

export interface SlackChannel {
  id: string;
  name: string;
  is_private: boolean;
  is_archived: boolean;
  is_member: boolean;
}

/** The few Web API methods the notifier uses; every failure is a SlackApiError with Slack's code. */
export class SlackClient {
  constructor(
    private readonly rt: SlackRuntime,
    private readonly token: string | null = null,
  ) {}

  /** Form-encoded call (works for every method, required by conversations.list). */
  async call<T>(method: string, params: Params = {}, auth?: { basic: string }): Promise<T & { ok: true }> {
    const body = new URLSearchParams();
    for (const [k, v] of Object.entries(params)) if (v !== undefined) body.set(k, String(v));
    const headers: Record<string, string> = { "content-type": "application/x-www-form-urlencoded" };
    if (this.token) headers.authorization = `Bearer ${this.token}`;
    if (auth) headers.authorization = `Basic ${auth.basic}`;
    return this.send<T>(method, { method: "POST", headers, body: body.toString() });
  }

  /** JSON call with the bearer token (chat.postMessage). */
  async callJson<T>(method: string, json: unknown): Promise<T & { ok: true }> {
    return this.send<T>(method, {
      method: "POST",
      headers: {
        "content-type": "application/json; charset=utf-8",
        authorization: `Bearer ${this.token ?? ""}`,
      },
      body: JSON.stringify(json),
    });
  }

  private async send<T>(method: string, init: RequestInit): Promise<T & { ok: true }> {
    let res: Response;
    try {
      res = await this.rt.fetch(`${this.rt.apiUrl}/${method}`, {
        ...init,
        signal: AbortSignal.timeout(15_000),
      });
    } catch {
      throw new SlackApiError("network_error");
    }
    if (res.status === 429) {
      const retryAfter = Number(res.headers.get("retry-after"));
      throw new SlackApiError(
        "ratelimited",
        Number.isFinite(retryAfter) && retryAfter >= 0 ? retryAfter : 30,
      );
    }
    if (res.status >= 500) throw new SlackApiError("service_unavailable");
    let body: { ok?: boolean; error?: string };
    try {
      body = (await res.json()) as { ok?: boolean; error?: string };
    } catch {
      throw new SlackApiError("invalid_response");
    }
    if (body.ok !== true)
      throw new SlackApiError(typeof body.error === "string" ? body.error : "unknown_error");
    return body as T & { ok: true };
  }

  oauthAccess(code: string, redirectUri: string): Promise<SlackOAuthAccess> {
    const basic = Buffer.from(`${this.rt.clientId}:${this.rt.clientSecret}`).toString("base64");
    return this.call<SlackOAuthAccess>(
      "oauth.v2.access",
      { code, redirect_uri: redirectUri, grant_type: "authorization_code" },
      { basic },
    );
  }

  authTest(): Promise<{ team: string; team_id: string; user_id: string; bot_id?: string }> {
    return this.call("auth.test");
  }

  authRevoke(): Promise<{ revoked: boolean }> {
    return this.call("auth.revoke");
  }

  /** Every channel the picker offers, following next_cursor to the end (pages may be short or empty). */
  async allChannels(pageSize = 200): Promise<SlackChannel[]> {
    const out: SlackChannel[] = [];
    let cursor = "";
    for (let page = 0; page < 100; page++) {
      const res = await this.call<{ channels: SlackChannel[]; response_metadata?: { next_cursor?: string } }>(
        "conversations.list",
        {
          types: "public_channel,private_channel",
          exclude_archived: true,
          limit: pageSize,
          cursor: cursor || undefined,
        },
      );
      out.push(...res.channels);
      cursor = res.response_metadata?.next_cursor ?? "";
      if (!cursor) break;
    }
    return out;
  }

  postMessage(input: {
    channel: string;
    text: string;
    blocks?: unknown[];
  }): Promise<{ channel: string; ts: string }> {
    return this.callJson("chat.postMessage", { ...input, unfurl_links: false, unfurl_media: false });
  }
}
