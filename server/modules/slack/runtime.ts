import type { AppDeps } from "../../context";
import { embeddedSlack } from "../../../simulator/slack/embedded";

/** Where Slack is and how to reach it: slack.com with the configured app, or the built-in simulator. */
export interface SlackRuntime {
  /** Web API base: https://slack.com/api, or ${PUBLIC_URL}/__sim/slack/api. */
  apiUrl: string;
  /** The OAuth v2 consent page. */
  authorizeUrl: string;
  clientId: string;
  clientSecret: string;
  /** Reaches apiUrl; the simulator is called in-process (same requests, no socket). */
  fetch: typeof fetch;
  simulated: boolean;
}

/** The Slack app of this server, or null when neither a Slack app nor the simulator is set up. */
export function slackRuntime(deps: Pick<AppDeps, "config" | "now">): SlackRuntime | null {
  const c = deps.config;
  if (c.SLACK_CLIENT_ID && c.SLACK_CLIENT_SECRET) {
    return {
      apiUrl: "https://slack.com/api",
      authorizeUrl: "https://slack.com/oauth/v2/authorize",
      clientId: c.SLACK_CLIENT_ID,
      clientSecret: c.SLACK_CLIENT_SECRET,
      fetch,
      simulated: false,
    };
  }
  const sim = embeddedSlack(deps);
  if (!sim) return null;
  return {
    apiUrl: sim.apiUrl,
    authorizeUrl: sim.authorizeUrl,
    clientId: sim.clientId,
    clientSecret: sim.clientSecret,
    fetch: (input, init) => {
      const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
      return sim.simulator.fetch(
        url.startsWith(sim.apiUrl) ? `/api${url.slice(sim.apiUrl.length)}` : url,
        init,
      );
    },
    simulated: true,
  };
}

/** Where Slack sends the browser back after the consent page (spec §2). */
export function slackRedirectUri(deps: Pick<AppDeps, "config">): string {
  return `${deps.config.publicUrl}/auth/slack/callback`;
}

/** Bot scopes: post (also to public channels the bot has not joined) and list channels for the picker. */
export const SLACK_BOT_SCOPES = ["chat:write", "chat:write.public", "channels:read", "groups:read"];
