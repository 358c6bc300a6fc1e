/** What a Slack error code means to the owner reading Settings → Slack. */
const REASONS: Record<string, string> = {
  token_revoked: "The Slack app was uninstalled or its token was revoked in Slack. Install it again.",
  invalid_auth: "Slack no longer accepts the app's token. Install it again.",
  not_authed: "Slack no longer accepts the app's token. Install it again.",
  token_expired: "The Slack token expired. Install the app again.",
  account_inactive: "The Slack user who installed the app was deactivated. Install it again.",
  missing_scope: "The Slack app lacks a permission it needs. Install it again.",
  channel_not_found: "The channel no longer exists or the app cannot see it. Pick another channel.",
  is_archived: "The channel is archived. Pick another channel.",
  not_in_channel: "The app is not a member of the channel. Invite it (/invite @Agency Hub) or pick another.",
  ratelimited: "Slack asked us to slow down (rate limited); retried later.",
  interrupted:
    "Sending was interrupted (the server stopped mid-send). It was not sent again, so that nobody gets it twice; check the channel.",
};

export function slackReason(code: string): string {
  return REASONS[code] ?? `Slack answered "${code}".`;
}
