import { randomBytes } from "node:crypto";
import { createClickUpSimulator, type ClickUpSimulator } from "../../simulator/clickup/index";
import type { AppDeps } from "../context";
import { SIM_MOUNT } from "../integrations/clickup/runtime";

export const EMBEDDED_CLIENT_ID = "agency-hub-embedded";

/**
 * No ClickUp credentials: the simulator stands in for ClickUp, mounted in this process at
 * /__sim/clickup (server/app.ts), with an OAuth app registered for our callback URLs. Every
 * call still goes over HTTP through the real client, so the code path is the production one.
 * With DEMO=on it holds the demo agency (DEMO_AGENCY size); otherwise it starts empty.
 */
export function prepareEmbeddedClickUp(deps: AppDeps): ClickUpSimulator | null {
  const { config } = deps;
  if (config.clickupConfigured) return null;
  const sim = createClickUpSimulator({
    seed: 42,
    agency: config.DEMO === "on" ? config.DEMO_AGENCY : "none",
    // The workspace's real plan limit: the client must live with it like with ClickUp.
    rateLimitPerMinute: 1000,
  });
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
