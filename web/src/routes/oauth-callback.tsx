import { useLocation } from "react-router";
import { Page } from "@/features/app-shell/page";
import { ClickupOAuthCallback } from "@/features/clickup/oauth-callback-page";

/** /auth/clickup/callback, /auth/clickup/personal/callback and /auth/slack/callback. */
export function Component() {
  const { pathname } = useLocation();
  if (pathname.startsWith("/auth/clickup/")) return <ClickupOAuthCallback />;
  return <Page title="Slack" description="The Slack integration is not available in this workspace yet." />;
}
