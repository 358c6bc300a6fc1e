import { sql } from "drizzle-orm";
import type { ClickUpSimulator } from "../../simulator/clickup/index";
import type { AppDeps } from "../context";
import { firstRow, run } from "../db/executor";
import { clickupRuntime } from "../integrations/clickup/runtime";
import { authorizeUrl } from "../integrations/clickup/client";
import { chooseClickupTeam } from "../modules/clickup/choose-clickup-team";
import { connectOwnAccount } from "../modules/clickup/connect-own-account";
import { connectWorkspace } from "../modules/clickup/connect-workspace";
import { exchangeOAuthCodeForToken } from "../modules/clickup/exchange-oauth-code";
import type { OAuthPurpose } from "../modules/clickup/oauth-state";
import { redirectUri, startClickupOAuth } from "../modules/clickup/start-clickup-oauth";
import { createWorkspace } from "../modules/workspaces/create-workspace";
import { systemContext, type RequestContext } from "../request-context";
import { bindSimulatedWorkspace } from "./embedded-clickup";
import { seedBudgets } from "./seed-budgets";
import { seedFinanceDocuments } from "./seed-finance-documents";
import { seedSows } from "./seed-sows";
import { seedCapacityAndRates } from "./seed-capacity-rates";
import { seedTemplates } from "./seed-templates";
import { seedTimesheetWeeks } from "./seed-timesheet-weeks";
import { seedWebhookActivity } from "./seed-webhook-activity";

export const DEMO_WORKSPACE_NAME = "Demo Agency";
export const DEMO_PASSWORD = "demo1234";
export const DEMO_SIGN_INS = [
  { email: "owner@demo.test", role: "owner", firstName: "Olivia", lastName: "Owner" },
  { email: "admin@demo.test", role: "admin", firstName: "Adam", lastName: "Admin" },
  { email: "member@demo.test", role: "member", firstName: "Maya", lastName: "Member" },
] as const;

type DemoSignIn = (typeof DEMO_SIGN_INS)[number];

/**
 * The demo boot acts as each demo person in turn (their OAuth consent, their connection), so
 * the audit trail and connected_by name them rather than the system.
 */
function actingAs(deps: AppDeps, organizationId: string, userId: string, u: DemoSignIn): RequestContext {
  const base = systemContext(deps, organizationId, u.role);
  return {
    ...base,
    userId,
    requestId: "demo-boot",
    user: {
      ...base.user,
      id: userId,
      email: u.email,
      name: `${u.firstName} ${u.lastName}`,
      firstName: u.firstName,
      lastName: u.lastName,
    },
  };
}

async function ensureUser(deps: AppDeps, u: DemoSignIn): Promise<string> {
  const existing = await firstRow<{ id: string }>(
    deps.database.db,
    sql`select id from profiles where lower(email) = ${u.email}`,
  );
  if (existing) return existing.id;
  const res = await deps.auth.api.signUpEmail({
    body: {
      email: u.email,
      password: DEMO_PASSWORD,
      name: `${u.firstName} ${u.lastName}`,
      firstName: u.firstName,
      lastName: u.lastName,
    },
  });
  const id = (res as { user?: { id: string } }).user?.id;
  if (!id) throw new Error(`could not create ${u.email}`);
  await run(deps.database.db, sql`update profiles set email_verified = true where id = ${id}`);
  return id;
}

/**
 * The consent page as a browser would use it, over HTTP: POST the form (signed in as the given
 * simulated ClickUp user, all their workspaces ticked) and read the code from the redirect.
 */
async function authorizeOnConsentPage(
  ctx: RequestContext,
  sim: ClickUpSimulator,
  purpose: OAuthPurpose,
  clickupUserId: number,
): Promise<string> {
  const { deps } = ctx;
  const { url } = startClickupOAuth(ctx, { purpose });
  const consent = new URL(url);
  const state = consent.searchParams.get("state")!;
  const rt = clickupRuntime(deps);
  const form = new URLSearchParams({
    client_id: rt.clientId!,
    redirect_uri: redirectUri(deps, purpose),
    state,
    user_id: String(clickupUserId),
    decision: "allow",
  });
  for (const team of sim.state.teamList) {
    if (team.members.some((m) => m.userId === clickupUserId)) form.append("team_ids", team.id);
  }
  const res = await rt.fetch(
    authorizeUrl(rt.apiUrl, rt.clientId!, redirectUri(deps, purpose), state).split("?")[0]!,
    {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form.toString(),
      redirect: "manual",
    },
  );
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`ClickUp consent page answered ${res.status}`);
  const back = new URL(location);
  const code = back.searchParams.get("code");
  if (!code || back.searchParams.get("state") !== state)
    throw new Error("ClickUp consent did not return a code");
  return exchangeOAuthCodeForToken(ctx, { purpose, code, state });
}

/**
 * The embedded default (issue #4 item 7): a "Demo Agency" workspace with three sign-ins,
 * connected to the simulated ClickUp through the real OAuth flow and client, first full sync
 * queued. Runs after the server listens (it talks HTTP to itself). Safe to run on every start:
 * nothing is duplicated, and the (in-memory) simulator's tokens are re-issued each boot.
 */
