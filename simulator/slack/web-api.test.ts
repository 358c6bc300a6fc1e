import { describe, expect, it } from "vitest";
import { call, install, TEST_NOW, testSlack } from "./test-support";
import { DEMO_CHANNELS, DEMO_TEAM, DEMO_USERS, OTHER_CHANNELS } from "./workspace";

async function listAll(
  sim: ReturnType<typeof testSlack>,
  token: string,
  args: Record<string, string>,
): Promise<{ ids: string[]; pageSizes: number[] }> {
  const ids: string[] = [];
  const pageSizes: number[] = [];
  let cursor = "";
  for (let guard = 0; guard < 50; guard++) {
    const res = await call(sim, "conversations.list", { ...args, ...(cursor ? { cursor } : {}) }, { token });
    expect(res.body["ok"]).toBe(true);
    const channels = res.body["channels"] as { id: string }[];
    pageSizes.push(channels.length);
    ids.push(...channels.map((c) => c.id));
    cursor = String((res.body["response_metadata"] as { next_cursor: string }).next_cursor);
    if (!cursor) return { ids, pageSizes };
  }
  throw new Error("paging did not end");
}

const PUBLIC_IDS = [
  DEMO_CHANNELS.general,
  DEMO_CHANNELS.projects,
  DEMO_CHANNELS.finance,
  DEMO_CHANNELS.random,
  DEMO_CHANNELS.archived,
  DEMO_CHANNELS.design,
  DEMO_CHANNELS.oldAnnouncements,
];

