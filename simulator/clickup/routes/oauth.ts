import type { Hono } from "hono";
import { teamAllowed, userAllowed, type ConsentDecision } from "../consent";
import type { SimCtx, SimEnv, SimServices } from "../context";
import { ClickUpError } from "../errors";
import type { OAuthApp, SimUser } from "../model";
import { escapeHtml, page } from "./html";

interface AuthorizeParams {
  clientId: string;
  redirectUri: string;
  state: string | null;
}

/**
 * The OAuth consent page at `/api` (mirrors https://app.clickup.com/api, §1.2) and the code
 * exchange at `/api/v2/oauth/token`. There is no ClickUp login in the simulator, so the page
 * lets you pick which simulated user is "signed in" (defaulting to `login_hint`/`email`) among
 * those the consent policy allows for this request; the POST checks the policy again, so a
 * hand-made form cannot pick anyone else.
 */
export function registerOAuthRoutes(root: Hono<SimEnv>, services: SimServices): void {
  const { state, auth, consent } = services;

  const errorPage = (c: SimCtx, err: ClickUpError) =>
    c.html(
      page(
        "Authorization error",
        `<h1>Cannot authorize</h1><div class="error">${escapeHtml(err.err)} <code>${escapeHtml(err.ecode)}</code></div>`,
      ),
      err.status,
    );

  /** The policy refused: say why, offer the way back to the app, issue nothing. */
  const refusedPage = (c: SimCtx, params: AuthorizeParams, message: string) => {
    const back = new URL(params.redirectUri);
    back.searchParams.set("error", "access_denied");
    if (params.state !== null) back.searchParams.set("state", params.state);
    return c.html(
      page(
        "Authorization refused",
        `<h1>Cannot authorize</h1><div class="error">${escapeHtml(message)}</div>` +
          `<p><a href="${escapeHtml(back.toString())}">Back to the app</a></p>`,
      ),
      403,
    );
  };

  const teamsOf = (user: SimUser, decision: ConsentDecision) =>
    state.teamList.filter((t) => t.members.some((m) => m.userId === user.id) && teamAllowed(decision, t.id));

  const usersFor = (decision: ConsentDecision) =>
    decision.kind === "any" ? state.userList : state.userList.filter((u) => userAllowed(decision, u.id));

  const render = (
    c: SimCtx,
    app: OAuthApp,
    params: AuthorizeParams,
    decision: ConsentDecision,
    user: SimUser | undefined,
    error?: string,
  ) => {
    const action = escapeHtml(c.req.path);
    const hidden = (extra = "") =>
      `<input type="hidden" name="client_id" value="${escapeHtml(params.clientId)}">` +
      `<input type="hidden" name="redirect_uri" value="${escapeHtml(params.redirectUri)}">` +
      (params.state !== null
        ? `<input type="hidden" name="state" value="${escapeHtml(params.state)}">`
        : "") +
      extra;
    const userOptions = usersFor(decision)
      .map(
        (u) =>
          `<option value="${escapeHtml(u.email)}"${u.id === user?.id ? " selected" : ""}>${escapeHtml(u.username)} &lt;${escapeHtml(u.email)}&gt;</option>`,
      )
      .join("");
    const teams = user ? teamsOf(user, decision) : [];
    const teamBoxes = teams.length
      ? teams
          .map(
            (t) =>
              `<label><input type="checkbox" name="team_ids" value="${escapeHtml(t.id)}" checked> ${escapeHtml(t.name)}</label>`,
          )
          .join("")
      : `<p class="muted">This user is not a member of any workspace.</p>`;
    const body = `
<h1>${escapeHtml(app.name)} wants to access your ClickUp account</h1>
<p class="muted">Select the Workspaces ${escapeHtml(app.name)} may access.</p>
${error ? `<div class="error">${escapeHtml(error)}</div>` : ""}
<form method="get" action="${action}">
  ${hidden()}
  <fieldset><legend>Signed in as</legend>
    <select name="email" aria-label="Signed-in user" onchange="this.form.submit()">${userOptions}</select>
    <noscript><button class="secondary" type="submit">Switch user</button></noscript>
  </fieldset>
</form>
<form method="post" action="${action}">
  ${hidden(`<input type="hidden" name="user_id" value="${escapeHtml(user?.id ?? "")}">`)}
  <fieldset><legend>Workspaces</legend>${teamBoxes}</fieldset>
  <div class="actions">
    <button class="primary" type="submit" name="decision" value="allow"${teams.length ? "" : " disabled"}>Connect Workspace</button>
    <button class="secondary" type="submit" name="decision" value="deny">Cancel</button>
  </div>
</form>`;
    return c.html(page(`Authorize ${app.name}`, body), error ? 400 : 200);
  };

  root.get("/api", async (c) => {
    const q = new URL(c.req.url).searchParams;
    try {
      const app = auth.app(q.get("client_id"));
      const redirectUri = auth.checkRedirectUri(app, q.get("redirect_uri"));
      const params: AuthorizeParams = { clientId: app.clientId, redirectUri, state: q.get("state") };
      const decision = await consent(params, state);
      if (decision.kind === "refuse") return refusedPage(c, params, decision.message);
      const users = usersFor(decision);
      const hint = q.get("email") ?? q.get("login_hint");
      const hinted = hint ? state.findUserByEmail(hint) : undefined;
      const user = hinted && userAllowed(decision, hinted.id) ? hinted : users[0];
      return render(c, app, params, decision, user);
    } catch (err) {
      if (err instanceof ClickUpError) return errorPage(c, err);
      throw err;
    }
  });

  root.post("/api", async (c) => {
    const form = await c.req.parseBody({ all: true });
    const one = (name: string): string | null => {
      const v = form[name];
      const first = Array.isArray(v) ? v[0] : v;
      return typeof first === "string" ? first : null;
    };
    try {
      const app = auth.app(one("client_id"));
      const redirectUri = auth.checkRedirectUri(app, one("redirect_uri"));
      const params: AuthorizeParams = { clientId: app.clientId, redirectUri, state: one("state") };
      const target = new URL(redirectUri);
      if (params.state !== null) target.searchParams.set("state", params.state);
      if (one("decision") === "deny") {
        target.searchParams.set("error", "access_denied");
        return c.redirect(target.toString(), 302);
      }
      const decision = await consent(params, state);
      if (decision.kind === "refuse") return refusedPage(c, params, decision.message);
      const user = state.users.get(Number(one("user_id")));
      if (user && !userAllowed(decision, user.id))
        return refusedPage(c, params, "This ClickUp account cannot be authorized from here.");
      if (!user) return render(c, app, params, decision, usersFor(decision)[0], "Pick a user to sign in as.");
      const raw = form["team_ids"];
      const picked = (Array.isArray(raw) ? raw : raw === undefined ? [] : [raw]).filter(
        (v): v is string => typeof v === "string",
      );
      const allowed = new Set(teamsOf(user, decision).map((t) => t.id));
      const teamIds = picked.filter((id) => allowed.has(id));
      if (teamIds.length === 0)
        return render(c, app, params, decision, user, "Select at least one Workspace.");
      const code = auth.issueCode(app, user.id, teamIds, redirectUri);
      target.searchParams.delete("state");
      target.searchParams.set("code", code.code);
      if (params.state !== null) target.searchParams.set("state", params.state);
      return c.redirect(target.toString(), 302);
    } catch (err) {
      if (err instanceof ClickUpError) return errorPage(c, err);
      throw err;
    }
  });

  // client_id, client_secret and code may come as query, JSON body or form body (§1.2 step 4).
  root.post("/api/v2/oauth/token", async (c) => {
    const q = new URL(c.req.url).searchParams;
    const fields: Record<string, string> = {};
    for (const key of ["client_id", "client_secret", "code"]) {
      const v = q.get(key);
      if (v !== null) fields[key] = v;
    }
    const type = c.req.header("content-type") ?? "";
    if (type.includes("application/json")) {
      const text = await c.req.text();
      if (text.trim()) {
        let body: unknown;
        try {
          body = JSON.parse(text);
        } catch {
          return c.json({ err: "Request body must be JSON", ECODE: "JSON_001" }, 400);
        }
        if (body && typeof body === "object") {
          for (const [k, v] of Object.entries(body as Record<string, unknown>))
            if (typeof v === "string" || typeof v === "number") fields[k] = String(v);
        }
      }
    } else if (type.includes("form")) {
      const form = await c.req.parseBody();
      for (const [k, v] of Object.entries(form)) if (typeof v === "string") fields[k] = v;
    }
    const token = auth.exchangeCode(fields["client_id"], fields["client_secret"], fields["code"]);
    return c.json({ access_token: token });
  });
}
