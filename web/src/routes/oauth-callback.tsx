import { ClickupOAuthCallback } from "@/features/clickup/oauth-callback-page";

/**
 * /auth/clickup/callback and /auth/clickup/personal/callback. (/auth/slack/callback is answered by
 * the server, which sends the owner back to Settings → Slack with the outcome.)
 */
export function Component() {
  return <ClickupOAuthCallback />;
}
