import { slackError } from "./errors";
import type { AuthCode, IncomingWebhook, SlackInstall, SlackOAuthApp, TokenRecord } from "./model";
import type { SlackState } from "./state";

/** Codes expire after 10 minutes (slack-api.md §1.1). */
export const AUTH_CODE_TTL_MS = 10 * 60_000;

/** Scopes the authorize page accepts; anything else is `invalid_scope`. */
export const KNOWN_SCOPES: ReadonlySet<string> = new Set([
  "app_mentions:read",
  "channels:history",
  "channels:join",
  "channels:read",
  "chat:write",
  "chat:write.customize",
  "chat:write.public",
  "commands",
  "groups:history",
  "groups:read",
  "im:history",
  "im:read",
  "im:write",
  "incoming-webhook",
  "mpim:read",
  "team:read",
  "users:read",
  "users:read.email",
]);

export interface RegisterSlackAppInput {
  clientId: string;
  clientSecret: string;
  /** Redirect URLs: an authorize `redirect_uri` must equal one or be a sub-path of one. */
  redirectUris: string[];
  /** Shown on the consent page. Default "Agency Hub". */
  name?: string;
}

export interface ExchangeInput {
  clientId: string | undefined;
  clientSecret: string | undefined;
  code: string | undefined;
  redirectUri: string | undefined;
  grantType: string | undefined;
}

/** The parts of a request a token may come from (slack-api.md §0: JSON bodies need the header). */
export interface TokenSources {
  authorization: string | undefined;
  /** `token` from the query string or a form body (never from JSON). */
  param: string | undefined;
}

const splitScopes = (raw: string | null | undefined): string[] =>
  (raw ?? "")
    .split(/[,\s]+/)
    .map((s) => s.trim())
    .filter(Boolean);

/** OAuth apps, authorization codes, installs, bot/user tokens and incoming webhooks (slack-api.md §1, §2). */
export class SlackAuth {
  constructor(private readonly state: SlackState) {}

  registerApp(input: RegisterSlackAppInput): SlackOAuthApp {
    const existing = this.state.apps.get(input.clientId);
    const app: SlackOAuthApp = {
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      redirectUris: [...input.redirectUris],
      appId: existing?.appId ?? this.state.id("A", 10),
      name: input.name ?? "Agency Hub",
    };
    this.state.apps.set(app.clientId, app);
    return app;
  }

  app(clientId: string | null | undefined): SlackOAuthApp | undefined {
    return clientId ? this.state.apps.get(clientId) : undefined;
  }

  /**
   * The redirect_uri to use: the requested one when it equals or is a sub-path of a registered
   * URL (no `#`), the first registered one when none is sent; else `bad_redirect_uri`.
   */
  resolveRedirectUri(app: SlackOAuthApp, requested: string | null): string {
    if (requested === null || requested === "") {
      const first = app.redirectUris[0];
      if (!first) throw slackError("bad_redirect_uri");
      return first;
    }
    let target: URL;
    try {
      target = new URL(requested);
    } catch {
      throw slackError("bad_redirect_uri");
    }
    if (requested.includes("#")) throw slackError("bad_redirect_uri");
    const ok = app.redirectUris.some((registered) => {
      try {
        const r = new URL(registered);
        if (r.origin !== target.origin) return false;
        const base = r.pathname.endsWith("/") ? r.pathname : `${r.pathname}/`;
        return target.pathname === r.pathname || target.pathname.startsWith(base);
      } catch {
        return false;
      }
    });
    if (!ok) throw slackError("bad_redirect_uri");
    return requested;
  }

  /** Bot or user scopes from the authorize URL; an unknown one is `invalid_scope`. */
  parseScopes(raw: string | null): string[] {
    const scopes = [...new Set(splitScopes(raw))];
    for (const s of scopes) if (!KNOWN_SCOPES.has(s)) throw slackError("invalid_scope", { scope: s });
    return scopes;
  }

  issueCode(input: Omit<AuthCode, "code" | "expiresAt" | "used">): AuthCode {
    const code: AuthCode = {
      ...input,
      code: `${this.state.digits(12)}.${this.state.digits(12)}.${this.state.secret(32, "0123456789abcdef")}`,
      expiresAt: this.state.now() + AUTH_CODE_TTL_MS,
      used: false,
    };
    this.state.codes.set(code.code, code);
    return code;
  }

