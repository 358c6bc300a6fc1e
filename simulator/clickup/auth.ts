import { errors } from "./errors";
import type { AuthCode, OAuthApp, TokenRecord } from "./model";
import { createPrng, hashString } from "./prng";
import type { SimState } from "./state";

/** Authorization codes live this long (ClickUp's are short-lived; the doc gives no number). */
export const AUTH_CODE_TTL_MS = 10 * 60_000;

export interface RegisterOAuthAppInput {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Shown on the authorize page. */
  name?: string;
}

/**
 * Personal tokens, OAuth apps, authorization codes and access tokens (clickup-api.md §1).
 * Personal tokens never expire and are one per user (regenerating replaces the old one). OAuth
 * tokens never expire either, there is no refresh token, and re-running the flow for the same
 * user and app returns the same token with the newly picked workspaces.
 */
export class AuthService {
  private readonly regenerations = new Map<number, number>();

  constructor(
    private readonly state: SimState,
    private readonly seed: number,
    /** Personal tokens from the OS's random source rather than the (public) seed. */
    private readonly unguessableSecrets = false,
  ) {}

  /** 32 upper-case alphanumerics derived from seed, user and generation: stable across restarts. */
  private personalSecret(userId: number, generation: number): string {
    const prng = createPrng(hashString(`pk:${userId}:${generation}`, this.seed >>> 0));
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    let out = "";
    for (let i = 0; i < 32; i++) out += alphabet[Math.floor(prng.next() * alphabet.length)];
    return out;
  }

  registerOAuthApp(input: RegisterOAuthAppInput): OAuthApp {
    const app: OAuthApp = {
      clientId: input.clientId,
      clientSecret: input.clientSecret,
      redirectUris: [...input.redirectUris],
      name: input.name ?? "Agency Hub",
    };
    this.state.oauthApps.set(app.clientId, app);
    return app;
  }

  /** The user's `pk_…` token; an existing one is returned unless `regenerate` is set. */
  createPersonalToken(userId: number, opts: { regenerate?: boolean } = {}): string {
    if (!this.state.users.has(userId)) throw new Error(`unknown user ${userId}`);
    const existing = this.state.personalTokenByUser.get(userId);
    if (existing && !opts.regenerate) return existing;
    if (existing) this.state.tokens.delete(existing);
    const generation = (this.regenerations.get(userId) ?? 0) + (existing ? 1 : 0);
    this.regenerations.set(userId, generation);
    const secret = this.unguessableSecrets
      ? this.state.ids.secret(32)
      : this.personalSecret(userId, generation);
    const token = `pk_${userId}_${secret}`;
    this.state.tokens.set(token, { token, userId, kind: "personal", clientId: null, teamIds: null });
    this.state.personalTokenByUser.set(userId, token);
    return token;
  }

  /** Revoke any token (tests of "token revoked" handling). */
  revokeToken(token: string): void {
    const rec = this.state.tokens.get(token);
    if (!rec) return;
    this.state.tokens.delete(token);
    if (rec.kind === "personal") this.state.personalTokenByUser.delete(rec.userId);
    else this.state.oauthTokenByUserApp.delete(`${rec.clientId}:${rec.userId}`);
  }

  /** Token record for an `Authorization` header value (`pk_…`, `Bearer …` or a raw token). */
  resolveHeader(header: string | undefined): TokenRecord {
    const value = header?.trim() ?? "";
    if (!value) throw errors.missingAuthHeader();
    const token = /^bearer\s+/i.test(value) ? value.replace(/^bearer\s+/i, "").trim() : value;
    const rec = this.state.tokens.get(token);
    if (!rec || !this.state.users.has(rec.userId)) throw errors.tokenNotFound();
    return rec;
  }

  app(clientId: string | null | undefined): OAuthApp {
    const app = clientId ? this.state.oauthApps.get(clientId) : undefined;
    if (!app) throw errors.clientNotFound();
    return app;
  }

  /**
   * Redirect URIs are matched on origin; when the registered URI has a path other than "/",
   * the path must match too. (ClickUp compares registered redirect URLs loosely by domain.)
   */
  checkRedirectUri(app: OAuthApp, redirectUri: string | null | undefined): string {
    if (!redirectUri) throw errors.redirectUriMissing();
    let target: URL;
    try {
      target = new URL(redirectUri);
    } catch {
      throw errors.redirectUriNotRegistered();
    }
    const ok = app.redirectUris.some((registered) => {
      try {
        const r = new URL(registered);
        if (r.origin !== target.origin) return false;
        return r.pathname === "/" || r.pathname === "" || r.pathname === target.pathname;
      } catch {
        return false;
      }
    });
    if (!ok) throw errors.redirectUriNotRegistered();
    return redirectUri;
  }

  issueCode(app: OAuthApp, userId: number, teamIds: string[], redirectUri: string): AuthCode {
    const code: AuthCode = {
      code: this.state.ids.secret(32),
      clientId: app.clientId,
      userId,
      teamIds,
      redirectUri,
      expiresAt: this.state.now() + AUTH_CODE_TTL_MS,
      used: false,
    };
    this.state.authCodes.set(code.code, code);
    return code;
  }

  exchangeCode(
    clientId: string | undefined,
    clientSecret: string | undefined,
    code: string | undefined,
  ): string {
    const app = this.app(clientId);
    if (app.clientSecret !== clientSecret) throw errors.clientNotFound();
    const record = code ? this.state.authCodes.get(code) : undefined;
    if (!record || record.used || record.clientId !== app.clientId || record.expiresAt <= this.state.now())
      throw errors.codeNotFound();
    record.used = true;
    const key = `${app.clientId}:${record.userId}`;
    let token = this.state.oauthTokenByUserApp.get(key);
    if (!token) {
      token = `${record.userId}_${this.state.ids.secretHex(40)}`;
      this.state.oauthTokenByUserApp.set(key, token);
    }
    this.state.tokens.set(token, {
      token,
      userId: record.userId,
      kind: "oauth",
      clientId: app.clientId,
      teamIds: new Set(record.teamIds),
    });
    return token;
  }
}