describe("conversations.list", () => {
  it("lists public channels by default in the documented shape", async () => {
    const sim = testSlack();
    const { token, body } = await install(sim);
    const res = await call(sim, "conversations.list", {}, { token });
    expect(res.status).toBe(200);
    const channels = res.body["channels"] as Record<string, unknown>[];
    expect(channels.map((c) => c["id"])).toEqual(PUBLIC_IDS);
    expect(res.body["response_metadata"]).toEqual({ next_cursor: "" });
    expect(channels[0]).toEqual({
      id: DEMO_CHANNELS.general,
      name: "general",
      is_channel: true,
      is_group: false,
      is_im: false,
      is_mpim: false,
      is_private: false,
      is_archived: false,
      is_general: true,
      is_member: true,
      created: 1_704_067_200,
      creator: DEMO_USERS.owner.id,
      name_normalized: "general",
      num_members: 4,
      topic: { value: "", creator: "", last_set: 0 },
      purpose: { value: "Company-wide announcements", creator: DEMO_USERS.owner.id, last_set: 0 },
    });
    const random = channels.find((c) => c["id"] === DEMO_CHANNELS.random);
    expect(random?.["is_member"]).toBe(false);
    expect(body["bot_user_id"]).toMatch(/^U/);
  });

  it("lists private channels only where the bot is a member, with types", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const res = await call(sim, "conversations.list", { types: "public_channel,private_channel" }, { token });
    const channels = res.body["channels"] as Record<string, unknown>[];
    const ids = channels.map((c) => c["id"]);
    expect(ids).toContain(DEMO_CHANNELS.approvals);
    expect(ids).not.toContain(DEMO_CHANNELS.leadership);
    const approvals = channels.find((c) => c["id"] === DEMO_CHANNELS.approvals);
    expect(approvals).toMatchObject({ is_private: true, is_channel: false, is_group: true, is_member: true });
    const onlyPrivate = await call(sim, "conversations.list", { types: "private_channel" }, { token });
    expect((onlyPrivate.body["channels"] as { id: string }[]).map((c) => c.id)).toEqual([
      DEMO_CHANNELS.approvals,
    ]);
  });

  it("leaves archived channels out with exclude_archived", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const res = await call(sim, "conversations.list", { exclude_archived: "true" }, { token });
    const ids = (res.body["channels"] as { id: string }[]).map((c) => c.id);
    expect(ids).toEqual(
      PUBLIC_IDS.filter((id) => id !== DEMO_CHANNELS.archived && id !== DEMO_CHANNELS.oldAnnouncements),
    );
  });

  it("pages with limit and next_cursor until the cursor is empty", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const first = await call(sim, "conversations.list", { limit: "3" }, { token });
    expect((first.body["channels"] as unknown[]).length).toBe(3);
    const cursor = (first.body["response_metadata"] as { next_cursor: string }).next_cursor;
    expect(cursor).toMatch(/^[A-Za-z0-9+/=]+$/);
    expect(cursor).not.toBe("");
    const all = await listAll(sim, token, { limit: "3" });
    expect(all.ids).toEqual(PUBLIC_IDS);
  });

  it("cuts pages before filtering: pages may be short or empty mid-way", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const all = await listAll(sim, token, { limit: "2", types: "private_channel" });
    expect(all.ids).toEqual([DEMO_CHANNELS.approvals]);
    expect(all.pageSizes).toEqual([0, 0, 1, 0]);
  });

  it("only shows the token's own workspace", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const res = await call(sim, "conversations.list", { limit: "1000" }, { token });
    const ids = (res.body["channels"] as { id: string }[]).map((c) => c.id);
    expect(ids).not.toContain(OTHER_CHANNELS.general);
  });

  it("answers missing_scope with needed and provided", async () => {
    const sim = testSlack();
    const { token } = await install(sim, { scope: "chat:write,channels:read" });
    const res = await call(sim, "conversations.list", { types: "public_channel,private_channel" }, { token });
    expect(res.body).toEqual({
      ok: false,
      error: "missing_scope",
      needed: "groups:read",
      provided: "chat:write,channels:read",
    });
    const other = testSlack();
    const none = await install(other, { scope: "chat:write" });
    expect((await call(other, "conversations.list", {}, { token: none.token })).body["error"]).toBe(
      "missing_scope",
    );
  });

  it("refuses a JSON body, bad types, limit and cursor with invalid_arguments", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    expect((await call(sim, "conversations.list", { limit: 2 }, { token, json: true })).body).toEqual({
      ok: false,
      error: "invalid_arguments",
    });
    for (const args of [{ types: "channels" }, { limit: "0" }, { limit: "x" }, { cursor: "bm9wZQ==" }])
      expect(
        (await call(sim, "conversations.list", args, { token })).body["error"],
        JSON.stringify(args),
      ).toBe("invalid_arguments");
  });

  it("works as a GET with the query string", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const res = await sim.app.request("/api/conversations.list?limit=1", {
      headers: { authorization: `Bearer ${token}` },
    });
    const body = (await res.json()) as { ok: boolean; channels: unknown[] };
    expect(body.ok).toBe(true);
    expect(body.channels).toHaveLength(1);
  });
});

