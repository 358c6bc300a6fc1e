/**
 * Run the Slack simulator as its own server, shared by several app instances:
 *   npx tsx simulator/slack/standalone.ts
 *
 *   SIM_PORT              port (default 4011)
 *   SIM_HOST              bind address (default 127.0.0.1)
 *   SIM_SEED              seed of tokens, codes and webhook secrets (default 42)
 *   SIM_RATE_LIMIT        "none" to switch Slack's rate limits off (default: on)
 *   AGENCY_HUB_NOW        test clock: starts at this ISO instant and advances in real time
 *   SLACK_CLIENT_ID / SLACK_CLIENT_SECRET   OAuth app to register (defaults below)
 *   SLACK_REDIRECT_URIS   comma-separated redirect URLs (a redirect_uri may be any sub-path);
 *                         default: PUBLIC_URL plus localhost:3000 and localhost:5173
 *
 * Point each app instance at it with SLACK_CLIENT_ID/SLACK_CLIENT_SECRET and its URLs (printed
 * below). Everything is in memory: a restart forgets installs, tokens and posted messages.
 */
import { serve } from "@hono/node-server";
import { clockFromEnv, redirectUrisFromEnv } from "../standalone-env";
import { createSlackSimulator } from "./index";

const DEFAULT_CLIENT_ID = "1000000000.2000000000";
const DEFAULT_CLIENT_SECRET = "agency-hub-dev-slack-secret";

const port = Number(process.env["SIM_PORT"] ?? 4011);
const hostname = process.env["SIM_HOST"] ?? "127.0.0.1";
const seed = Number(process.env["SIM_SEED"] ?? 42);
if (!Number.isInteger(port) || port < 0) throw new Error(`SIM_PORT must be a port number (got ${port})`);
if (!Number.isInteger(seed)) throw new Error(`SIM_SEED must be an integer (got ${process.env["SIM_SEED"]})`);
const rateLimitsOff = ["none", "off", "0"].includes(process.env["SIM_RATE_LIMIT"] ?? "");

const sim = createSlackSimulator({
  seed,
  now: clockFromEnv(process.env["AGENCY_HUB_NOW"]),
  // Buckets refill in real time whatever the simulated date.
  rateLimitClock: Date.now,
  rateLimits: rateLimitsOff ? false : {},
});

const redirectUris = redirectUrisFromEnv(process.env["SLACK_REDIRECT_URIS"], process.env["PUBLIC_URL"]);
const clientId = process.env["SLACK_CLIENT_ID"] ?? DEFAULT_CLIENT_ID;
const clientSecret = process.env["SLACK_CLIENT_SECRET"] ?? DEFAULT_CLIENT_SECRET;
sim.registerOAuthApp({ clientId, clientSecret, redirectUris, name: "Agency Hub" });

const server = serve({ fetch: sim.app.fetch, port, hostname }, (info) => {
  const base = `http://${hostname === "0.0.0.0" ? "localhost" : hostname}:${info.port}`;
  const teams = [...sim.state.teams.values()].map((t) => `${t.name} (${t.id})`).join(", ");
  console.log(
    [
      `Slack simulator listening on ${base}`,
      `  workspaces:      ${teams}`,
      `  Web API base:    ${base}/api   (POST ${base}/api/chat.postMessage …)`,
      `  OAuth authorize: ${base}/oauth/v2/authorize?client_id=${encodeURIComponent(clientId)}&scope=chat:write,channels:read&redirect_uri=<uri>&state=<state>`,
      `  OAuth app:       SLACK_CLIENT_ID=${clientId} SLACK_CLIENT_SECRET=${clientSecret}`,
      `  redirect URLs:   ${redirectUris.join(", ")}`,
      `  posted messages: ${base}/messages (JSON: ${base}/messages.json)`,
      `  faults:          POST ${base}/sim/faults {"method":"chat.postMessage","times":2,"error":"ratelimited"}`,
      `  rate limits:     ${rateLimitsOff ? "off" : "on (SIM_RATE_LIMIT=none to switch off)"}`,
    ].join("\n"),
  );
});

const shutdown = () => server.close(() => process.exit(0));
process.on("SIGINT", shutdown);
process.on("SIGTERM", shutdown);
