import type { Hono } from "hono";
import { teamAllowed, userAllowed, type ConsentDecision, type ConsentPolicy } from "../consent";
import type { SlackCtx, SlackEnv, SlackServices } from "../context";
import { SlackApiError } from "../errors";
import type { SlackOAuthApp, SlackTeam, SlackUser } from "../model";
import { escapeHtml, page } from "./html";

/** One authorize request, as the page got it (redirect_uri as sent: null when omitted). */
interface AuthorizeParams {
  clientId: string;
  requestedRedirectUri: string | null;
  redirectUri: string;
  state: string | null;
  scope: string;
  userScope: string;
  scopes: string[];
  userScopes: string[];
  /** `team` of the authorize URL: the workspace to preselect. */
  team: string | null;
}

/**
 * The consent page at `/oauth/v2/authorize` (slack-api.md §1.1). The simulator has no Slack
 * login: the person picks one of the simulated workspaces the consent policy allows (and, for
 * `incoming-webhook`, a channel) and approves as that workspace's first allowed person; Cancel
 * redirects with `error=access_denied`. Errors that make the redirect unsafe (unknown client,
 * bad redirect_uri, invalid scope) are shown on the page instead.
 */
export function registerOAuthRoutes(app: Hono<SlackEnv>, services: SlackServices): void {
  const { state, auth, stats } = services;
  // Read per request: the host may replace the policy after mounting (sim.setConsentPolicy).
  const consent: ConsentPolicy = (request, st) => services.consent(request, st);

  const errorPage = (c: SlackCtx, code: string, detail?: string) => {
    stats.record("oauth.v2.authorize", code, 400);
    return c.html(
      page(
        "Slack: authorization error",
        `<h1>Something's wrong with this link</h1><div class="error" role="alert"><code>${escapeHtml(code)}</code>${
          detail ? ` ${escapeHtml(detail)}` : ""
        }</div>`,
      ),
      400,
    );
  };

  const back = (params: AuthorizeParams, extra: Record<string, string>) => {
    const url = new URL(params.redirectUri);
    for (const [k, v] of Object.entries(extra)) url.searchParams.set(k, v);
    if (params.state !== null) url.searchParams.set("state", params.state);
    return url.toString();
  };

  const refusedPage = (c: SlackCtx, params: AuthorizeParams, message: string) =>
    c.html(
      page(
        "Slack: authorization refused",
        `<h1>Cannot install</h1><div class="error" role="alert">${escapeHtml(message)}</div>` +
          `<p><a href="${escapeHtml(back(params, { error: "access_denied" }))}">Back to the app</a></p>`,
      ),
      403,
    );

  const teamsFor = (decision: ConsentDecision): SlackTeam[] =>
    [...state.teams.values()].filter((t) => teamAllowed(decision, t.id) && installerOf(t.id, decision));

  const installerOf = (teamId: string, decision: ConsentDecision): SlackUser | undefined =>
    state.usersOf(teamId).find((u) => userAllowed(decision, u.id));

  /** Channels a webhook may post to: not archived, public or private with the installer in it. */
  const webhookChannels = (teamId: string, installer: SlackUser | undefined) =>
    state
      .channelsOf(teamId)
      .filter((ch) => !ch.isArchived && (!ch.isPrivate || (installer && ch.members.has(installer.id))));

  /** Parse and check the authorize parameters; a SlackApiError names what is wrong. */
  const parse = (get: (name: string) => string | null): { app: SlackOAuthApp; params: AuthorizeParams } => {
    const app = auth.app(get("client_id"));
    if (!app) throw new SlackApiError("invalid_client_id");
    const requested = get("redirect_uri") || null;
    const redirectUri = auth.resolveRedirectUri(app, requested);
    const scope = get("scope") ?? "";
    const userScope = get("user_scope") ?? "";
    const scopes = auth.parseScopes(scope);
    const userScopes = auth.parseScopes(userScope);
    if (scopes.length === 0 && userScopes.length === 0) throw new SlackApiError("invalid_scope");
    return {
      app,
      params: {
        clientId: app.clientId,
        requestedRedirectUri: requested,
        redirectUri,
        state: get("state"),
        scope,
        userScope,
        scopes,
        userScopes,
        team: get("team"),
      },
    };
  };

  const render = (
    c: SlackCtx,
    app: SlackOAuthApp,
    params: AuthorizeParams,
    decision: ConsentDecision,
    selected: { teamId?: string | null; channelId?: string | null },
    error?: string,
  ) => {
    const teams = teamsFor(decision);
    const teamId = teams.some((t) => t.id === selected.teamId) ? selected.teamId : teams[0]?.id;
    const hidden = [
      ["client_id", params.clientId],
      ["redirect_uri", params.requestedRedirectUri ?? ""],
      ["scope", params.scope],
      ["user_scope", params.userScope],
      ...(params.state !== null ? [["state", params.state]] : []),
    ]
      .map(([n, v]) => `<input type="hidden" name="${escapeHtml(n)}" value="${escapeHtml(v)}">`)
      .join("");
    const teamRadios = teams
      .map((t) => {
        const who = installerOf(t.id, decision);
        return `<label><input type="radio" name="team_id" value="${escapeHtml(t.id)}"${t.id === teamId ? " checked" : ""}> ${escapeHtml(t.name)} <span class="muted">(${escapeHtml(t.domain)}.slack.com, as ${escapeHtml(who?.realName ?? "")})</span></label>`;
      })
      .join("");
    const wantsWebhook = params.scopes.includes("incoming-webhook");
    const channelOptions = wantsWebhook
      ? teams
          .map(
            (t) =>
              `<optgroup label="${escapeHtml(t.name)}">` +
              webhookChannels(t.id, installerOf(t.id, decision))
                .map(
                  (ch) =>
                    `<option value="${escapeHtml(ch.id)}"${ch.id === selected.channelId ? " selected" : ""}>${ch.isPrivate ? "🔒" : "#"}${escapeHtml(ch.name)}</option>`,
                )
                .join("") +
              `</optgroup>`,
          )
          .join("")
      : "";
    const scopeItems = [...params.scopes, ...params.userScopes.map((s) => `${s} (as you)`)]
      .map((s) => `<li><code>${escapeHtml(s)}</code></li>`)
      .join("");
    const body = `
<h1>${escapeHtml(app.name)} is requesting permission to access a Slack workspace</h1>
${error ? `<div class="error" role="alert">${escapeHtml(error)}</div>` : ""}
<form method="post" action="${escapeHtml(c.req.path)}">
  ${hidden}
  <fieldset><legend>Workspace</legend>${teams.length ? teamRadios : `<p class="muted">No workspace can install this app from here.</p>`}</fieldset>
  <fieldset><legend>What will ${escapeHtml(app.name)} be able to do?</legend><ul>${scopeItems}</ul></fieldset>
  ${
    wantsWebhook
      ? `<fieldset><legend>Where should ${escapeHtml(app.name)} post?</legend><label>Channel <select name="channel_id" aria-label="Channel to post to"><option value="">Search for a channel…</option>${channelOptions}</select></label></fieldset>`
      : ""
  }
  <div class="actions">
    <button class="secondary" type="submit" name="decision" value="deny">Cancel</button>
    <button class="primary" type="submit" name="decision" value="allow"${teams.length ? "" : " disabled"}>Allow</button>
  </div>
</form>`;
    stats.record("oauth.v2.authorize", error ? "consent_error" : "ok", error ? 400 : 200);
    return c.html(page(`Install ${app.name}`, body), error ? 400 : 200);
  };

  app.get("/oauth/v2/authorize", async (c) => {
    const q = new URL(c.req.url).searchParams;
    let parsed;
    try {
      parsed = parse((n) => q.get(n));
    } catch (err) {
      if (err instanceof SlackApiError) return errorPage(c, err.code);
      throw err;
    }
    const { app: oauthApp, params } = parsed;
    const decision = await consent(
      { clientId: oauthApp.clientId, redirectUri: params.redirectUri, state: params.state },
      state,
    );
    if (decision.kind === "refuse") return refusedPage(c, params, decision.message);
    return render(c, oauthApp, params, decision, { teamId: params.team });
  });

  app.post("/oauth/v2/authorize", async (c) => {
    const form = await c.req.parseBody();
    const get = (name: string): string | null => {
      const v = form[name];
      return typeof v === "string" ? v : null;
    };
    let parsed;
    try {
      parsed = parse(get);
    } catch (err) {
      if (err instanceof SlackApiError) return errorPage(c, err.code);
      throw err;
    }
    const { app: oauthApp, params } = parsed;
    if (get("decision") !== "allow") {
      stats.record("oauth.v2.authorize", "access_denied", 302);
      return c.redirect(back(params, { error: "access_denied" }), 302);
    }
    const decision = await consent(
      { clientId: oauthApp.clientId, redirectUri: params.redirectUri, state: params.state },
      state,
    );
    if (decision.kind === "refuse") return refusedPage(c, params, decision.message);
    const teamId = get("team_id");
    const team = teamId ? teamsFor(decision).find((t) => t.id === teamId) : undefined;
    const channelId = get("channel_id") || null;
    if (!team) return render(c, oauthApp, params, decision, { channelId }, "Pick a workspace.");
    const installer = installerOf(team.id, decision);
    if (!installer) return refusedPage(c, params, "Nobody in this workspace may install the app from here.");
    let webhookChannelId: string | null = null;
    if (params.scopes.includes("incoming-webhook")) {
      const channel = webhookChannels(team.id, installer).find((ch) => ch.id === channelId);
      if (!channel)
        return render(
          c,
          oauthApp,
          params,
          decision,
          { teamId: team.id },
          `Pick a channel in ${team.name} for ${oauthApp.name} to post to.`,
        );
      webhookChannelId = channel.id;
    }
    const code = auth.issueCode({
      clientId: oauthApp.clientId,
      teamId: team.id,
      userId: installer.id,
      scopes: params.scopes,
      userScopes: params.userScopes,
      redirectUri: params.requestedRedirectUri,
      webhookChannelId,
    });
    stats.record("oauth.v2.authorize", "approved", 302);
    return c.redirect(back(params, { code: code.code }), 302);
  });
}