  /** oauth.v2.access (slack-api.md §1.2): single-use code, client secret, same redirect_uri. */
  exchange(input: ExchangeInput, baseUrl: string): Record<string, unknown> {
    const app = this.app(input.clientId);
    if (!app) throw slackError("invalid_client_id");
    if (input.clientSecret !== app.clientSecret) throw slackError("bad_client_secret");
    const grant = input.grantType ?? "authorization_code";
    // The simulator issues no rotating tokens, so there is no refresh token to redeem.
    if (grant === "refresh_token") throw slackError("invalid_refresh_token");
    if (grant !== "authorization_code") throw slackError("invalid_grant_type");
    const record = input.code ? this.state.codes.get(input.code) : undefined;
    if (!record || record.used || record.clientId !== app.clientId || record.expiresAt <= this.state.now())
      throw slackError("invalid_code");
    if (record.redirectUri !== null && input.redirectUri !== record.redirectUri)
      throw slackError("bad_redirect_uri");
    record.used = true;
    const team = this.state.teams.get(record.teamId);
    if (!team) throw slackError("invalid_code");

    const install = this.install(app, record.teamId, record.scopes);
    const body: Record<string, unknown> = {
      ok: true,
      access_token: install.botToken,
      token_type: "bot",
      scope: [...install.scopes].join(","),
      bot_user_id: install.botUserId,
      app_id: app.appId,
      team: { name: team.name, id: team.id },
      enterprise: null,
      is_enterprise_install: false,
      authed_user: this.authedUser(app, record),
    };
    if (record.scopes.includes("incoming-webhook") && record.webhookChannelId) {
      const hook = this.createWebhook(app, install, record.webhookChannelId);
      const channel = this.state.channels.get(hook.channelId);
      body["incoming_webhook"] = {
        channel: `#${channel?.name ?? hook.channelId}`,
        channel_id: hook.channelId,
        configuration_url: `https://${team.domain}.slack.com/services/${hook.id}`,
        url: webhookUrl(baseUrl, hook),
      };
    }
    return body;
  }

  /** The app's install in the workspace: created, re-activated after a revoke, or with more scopes. */
  private install(app: SlackOAuthApp, teamId: string, scopes: string[]): SlackInstall {
    const key = `${app.clientId}:${teamId}`;
    let install = this.state.installs.get(key);
    if (!install) {
      const botUserId = this.state.id("U", 10);
      install = {
        clientId: app.clientId,
        teamId,
        botUserId,
        botId: this.state.id("B", 10),
        botToken: "",
        scopes: new Set(),
        revoked: true,
      };
      this.state.installs.set(key, install);
      for (const channel of this.state.channelsOf(teamId))
        if (channel.botsJoinOnInstall) channel.members.add(botUserId);
    }
    // Scopes accumulate across re-installs; a revoked token is replaced by a new one.
    for (const s of scopes) install.scopes.add(s);
    if (install.revoked) {
      install.botToken = `xoxb-${this.state.digits(11)}-${this.state.digits(13)}-${this.state.secret(24)}`;
      install.revoked = false;
    }
    this.state.tokens.set(install.botToken, {
      token: install.botToken,
      kind: "bot",
      clientId: app.clientId,
      teamId,
      userId: install.botUserId,
      botId: install.botId,
      scopes: install.scopes,
      revoked: false,
    });
    return install;
  }

  private authedUser(app: SlackOAuthApp, record: AuthCode): Record<string, unknown> {
    if (record.userScopes.length === 0) return { id: record.userId };
    const token = `xoxp-${this.state.digits(11)}-${this.state.digits(11)}-${this.state.digits(13)}-${this.state.secret(32, "0123456789abcdef")}`;
    this.state.tokens.set(token, {
      token,
      kind: "user",
      clientId: app.clientId,
      teamId: record.teamId,
      userId: record.userId,
      botId: null,
      scopes: new Set(record.userScopes),
      revoked: false,
    });
    return { id: record.userId, scope: record.userScopes.join(","), access_token: token, token_type: "user" };
  }

  private createWebhook(app: SlackOAuthApp, install: SlackInstall, channelId: string): IncomingWebhook {
    const hook: IncomingWebhook = {
      id: this.state.id("B", 10),
      teamId: install.teamId,
      channelId,
      clientId: app.clientId,
      secret: this.state.secret(24),
      botToken: install.botToken,
      removed: false,
    };
    this.state.webhooks.set(hook.id, hook);
    // Installing a webhook adds the app to its channel (it posts there).
    this.state.channels.get(channelId)?.members.add(install.botUserId);
    return hook;
  }

  /** The token of a request: `not_authed` without one, `invalid_auth` unknown, `token_revoked` revoked. */
  resolve(sources: TokenSources): TokenRecord {
    const header = sources.authorization?.trim() ?? "";
    const bearer = /^bearer\s+/i.test(header) ? header.replace(/^bearer\s+/i, "").trim() : "";
    const token = bearer || sources.param?.trim() || "";
    if (!token) throw slackError("not_authed");
    const record = this.state.tokens.get(token);
    if (!record) throw slackError("invalid_auth");
    if (record.revoked) throw slackError("token_revoked");
    return record;
  }

  /** Revoke a token (auth.revoke, or a test). Revoking a bot token removes its incoming webhooks. */
  revoke(token: string): boolean {
    const record = this.state.tokens.get(token);
    if (!record || record.revoked) return false;
    record.revoked = true;
    if (record.kind === "bot") {
      const install = this.state.installs.get(`${record.clientId}:${record.teamId}`);
      if (install && install.botToken === token) install.revoked = true;
      for (const hook of this.state.webhooks.values()) if (hook.botToken === token) hook.removed = true;
    }
    return true;
  }
}

export function webhookUrl(baseUrl: string, hook: IncomingWebhook): string {
  return `${baseUrl}/services/${hook.teamId}/${hook.id}/${hook.secret}`;
}
