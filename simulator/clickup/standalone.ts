/**
 * Run the ClickUp simulator as its own server (npm run sim:clickup).
 *
 *   SIM_PORT              port (default 4010)
 *   SIM_HOST              bind address (default 127.0.0.1)
 *   SIM_AGENCY            none | small | medium | large (default small)
 *   SIM_SEED              demo data seed (default 42)
 *   SIM_RATE_LIMIT        requests per minute per token, or "none" (default 100)
 *   AGENCY_HUB_NOW        test clock: starts at this ISO instant (e.g. 2028-02-29T09:30:00Z) and
 *                         advances in real time; the demo agency is dated around it
 *   CLICKUP_CLIENT_ID / CLICKUP_CLIENT_SECRET   OAuth app to register (defaults below)
 *   CLICKUP_REDIRECT_URIS comma-separated redirect URIs (origin-only entries allow any path);
 *                         default: PUBLIC_URL plus localhost:3000 and localhost:5173
 */
import { serve } from "@hono/node-server";
import { clockFromEnv, redirectUrisFromEnv } from "../standalone-env";
import { createClickUpSimulator } from "./index";
import type { AgencySize } from "./demo-agency";

const DEFAULT_CLIENT_ID = "agency-hub-dev";
const DEFAULT_CLIENT_SECRET = "agency-hub-dev-secret";

function agencyFromEnv(value: string | undefined): AgencySize {
  const v = (value ?? "small").toLowerCase();
  if (v === "none" || v === "small" || v === "medium" || v === "large") return v;
  throw new Error(`SIM_AGENCY must be none, small, medium or large (got ${value})`);
}

function rateLimitFromEnv(value: string | undefined): number | null {
  if (value === undefined || value === "") return 100;
  if (value === "none" || value === "null" || value === "0") return null;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1)
    throw new Error(`SIM_RATE_LIMIT must be a positive integer or "none" (got ${value})`);
  return n;
}

const port = Number(process.env["SIM_PORT"] ?? 4010);
const hostname = process.env["SIM_HOST"] ?? "127.0.0.1";
const agency = agencyFromEnv(process.env["SIM_AGENCY"]);
const seed = Number(process.env["SIM_SEED"] ?? 42);
const started = performance.now();
const sim = createClickUpSimulator({
  seed,
  agency,
  rateLimitPerMinute: rateLimitFromEnv(process.env["SIM_RATE_LIMIT"]),
  now: clockFromEnv(process.env["AGENCY_HUB_NOW"]),
});
const generatedMs = performance.now() - started;

const redirectUris = redirectUrisFromEnv(process.env["CLICKUP_REDIRECT_URIS"], process.env["PUBLIC_URL"]);
const clientId = process.env["CLICKUP_CLIENT_ID"] ?? DEFAULT_CLIENT_ID;
const clientSecret = process.env["CLICKUP_CLIENT_SECRET"] ?? DEFAULT_CLIENT_SECRET;
sim.registerOAuthApp({ clientId, clientSecret, redirectUris, name: "Agency Hub" });

const server = serve({ fetch: sim.app.fetch, port, hostname }, (info) => {
  const base = `http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${info.port}`;
  const lines = [
    `ClickUp simulator listening on ${base}`,
    `  agency: ${agency} (seed ${seed}) "${sim.demo.teamName}" team_id ${sim.demo.teamId} — ${sim.demo.counts.tasks} tasks, ${sim.demo.counts.timeEntries} time entries, generated in ${generatedMs.toFixed(0)} ms`,
    `  API base:        CLICKUP_API_URL=${base}/api/v2`,
    `  OAuth authorize: ${base}/api?client_id=${encodeURIComponent(clientId)}&redirect_uri=<uri>&state=<state>`,
    `  OAuth token:     POST ${base}/api/v2/oauth/token`,
    `  OAuth app:       CLICKUP_CLIENT_ID=${clientId} CLICKUP_CLIENT_SECRET=${clientSecret}`,
    `  redirect URIs:   ${redirectUris.join(", ")}`,
    "  personal tokens (Authorization: <token>):",
    ...sim.demo.users.map(
      (u) => `    ${u.email.padEnd(34)} ${u.role.padEnd(6)} ${sim.createPersonalToken(u.id)}`,
    ),
  ];
  console.log(lines.join("\n"));
});

const shutdown = () => {
  sim.close();
  server.close(() => process.exit(0));
};
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
