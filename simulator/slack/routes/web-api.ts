import type { Hono } from "hono";
import { checkAttachments, checkBlocks } from "../blocks";
import { sleep, type SlackCtx, type SlackEnv, type SlackServices } from "../context";
import { missingScope, SlackApiError, slackError } from "../errors";
import type { SlackChannel, TokenRecord } from "../model";
import type { LimitName } from "../rate-limit";

/** Arguments of one Web API call: query string plus a form or JSON body. */
interface CallArgs {
  values: Record<string, unknown>;
  /** The body was JSON (tokens then only come from the Authorization header). */
  json: boolean;
  /** `token` from the query string or a form body. */
  tokenParam: string | undefined;
}

interface MethodContext {
  c: SlackCtx;
  args: CallArgs;
  services: SlackServices;
  /** Spends from the named rate-limit buckets; throws 429 `ratelimited` when one is empty. */
  limit(checks: { name: LimitName; key: string }[]): void;
}

interface MethodSpec {
  /** False: conversations.list refuses JSON bodies (slack-api.md §0). */
  acceptsJson: boolean;
  run(m: MethodContext): Record<string, unknown> | Promise<Record<string, unknown>>;
}

/** 429 `ratelimited` with Retry-After (slack-api.md §6). */
export class RateLimited extends SlackApiError {
  constructor(readonly retryAfter: number) {
    super("ratelimited", {}, 429);
  }
}

async function readArgs(c: SlackCtx): Promise<CallArgs> {
  const values: Record<string, unknown> = {};
  const query = new URL(c.req.url).searchParams;
  for (const [k, v] of query) values[k] = v;
  let json = false;
  let tokenParam = query.get("token") ?? undefined;
  if (c.req.method === "POST") {
    const type = (c.req.header("content-type") ?? "").toLowerCase();
    if (type.includes("application/json")) {
      json = true;
      const text = await c.req.text();
      if (text.trim()) {
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          throw slackError("invalid_arguments");
        }
        if (!parsed || typeof parsed !== "object" || Array.isArray(parsed))
          throw slackError("invalid_arguments");
        Object.assign(values, parsed);
      }
      // A token inside a JSON body does not count: JSON needs the Authorization header.
      delete values["token"];
      tokenParam = query.get("token") ?? undefined;
    } else if (type.includes("form")) {
      const form = await c.req.parseBody();
      for (const [k, v] of Object.entries(form)) if (typeof v === "string") values[k] = v;
      if (typeof form["token"] === "string") tokenParam = form["token"];
    }
  }
  return { values, json, tokenParam };
}

const str = (v: unknown): string | undefined =>
  typeof v === "string" ? v : typeof v === "number" || typeof v === "boolean" ? String(v) : undefined;

const truthy = (v: unknown): boolean => v === true || v === "true" || v === "1" || v === 1;

function requireScope(token: TokenRecord, scope: string): void {
  if (!token.scopes.has(scope)) throw missingScope(scope, token.scopes);
}

function basicAuth(header: string | undefined): { id: string; secret: string } | null {
  const m = /^basic\s+(.+)$/i.exec(header?.trim() ?? "");
  if (!m?.[1]) return null;
  const decoded = Buffer.from(m[1], "base64").toString("utf8");
  const i = decoded.indexOf(":");
  if (i < 0) return null;
  return { id: decodeURIComponent(decoded.slice(0, i)), secret: decodeURIComponent(decoded.slice(i + 1)) };
}

const TYPE_SCOPES: Record<string, string> = {
  public_channel: "channels:read",
  private_channel: "groups:read",
  mpim: "mpim:read",
  im: "im:read",
};

/** The channel shape of conversations.list (slack-api.md §3) as this bot sees it. */
export function channelJson(channel: SlackChannel, botUserId: string): Record<string, unknown> {
  return {
    id: channel.id,
    name: channel.name,
    is_channel: !channel.isPrivate,
    is_group: channel.isPrivate,
    is_im: false,
    is_mpim: false,
    is_private: channel.isPrivate,
    is_archived: channel.isArchived,
    is_general: channel.isGeneral,
    is_member: channel.members.has(botUserId),
    created: channel.created,
    creator: channel.creator,
    name_normalized: channel.name,
    num_members: channel.members.size,
    topic: { value: channel.topic, creator: "", last_set: 0 },
    purpose: { value: channel.purpose, creator: channel.purpose ? channel.creator : "", last_set: 0 },
  };
}

const encodeCursor = (channelId: string) => Buffer.from(`next:${channelId}`, "utf8").toString("base64");

function decodeCursor(cursor: string): string {
  const text = Buffer.from(cursor, "base64").toString("utf8");
  if (!text.startsWith("next:") || text.length < 6) throw slackError("invalid_arguments");
  return text.slice(5);
}

