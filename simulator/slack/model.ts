/** The simulated Slack world: workspaces, people, channels, installs, tokens and what was posted. */

export interface SlackTeam {
  id: string;
  name: string;
  /** Subdomain: https://{domain}.slack.com/ */
  domain: string;
}

export interface SlackUser {
  id: string;
  teamId: string;
  name: string;
  realName: string;
  email: string;
}

export interface SlackChannel {
  id: string;
  teamId: string;
  name: string;
  isPrivate: boolean;
  isArchived: boolean;
  isGeneral: boolean;
  /** Unix seconds. */
  created: number;
  creator: string;
  topic: string;
  purpose: string;
  /** User ids (people and bot users) in the channel. */
  members: Set<string>;
  /** Seeded: every app's bot user is added when the app is installed in the workspace. */
  botsJoinOnInstall: boolean;
  /** Deleted channels answer channel_not_found (webhooks: 404 channel_not_found). */
  deleted: boolean;
}

export interface SlackOAuthApp {
  clientId: string;
  clientSecret: string;
  /** Redirect URLs; an authorize redirect_uri must equal one or be a sub-path of one. */
  redirectUris: string[];
  /** A0…: the app id in oauth.v2.access. */
  appId: string;
  /** Shown on the consent page. */
  name: string;
}

/** One app installed in one workspace: its bot user and the scopes granted so far (they accumulate). */
export interface SlackInstall {
  clientId: string;
  teamId: string;
  botUserId: string;
  botId: string;
  botToken: string;
  scopes: Set<string>;
  /** Set by auth.revoke of the bot token (or sim.revokeToken): every call answers token_revoked. */
  revoked: boolean;
}

export interface TokenRecord {
  token: string;
  kind: "bot" | "user";
  clientId: string;
  teamId: string;
  /** The bot user for bot tokens, the person for user tokens. */
  userId: string;
  botId: string | null;
  scopes: Set<string>;
  revoked: boolean;
}

export interface AuthCode {
  code: string;
  clientId: string;
  teamId: string;
  /** The person who approved (authed_user.id). */
  userId: string;
  scopes: string[];
  userScopes: string[];
  /** The redirect_uri sent to /oauth/v2/authorize, if any: oauth.v2.access must repeat it. */
  redirectUri: string | null;
  /** Channel picked for the incoming webhook (when the incoming-webhook scope was asked for). */
  webhookChannelId: string | null;
  expiresAt: number;
  used: boolean;
}

export interface IncomingWebhook {
  /** B… */
  id: string;
  teamId: string;
  channelId: string;
  clientId: string;
  /** The secret last path segment. */
  secret: string;
  /** The bot token it belongs to: revoking that token removes the webhook. */
  botToken: string;
  removed: boolean;
}

export interface PostedMessage {
  /** Order of posting, from 1. */
  seq: number;
  teamId: string;
  channelId: string;
  /** "#name" (or the id for DMs). */
  channelName: string;
  ts: string;
  threadTs: string | null;
  text: string;
  blocks: unknown[] | null;
  attachments: unknown[] | null;
  /** "api" (chat.postMessage) or "webhook" (incoming webhook). */
  via: "api" | "webhook";
  botId: string | null;
  clientId: string | null;
  webhookId: string | null;
  /** Simulator clock, ms. */
  postedAt: number;
}