describe("chat.postMessage", () => {
  it("posts as JSON with Bearer and answers channel, ts and message", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const blocks = [
      { type: "section", text: { type: "mrkdwn", text: "*PO-0012* waits for your approval" } },
      { type: "context", elements: [{ type: "mrkdwn", text: "€1,200.00 · Acme" }] },
    ];
    const res = await call(
      sim,
      "chat.postMessage",
      {
        channel: DEMO_CHANNELS.finance,
        text: "PO-0012 waits for your approval",
        blocks,
        unfurl_links: false,
      },
      { token, json: true },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      ok: true,
      channel: DEMO_CHANNELS.finance,
      ts: expect.stringMatching(new RegExp(`^${TEST_NOW / 1000}\\.\\d{6}$`)),
      message: {
        type: "message",
        subtype: "bot_message",
        text: "PO-0012 waits for your approval",
        ts: res.body["ts"],
        bot_id: expect.stringMatching(/^B/),
        blocks,
      },
    });
    expect(sim.messages()).toEqual([
      expect.objectContaining({
        channel: DEMO_CHANNELS.finance,
        channel_name: "#finance",
        ts: res.body["ts"],
        text: "PO-0012 waits for your approval",
        blocks,
        blocks_summary: "section: *PO-0012* waits for your approval · context: €1,200.00 · Acme",
        via: "api",
      }),
    ]);
  });

  it("gives every message its own increasing ts, even on a frozen clock", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const ts: string[] = [];
    for (let i = 0; i < 3; i++)
      ts.push(
        String(
          (await call(sim, "chat.postMessage", { channel: DEMO_CHANNELS.general, text: `m${i}` }, { token }))
            .body["ts"],
        ),
      );
    expect(new Set(ts).size).toBe(3);
    expect([...ts].sort()).toEqual(ts);
  });

  it("takes form bodies with blocks as a JSON string, channel names and thread_ts", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const parent = await call(sim, "chat.postMessage", { channel: "#projects", text: "parent" }, { token });
    expect(parent.body["channel"]).toBe(DEMO_CHANNELS.projects);
    const reply = await call(
      sim,
      "chat.postMessage",
      {
        channel: "projects",
        text: "reply",
        thread_ts: String(parent.body["ts"]),
        blocks: JSON.stringify([{ type: "divider" }]),
      },
      { token },
    );
    expect(reply.body["ok"]).toBe(true);
    expect((reply.body["message"] as Record<string, unknown>)["thread_ts"]).toBe(parent.body["ts"]);
    expect(sim.messages()[0]).toMatchObject({ thread_ts: parent.body["ts"], blocks: [{ type: "divider" }] });
  });

  it("posts to a person's id as the app's DM", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const res = await call(
      sim,
      "chat.postMessage",
      { channel: DEMO_USERS.member.id, text: "Your week was approved" },
      { token },
    );
    expect(res.body["ok"]).toBe(true);
    expect(String(res.body["channel"])).toMatch(/^D/);
    expect(sim.messages()[0]?.channel_name).toBe("@maya");
  });

  it.each([
    ["a channel the bot is not in", { channel: DEMO_CHANNELS.random, text: "x" }, "not_in_channel"],
    ["an unknown channel", { channel: "C0NOPE", text: "x" }, "channel_not_found"],
    ["a missing channel", { text: "x" }, "channel_not_found"],
    ["another workspace's channel", { channel: OTHER_CHANNELS.general, text: "x" }, "channel_not_found"],
    [
      "a private channel the bot cannot see",
      { channel: DEMO_CHANNELS.leadership, text: "x" },
      "channel_not_found",
    ],
    ["an archived channel", { channel: DEMO_CHANNELS.archived, text: "x" }, "is_archived"],
    ["no text, blocks or attachments", { channel: DEMO_CHANNELS.general, text: "  " }, "no_text"],
    [
      "markdown_text over 12,000 characters",
      { channel: DEMO_CHANNELS.general, markdown_text: "a".repeat(12_001) },
      "msg_too_long",
    ],
    [
      "markdown_text with text",
      { channel: DEMO_CHANNELS.general, markdown_text: "*a*", text: "a" },
      "invalid_arguments",
    ],
    [
      "blocks that are not JSON",
      { channel: DEMO_CHANNELS.general, text: "x", blocks: "[{" },
      "invalid_blocks_format",
    ],
    [
      "blocks that are not an array",
      { channel: DEMO_CHANNELS.general, text: "x", blocks: '{"type":"section"}' },
      "invalid_blocks_format",
    ],
    [
      "a block of an unknown type",
      { channel: DEMO_CHANNELS.general, text: "x", blocks: [{ type: "banner" }] },
      "invalid_blocks",
    ],
    [
      "a section over 3000 characters",
      {
        channel: DEMO_CHANNELS.general,
        text: "x",
        blocks: [{ type: "section", text: { type: "mrkdwn", text: "a".repeat(3001) } }],
      },
      "invalid_blocks",
    ],
    [
      "more than 50 blocks",
      { channel: DEMO_CHANNELS.general, text: "x", blocks: Array(51).fill({ type: "divider" }) },
      "msg_blocks_too_long",
    ],
    [
      "more than 100 attachments",
      { channel: DEMO_CHANNELS.general, text: "x", attachments: Array(101).fill({ text: "a" }) },
      "too_many_attachments",
    ],
  ])("answers HTTP 200 with the error for %s", async (_name, args, error) => {
    const sim = testSlack();
    const { token } = await install(sim);
    const res = await call(sim, "chat.postMessage", args, { token, json: true });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: false, error });
    expect(sim.messages()).toEqual([]);
  });

  it("posts to a public channel it is not in with chat:write.public, and after joining", async () => {
    const sim = testSlack();
    const { token } = await install(sim, { scope: "chat:write,chat:write.public" });
    expect(
      (await call(sim, "chat.postMessage", { channel: DEMO_CHANNELS.random, text: "x" }, { token })).body[
        "ok"
      ],
    ).toBe(true);
    // Still not into a private channel it cannot see.
    expect(
      (await call(sim, "chat.postMessage", { channel: DEMO_CHANNELS.leadership, text: "x" }, { token })).body[
        "error"
      ],
    ).toBe("channel_not_found");
    const plain = testSlack();
    const p = await install(plain);
    plain.setBotMembership("1111.2222", DEMO_CHANNELS.random, true);
    expect(
      (
        await call(
          plain,
          "chat.postMessage",
          { channel: DEMO_CHANNELS.random, text: "x" },
          { token: p.token },
        )
      ).body["ok"],
    ).toBe(true);
  });

  it("answers missing_scope without chat:write, invalid_auth and not_authed", async () => {
    const sim = testSlack();
    const { token } = await install(sim, { scope: "channels:read" });
    expect(
      (await call(sim, "chat.postMessage", { channel: DEMO_CHANNELS.general, text: "x" }, { token })).body,
    ).toEqual({
      ok: false,
      error: "missing_scope",
      needed: "chat:write",
      provided: "channels:read",
    });
    expect(
      (
        await call(
          sim,
          "chat.postMessage",
          { channel: DEMO_CHANNELS.general, text: "x" },
          { token: "xoxb-0-0-x" },
        )
      ).body,
    ).toEqual({
      ok: false,
      error: "invalid_auth",
    });
    expect(
      (await call(sim, "chat.postMessage", { channel: DEMO_CHANNELS.general, text: "x" }, { json: true }))
        .body,
    ).toEqual({
      ok: false,
      error: "not_authed",
    });
  });

  it("truncates text past 40,000 characters instead of refusing it", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    const res = await call(
      sim,
      "chat.postMessage",
      { channel: DEMO_CHANNELS.general, text: "a".repeat(40_010) },
      { token, json: true },
    );
    expect(res.body["ok"]).toBe(true);
    expect(sim.messages()[0]?.text).toHaveLength(40_000);
  });

  it("answers a channel archived or deleted after install", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    sim.archiveChannel(DEMO_CHANNELS.design);
    expect(
      (await call(sim, "chat.postMessage", { channel: DEMO_CHANNELS.design, text: "x" }, { token })).body[
        "error"
      ],
    ).toBe("is_archived");
    sim.deleteChannel(DEMO_CHANNELS.projects);
    expect(
      (await call(sim, "chat.postMessage", { channel: DEMO_CHANNELS.projects, text: "x" }, { token })).body[
        "error"
      ],
    ).toBe("channel_not_found");
  });

  it("answers unknown_method for methods it does not simulate", async () => {
    const sim = testSlack();
    const { token } = await install(sim);
    expect((await call(sim, "chat.scheduleMessage", {}, { token })).body).toEqual({
      ok: false,
      error: "unknown_method",
    });
    expect(DEMO_TEAM.id).toBe("T0DEMOAGCY");
  });
});
