import { randomBytes } from "node:crypto";
import {
  createClickUpSimulator,
  type ClickUpSimulator,
  type ClickUpSimulatorOptions,
  type ConsentDecision,
  type ConsentPolicy,
} from "../../simulator/clickup/index";
import { assertClickUpSimulatorAllowed } from "../config";
import type { AppDeps } from "../context";
import { SIM_MOUNT } from "../integrations/clickup/runtime";
import { verifyOAuthState } from "../modules/clickup/oauth-state";
import { memberEmail } from "./repo";

export const EMBEDDED_CLIENT_ID = "agency-hub-embedded";

export const ONLY_THE_DEMO_MESSAGE =
  "The built-in ClickUp simulator only serves the Demo Agency workspace. To connect this workspace, " +
  "the server needs a real ClickUp OAuth app (CLICKUP_CLIENT_ID and CLICKUP_CLIENT_SECRET).";

/** App workspace id → the simulated ClickUp workspace (team) it may authorize, per simulator. */
const boundTeams = new WeakMap<ClickUpSimulator, Map<string, string>>();

/**
 * Let `organizationId` authorize the simulated ClickUp workspace `teamId` (the demo boot binds
 * the Demo Agency to the demo team). Nothing else is bound, so nothing else can authorize.
 */
export function bindSimulatedWorkspace(sim: ClickUpSimulator, organizationId: string, teamId: string): void {
  boundTeams.get(sim)?.set(organizationId, teamId);
}

/**
 * The consent page has no ClickUp login, so without a rule anyone could pick any simulated
 * person (issue 11 item 2: a signed-up workspace authorized as the demo owner and received the
 * Demo Agency). The rule: the request's `state` must be one this app signed (so it names the
 * workspace and the person who started it); the workspace must be bound to a simulated team;
 * and the person may only sign in as their own simulated account (same e-mail) in that team.
 */
function consentPolicy(
  deps: Pick<AppDeps, "database" | "secrets" | "now">,
  bound: Map<string, string>,
): ConsentPolicy {
  return async (request, state): Promise<ConsentDecision> => {
    const verified = request.state
      ? verifyOAuthState(deps.secrets.authSecret, request.state, deps.now().getTime())
      : null;
    if (!verified)
      return {
        kind: "refuse",
        message:
          "This authorization request was not started by Agency Hub, or it has expired. Start again from Settings → ClickUp.",
      };
    const teamId = bound.get(verified.organizationId);
    const team = teamId ? state.teams.get(teamId) : undefined;
    if (!team) return { kind: "refuse", message: ONLY_THE_DEMO_MESSAGE };
    const email = await memberEmail(deps.database.db, verified.organizationId, verified.userId);
    const own = email?.toLowerCase();
    const account = team.members
      .map((m) => state.users.get(m.userId))
      .find((u) => u !== undefined && u.email.toLowerCase() === own);
    if (!account)
      return {
        kind: "refuse",
        message: `The simulated ClickUp workspace "${team.name}" has no account for ${email ?? "you"}: only the demo people can connect their own accounts.`,
      };
    return { kind: "only", userIds: [account.id], teamIds: [team.id] };
  };
}

export interface EmbeddedClickUpOptions {
  /** Simulator settings for tests (clock, webhook delivery into the in-process app, rate limit). */
  simulator?: Partial<ClickUpSimulatorOptions>;
}

/**
 * No ClickUp credentials: the simulator stands in for ClickUp, mounted in this process at
 * /__sim/clickup (server/app.ts), with an OAuth app registered for our callback URLs. Every
 * call still goes over HTTP through the real client, so the code path is the production one.
 * With DEMO=on it holds the demo agency (DEMO_AGENCY size); otherwise it starts empty. Its
 * consent page only lets a person of a bound workspace authorize as themselves, and its
 * credentials are unguessable (its seed is public). Production refuses it unless
 * CLICKUP_SIMULATOR=on.
 */
export function prepareEmbeddedClickUp(
  deps: AppDeps,
  options: EmbeddedClickUpOptions = {},
): ClickUpSimulator | null {
  const { config } = deps;
  if (!config.clickupSimulator) return null;
  assertClickUpSimulatorAllowed(config);
  const bound = new Map<string, string>();
  const sim = createClickUpSimulator({
    seed: 42,
    agency: config.DEMO === "on" ? config.DEMO_AGENCY : "none",
    // The workspace's real plan limit: the client must live with it like with ClickUp.
    rateLimitPerMinute: 1000,
    // The app's clock (AGENCY_HUB_NOW in tests): the demo agency is dated around the app's today.
    now: () => deps.now().getTime(),
    ...options.simulator,
    consentPolicy: consentPolicy(deps, bound),
    unguessableSecrets: true,
  });
  boundTeams.set(sim, bound);
  const clientSecret = randomBytes(24).toString("hex");
  sim.registerOAuthApp({
    clientId: EMBEDDED_CLIENT_ID,
    clientSecret,
    redirectUris: [config.publicUrl],
    name: "Agency Hub",
  });
  deps.clickup = {
    apiUrl: `${config.publicUrl}${SIM_MOUNT}/api/v2`,
    clientId: EMBEDDED_CLIENT_ID,
    clientSecret,
    fetch: (input, init) => globalThis.fetch(input, init),
    simulated: true,
    simulatorApp: sim.app,
  };
  return sim;
}