/** Find a channel by id, by name ("general" / "#general") among public channels, or null. */
function findChannel(services: SlackServices, teamId: string, ref: string): SlackChannel | null {
  const byId = services.state.channels.get(ref);
  if (byId) return byId.teamId === teamId && !byId.deleted ? byId : null;
  const name = ref.replace(/^#/, "");
  return services.state.channelsOf(teamId).find((c) => !c.isPrivate && c.name === name) ?? null;
}

const METHODS: Record<string, MethodSpec> = {
  "auth.test": {
    acceptsJson: true,
    run({ c, args, services, limit }) {
      const token = services.auth.resolve(tokenSources(c, args));
      limit([{ name: "auth.test", key: `${token.clientId}:${token.teamId}` }]);
      const team = services.state.teams.get(token.teamId);
      const app = services.state.apps.get(token.clientId);
      const user =
        token.kind === "bot"
          ? (app?.name ?? "bot").toLowerCase().replace(/[^a-z0-9]+/g, "_")
          : (services.state.users.get(token.userId)?.name ?? token.userId);
      const body: Record<string, unknown> = {
        ok: true,
        url: `https://${team?.domain ?? "workspace"}.slack.com/`,
        team: team?.name ?? "",
        user,
        team_id: token.teamId,
        user_id: token.userId,
      };
      if (token.botId) body["bot_id"] = token.botId;
      body["is_enterprise_install"] = false;
      return body;
    },
  },

  "auth.revoke": {
    acceptsJson: true,
    run({ c, args, services, limit }) {
      const token = services.auth.resolve(tokenSources(c, args));
      limit([{ name: "auth.revoke", key: `${token.clientId}:${token.teamId}` }]);
      if (truthy(args.values["test"])) return { ok: true, revoked: false };
      return { ok: true, revoked: services.auth.revoke(token.token) };
    },
  },

  "oauth.v2.access": {
    acceptsJson: true,
    run({ c, args, services, limit }) {
      const basic = basicAuth(c.req.header("authorization"));
      const clientId = basic?.id ?? str(args.values["client_id"]);
      limit([{ name: "oauth.v2.access", key: clientId ?? "" }]);
      return services.auth.exchange(
        {
          clientId,
          clientSecret: basic?.secret ?? str(args.values["client_secret"]),
          code: str(args.values["code"]),
          redirectUri: str(args.values["redirect_uri"]),
          grantType: str(args.values["grant_type"]),
        },
        c.get("baseUrl"),
      );
    },
  },

  "conversations.list": {
    acceptsJson: false,
    run({ c, args, services, limit }) {
      const token = services.auth.resolve(tokenSources(c, args));
      limit([{ name: "conversations.list", key: `${token.clientId}:${token.teamId}` }]);
      const v = args.values;
      const types = (str(v["types"]) ?? "public_channel")
        .split(",")
        .map((t) => t.trim())
        .filter(Boolean);
      if (types.length === 0 || types.some((t) => !(t in TYPE_SCOPES))) throw slackError("invalid_arguments");
      for (const t of types) requireScope(token, TYPE_SCOPES[t] as string);
      const rawLimit = str(v["limit"]);
      let pageSize = 100;
      if (rawLimit !== undefined && rawLimit !== "") {
        const n = Number(rawLimit);
        if (!Number.isInteger(n) || n < 1) throw slackError("invalid_arguments");
        pageSize = Math.min(n, 1000);
      }
      const excludeArchived = truthy(v["exclude_archived"]);
      // Everything the caller could see, in id order; private channels only where it is a member.
      const visible = services.state
        .channelsOf(token.teamId)
        .filter((ch) => !ch.isPrivate || ch.members.has(token.userId));
      const cursor = str(v["cursor"]);
      let start = 0;
      if (cursor) {
        const from = decodeCursor(cursor);
        start = visible.findIndex((ch) => ch.id >= from);
        if (start < 0) start = visible.length;
      }
      const slice = visible.slice(start, start + pageSize);
      const next = visible[start + pageSize];
      // Filters apply after the page is cut: pages may be short, even empty, mid-way.
      const channels = slice
        .filter((ch) => types.includes(ch.isPrivate ? "private_channel" : "public_channel"))
        .filter((ch) => !(excludeArchived && ch.isArchived))
        .map((ch) => channelJson(ch, token.userId));
      return { ok: true, channels, response_metadata: { next_cursor: next ? encodeCursor(next.id) : "" } };
    },
  },

  "chat.postMessage": {
    acceptsJson: true,
    run({ c, args, services, limit }) {
      const token = services.auth.resolve(tokenSources(c, args));
      const v = args.values;
      const ref = str(v["channel"])?.trim() ?? "";
      const channel = ref ? findChannel(services, token.teamId, ref) : null;
      limit([
        { name: "chat.postMessage:workspace", key: `${token.clientId}:${token.teamId}` },
        { name: "chat.postMessage", key: `${token.clientId}:${token.teamId}:${channel?.id ?? ref}` },
      ]);
      requireScope(token, "chat:write");
      if (!channel) {
        // A person's id posts to the app's DM with them (the App Home).
        const user = services.state.users.get(ref);
        if (!user || user.teamId !== token.teamId) throw slackError("channel_not_found");
      } else {
        const member = channel.members.has(token.userId);
        if (channel.isPrivate && !member) throw slackError("channel_not_found");
        if (channel.isArchived) throw slackError("is_archived");
        if (!member && !token.scopes.has("chat:write.public")) throw slackError("not_in_channel");
      }
      const blocks = checkBlocks(v["blocks"]);
      if (!blocks.ok) throw slackError(blocks.error);
      const attachments = checkAttachments(v["attachments"]);
      if (attachments === "invalid") throw slackError("invalid_arguments");
      if (attachments === "too_many") throw slackError("too_many_attachments");
      const markdown = str(v["markdown_text"]);
      let text = str(v["text"]) ?? "";
      if (markdown !== undefined) {
        if (text || blocks.blocks) throw slackError("invalid_arguments");
        if (markdown.length > 12_000) throw slackError("msg_too_long");
        text = markdown;
      }
      if (!text.trim() && !blocks.blocks && !attachments) throw slackError("no_text");
      // Past 40,000 characters the text is truncated (slack-api.md §4), not refused.
      if (text.length > 40_000) text = text.slice(0, 40_000);
      const threadTs = str(v["thread_ts"]) ?? null;
      const channelId = channel?.id ?? `D${ref.slice(1)}`;
      const ts = services.state.nextTs();
      services.state.record({
        teamId: token.teamId,
        channelId,
        channelName: channel ? `#${channel.name}` : `@${services.state.users.get(ref)?.name ?? ref}`,
        ts,
        threadTs,
        text,
        blocks: blocks.blocks,
        attachments,
        via: "api",
        botId: token.botId,
        clientId: token.clientId,
        webhookId: null,
      });
      const message: Record<string, unknown> = {
        type: "message",
        subtype: "bot_message",
        text,
        ts,
        bot_id: token.botId,
      };
      if (blocks.blocks) message["blocks"] = blocks.blocks;
      if (threadTs) message["thread_ts"] = threadTs;
      return { ok: true, channel: channelId, ts, message };
    },
  },
};

/** Methods the simulator answers (others: `unknown_method`). */
export const SIMULATED_METHODS = Object.keys(METHODS);

function tokenSources(c: SlackCtx, args: CallArgs) {
  return { authorization: c.req.header("authorization"), param: args.tokenParam };
}

/**
 * `/api/{method}` (GET or POST): faults first (like Slack's edge), then the method, which checks
 * the token, spends its rate budget and answers `{ok: …}`. Every failure is HTTP 200 JSON but
 * `ratelimited` (429 + Retry-After).
 */
export function registerWebApiRoutes(app: Hono<SlackEnv>, services: SlackServices): void {
  const { faults, stats, rateLimiter } = services;

  const answer = (c: SlackCtx, method: string, err: SlackApiError, retryAfter?: number) => {
    stats.record(method, err.code, err.status);
    const res = c.json(err.body, err.status);
    if (err.status === 429) res.headers.set("Retry-After", String(retryAfter ?? 1));
    return res;
  };

  app.on(["GET", "POST"], "/api/:method", async (c) => {
    const method = c.req.param("method");
    const spec = METHODS[method];
    if (!spec) return answer(c, "unknown", slackError("unknown_method"));
    const fault = faults.take(method);
    if (fault) {
      stats.faultsInjected++;
      if (fault.delayMs > 0) await sleep(fault.delayMs);
      if (fault.failure) {
        const { error, status, retryAfter } = fault.failure;
        return answer(c, method, new SlackApiError(error, {}, status as SlackApiError["status"]), retryAfter);
      }
    }
    try {
      const args = await readArgs(c);
      if (args.json && !spec.acceptsJson) throw slackError("invalid_arguments");
      const body = await spec.run({
        c,
        args,
        services,
        limit: (checks) => {
          const wait = rateLimiter.take(checks);
          if (wait !== null) throw new RateLimited(wait);
        },
      });
      stats.record(method, "ok", 200);
      return c.json(body, 200, { "x-oauth-scopes": scopesHeader(services, c, args) });
    } catch (err) {
      if (err instanceof RateLimited) return answer(c, method, err, err.retryAfter);
      if (err instanceof SlackApiError) return answer(c, method, err);
      throw err;
    }
  });
}

function scopesHeader(services: SlackServices, c: SlackCtx, args: CallArgs): string {
  try {
    return [...services.auth.resolve(tokenSources(c, args)).scopes].join(",");
  } catch {
    return "";
  }
}