export async function bootDemo(deps: AppDeps, sim: ClickUpSimulator): Promise<void> {
  if (deps.config.DEMO !== "on" || !deps.config.clickupSimulator) return;
  const log = deps.logger.child({ component: "demo" });
  const ids: Record<string, string> = {};
  for (const u of DEMO_SIGN_INS) ids[u.role] = await ensureUser(deps, u);
  const ownerId = ids.owner!;
  const org = await firstRow<{ id: string }>(
    deps.database.db,
    sql`select o.id from organizations o join user_organizations m on m.organization_id = o.id
        where o.name = ${DEMO_WORKSPACE_NAME} and m.user_id = ${ownerId} and m.role = 'owner'
        order by o.created_at limit 1`,
  );
  const owner = DEMO_SIGN_INS[0];
  const organizationId =
    org?.id ?? (await createWorkspace(actingAs(deps, "", ownerId, owner), { name: DEMO_WORKSPACE_NAME })).id;
  for (const u of DEMO_SIGN_INS) {
    if (u.role === "owner") continue;
    await run(
      deps.database.db,
      sql`insert into user_organizations (organization_id, user_id, role) values (${organizationId}, ${ids[u.role]!}, ${u.role})
          on conflict (organization_id, user_id) do nothing`,
    );
    await run(
      deps.database.db,
      sql`update profiles set current_organization_id = ${organizationId} where id = ${ids[u.role]!} and current_organization_id is null`,
    );
  }

  const clickupUser = (email: string) => {
    const user = sim.state.findUserByEmail(email);
    if (!user) throw new Error(`the demo agency has no ClickUp user ${email}`);
    return user.id;
  };
  // Only this workspace may authorize the demo team on the simulator's consent page, each
  // person as their own simulated account.
  bindSimulatedWorkspace(sim, organizationId, sim.demo.teamId);
  // The owner connects the workspace (this also links the owner's own account and queues the sync).
  const ownerCtx = actingAs(deps, organizationId, ownerId, owner);
  const token = await authorizeOnConsentPage(ownerCtx, sim, "workspace", clickupUser(owner.email));
  const result = await connectWorkspace(ownerCtx, { token, authType: "oauth" });
  if (result.status !== "active") {
    const demoTeam = result.teams.find((t) => t.id === sim.demo.teamId);
    if (demoTeam) await chooseClickupTeam(ownerCtx, { teamId: demoTeam.id });
  }
  // Admin and member link their own ClickUp accounts (matched by e-mail).
  for (const u of DEMO_SIGN_INS) {
    if (u.role === "owner") continue;
    const ctx = actingAs(deps, organizationId, ids[u.role]!, u);
    const personal = await authorizeOnConsentPage(ctx, sim, "personal", clickupUser(u.email));
    await connectOwnAccount(ctx, { token: personal });
  }
  // Rate cards, capacity, time off and holidays of the demo agency (once per workspace).
  await seedCapacityAndRates(deps, organizationId, sim.demo);
  // The two folder templates (TV spot, social campaign), once per workspace.
  await seedTemplates(deps, organizationId);
  log.info({ organizationId }, "demo workspace connected to the simulated ClickUp; first full sync queued");
  const lines = [
    "",
    "  Demo agency ready — sign in at " + deps.config.publicUrl + "/auth with:",
    ...DEMO_SIGN_INS.map((u) => `    ${u.email.padEnd(18)} password ${DEMO_PASSWORD}   (${u.role})`),
    "  ClickUp is simulated in this process (" +
      deps.config.publicUrl +
      "/__sim/clickup). Set DEMO=off to skip the demo.",
    "",
  ];
  process.stdout.write(lines.join("\n") + "\n");
  // AICP budgets on four demo projects (draft, approved, a change order, closed), as the owner so
  // the finance audit names her; they need the projects' folders, which the first sync is bringing.
  const budgets = await seedBudgets(ownerCtx, sim.demo);
  if (budgets.created.length || budgets.missing.length) log.info(budgets, "demo budgets seeded");
  // Vendors, purchase orders, a bill and an overdue deposit invoice on the approved budgets.
  const documents = await seedFinanceDocuments(ownerCtx);
  if (documents.seeded) log.info("demo purchase orders, bill and invoice seeded");
  // Statements of work: one signed, one sent, one draft, on the demo budgets' projects.
  const sows = await seedSows(ownerCtx);
  if (sows.seeded) log.info("demo statements of work seeded");
  // Timesheet weeks approved, submitted and rejected, reviewed by the demo admin, once the first
  // full sync has brought the time entries (once per workspace).
  await seedTimesheetWeeks(deps, organizationId, sim.demo, ids.admin!);
  // Briefs updated and work tagged in ClickUp, delivered to the app as webhooks (once per workspace).
  await seedWebhookActivity(deps, organizationId, sim);
}
