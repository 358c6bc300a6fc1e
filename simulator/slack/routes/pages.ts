import type { Hono } from "hono";
import { z } from "zod";
import { summarizeBlocks } from "../blocks";
import type { SlackCtx, SlackEnv, SlackServices } from "../context";
import type { PostedMessage } from "../model";
import { escapeHtml, page } from "./html";

/** A fault rule as POST /sim/faults takes it (see faults.ts). */
const faultRuleSchema = z.object({
  method: z.string().min(1),
  times: z.number().int().min(1).nullable().optional(),
  rate: z.number().min(0).max(1).optional(),
  error: z.string().min(1).max(100).optional(),
  status: z.number().int().min(200).max(599).optional(),
  retryAfter: z.number().int().min(0).max(3600).optional(),
  delayMs: z.number().int().min(0).max(120_000).optional(),
});
const faultsBodySchema = z.union([
  faultRuleSchema,
  z.object({ rules: z.array(faultRuleSchema).max(100), seed: z.number().int().optional() }),
]);

export interface MessageFilter {
  team?: string;
  /** Channel id, or "#name". */
  channel?: string;
  via?: "api" | "webhook";
}

/** Posted messages, newest first, filtered. */
export function listMessages(messages: readonly PostedMessage[], filter: MessageFilter): PostedMessage[] {
  return messages
    .filter((m) => !filter.team || m.teamId === filter.team)
    .filter((m) => !filter.channel || m.channelId === filter.channel || m.channelName === filter.channel)
    .filter((m) => !filter.via || m.via === filter.via)
    .slice()
    .reverse();
}

/** The JSON form of a posted message (GET /messages.json). */
export function messageJson(m: PostedMessage) {
  return {
    seq: m.seq,
    team_id: m.teamId,
    channel: m.channelId,
    channel_name: m.channelName,
    ts: m.ts,
    thread_ts: m.threadTs,
    text: m.text,
    blocks: m.blocks,
    attachments: m.attachments,
    blocks_summary: summarizeBlocks(m.blocks),
    via: m.via,
    bot_id: m.botId,
    client_id: m.clientId,
    webhook_id: m.webhookId,
    posted_at: new Date(m.postedAt).toISOString(),
  };
}

function filterFrom(c: SlackCtx): MessageFilter {
  const q = new URL(c.req.url).searchParams;
  const via = q.get("via");
  return {
    team: q.get("team") ?? undefined,
    channel: q.get("channel") ?? undefined,
    via: via === "api" || via === "webhook" ? via : undefined,
  };
}

/**
 * Pages for people and browser tests — `/` (workspaces and channels) and `/messages` (what was
 * posted, newest first) — and JSON for tests: `/messages.json` (GET; DELETE empties it),
 * `/sim/faults` (GET, POST a rule or `{rules, seed}`, DELETE), `/sim/stats`.
 */
export function registerPageRoutes(app: Hono<SlackEnv>, services: SlackServices): void {
  const { state, faults, stats } = services;

  app.get("/", (c) => {
    const base = c.get("baseUrl");
    const sections = [...state.teams.values()]
      .map((team) => {
        const rows = state
          .channelsOf(team.id)
          .map((ch) => {
            const bots = [...state.installs.values()].filter(
              (i) => i.teamId === team.id && ch.members.has(i.botUserId),
            );
            return `<tr><td><code>${escapeHtml(ch.id)}</code></td><td>${ch.isPrivate ? "🔒" : "#"}${escapeHtml(ch.name)}</td><td>${ch.isPrivate ? "private" : "public"}${ch.isArchived ? ", archived" : ""}</td><td>${bots.length ? "app is a member" : "—"}</td><td><a href="${escapeHtml(base)}/messages?channel=${encodeURIComponent(ch.id)}">messages</a></td></tr>`;
          })
          .join("");
        const installs = [...state.installs.values()].filter((i) => i.teamId === team.id);
        return `<h2>${escapeHtml(team.name)} <small class="muted"><code>${escapeHtml(team.id)}</code> ${escapeHtml(team.domain)}.slack.com</small></h2>
<p class="muted">${installs.length ? installs.map((i) => `${escapeHtml(state.apps.get(i.clientId)?.name ?? i.clientId)} installed${i.revoked ? " (token revoked)" : ""}`).join(", ") : "No app installed."}</p>
<table><thead><tr><th>Id</th><th>Channel</th><th>Kind</th><th>App</th><th></th></tr></thead><tbody>${rows}</tbody></table>`;
      })
      .join("");
    return c.html(page("Slack simulator", `<h1>Slack simulator</h1>${sections}`, { wide: true, base }));
  });

  app.get("/messages", (c) => {
    const base = c.get("baseUrl");
    const filter = filterFrom(c);
    const list = listMessages(state.messages, filter);
    const teamName = (id: string) => state.teams.get(id)?.name ?? id;
    const rows = list
      .map(
        (m) =>
          `<tr data-channel="${escapeHtml(m.channelId)}" data-ts="${escapeHtml(m.ts)}"><td><time datetime="${new Date(m.postedAt).toISOString()}">${escapeHtml(new Date(m.postedAt).toISOString().replace("T", " ").slice(0, 19))} UTC</time></td><td>${escapeHtml(teamName(m.teamId))}</td><td>${escapeHtml(m.channelName)}</td><td class="text">${escapeHtml(m.text)}</td><td>${escapeHtml(summarizeBlocks(m.blocks))}</td><td>${m.via === "webhook" ? "webhook" : "chat.postMessage"}${m.threadTs ? ` (thread ${escapeHtml(m.threadTs)})` : ""}</td></tr>`,
      )
      .join("");
    const title = filter.channel ? `Posted messages in ${filter.channel}` : "Posted messages";
    const body = `<h1>${escapeHtml(title)}</h1>
<p class="muted">${list.length} message${list.length === 1 ? "" : "s"}, newest first.</p>
${
  list.length
    ? `<table aria-label="Posted messages"><thead><tr><th>Time</th><th>Workspace</th><th>Channel</th><th>Text</th><th>Blocks</th><th>Via</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p>Nothing has been posted yet.</p>`
}`;
    return c.html(page(title, body, { wide: true, base }));
  });

  app.get("/messages.json", (c) =>
    c.json({ messages: listMessages(state.messages, filterFrom(c)).map(messageJson) }),
  );
  app.delete("/messages.json", (c) => {
    state.messages.length = 0;
    return c.json({ ok: true });
  });

  app.get("/sim/faults", (c) => c.json({ rules: faults.current }));
  app.post("/sim/faults", async (c) => {
    let raw: unknown;
    try {
      raw = await c.req.json();
    } catch {
      return c.json({ ok: false, error: "body must be JSON" }, 400);
    }
    const parsed = faultsBodySchema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      return c.json(
        { ok: false, error: `invalid ${issue?.path.join(".") || "body"}: ${issue?.message ?? ""}` },
        400,
      );
    }
    if ("rules" in parsed.data) faults.set(parsed.data.rules, parsed.data.seed);
    else faults.add(parsed.data);
    return c.json({ ok: true, rules: faults.current });
  });
  app.delete("/sim/faults", (c) => {
    faults.clear();
    return c.json({ ok: true });
  });
  app.get("/sim/stats", (c) => c.json(stats.snapshot()));
}
