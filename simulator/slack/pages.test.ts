import { describe, expect, it } from "vitest";
import { call, install, TEST_NOW, testSlack } from "./test-support";
import { DEMO_CHANNELS, DEMO_TEAM } from "./workspace";

async function postThree(sim: ReturnType<typeof testSlack>) {
  const { token } = await install(sim);
  const send = (channel: string, text: string, blocks?: unknown[]) =>
    call(sim, "chat.postMessage", { channel, text, ...(blocks ? { blocks } : {}) }, { token, json: true });
  await send(DEMO_CHANNELS.general, "first");
  await send(DEMO_CHANNELS.finance, "PO <PO-7> & more", [
    { type: "section", text: { type: "mrkdwn", text: "*PO-7* waits for your approval" } },
  ]);
  await send(DEMO_CHANNELS.general, "third");
  return token;
}

describe("posted-messages page", () => {
  it("lists what was posted, newest first, with time, workspace, channel, text and blocks summary (escaped)", async () => {
    const sim = testSlack();
    await postThree(sim);
    const res = await sim.app.request("/messages");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("3 messages, newest first.");
    const third = html.indexOf(">third<");
    const po = html.indexOf("PO &lt;PO-7&gt; &amp; more");
    const first = html.indexOf(">first<");
    expect(third).toBeGreaterThan(0);
    expect(third).toBeLessThan(po);
    expect(po).toBeLessThan(first);
    expect(html).toContain("section: *PO-7* waits for your approval");
    expect(html).toContain("#finance");
    expect(html).toContain("Demo Agency");
    expect(html).toContain(`datetime="${new Date(TEST_NOW).toISOString()}"`);
    expect(html).not.toContain("<PO-7>");
  });

  it("filters by channel id or name", async () => {
    const sim = testSlack();
    await postThree(sim);
    const html = await (await sim.app.request(`/messages?channel=${DEMO_CHANNELS.general}`)).text();
    expect(html).toContain("2 messages");
    expect(html).not.toContain("PO-7");
    const byName = await (
      await sim.app.request(`/messages?channel=${encodeURIComponent("#finance")}`)
    ).text();
    expect(byName).toContain("1 message,");
  });

  it("says so when nothing was posted", async () => {
    const sim = testSlack();
    expect(await (await sim.app.request("/messages")).text()).toContain("Nothing has been posted yet.");
  });
});

describe("messages.json", () => {
  it("answers the messages newest first, filterable, and DELETE empties them", async () => {
    const sim = testSlack();
    await postThree(sim);
    const all = (await (await sim.app.request("/messages.json")).json()) as {
      messages: Record<string, unknown>[];
    };
    expect(all.messages.map((m) => m["text"])).toEqual(["third", "PO <PO-7> & more", "first"]);
    expect(all.messages[1]).toEqual({
      seq: 2,
      team_id: DEMO_TEAM.id,
      channel: DEMO_CHANNELS.finance,
      channel_name: "#finance",
      ts: expect.any(String),
      thread_ts: null,
      text: "PO <PO-7> & more",
      blocks: [{ type: "section", text: { type: "mrkdwn", text: "*PO-7* waits for your approval" } }],
      attachments: null,
      blocks_summary: "section: *PO-7* waits for your approval",
      via: "api",
      bot_id: expect.stringMatching(/^B/),
      client_id: "1111.2222",
      webhook_id: null,
      posted_at: new Date(TEST_NOW).toISOString(),
    });
    const finance = (await (
      await sim.app.request(`/messages.json?channel=${DEMO_CHANNELS.finance}`)
    ).json()) as {
      messages: unknown[];
    };
    expect(finance.messages).toHaveLength(1);
    expect((await sim.app.request("/messages.json", { method: "DELETE" })).status).toBe(200);
    expect(sim.messages()).toEqual([]);
  });
});

describe("workspaces page", () => {
  it("shows the seeded workspaces, their channels and installs", async () => {
    const sim = testSlack();
    await install(sim);
    const html = await (await sim.app.request("/")).text();
    expect(html).toContain("Demo Agency");
    expect(html).toContain("Northwind Studio");
    expect(html).toContain("launch-2025");
    expect(html).toContain("public, archived");
    expect(html).toContain("Agency Hub installed");
  });

  it("builds links from the mount point", async () => {
    const { Hono } = await import("hono");
    const sim = testSlack();
    const host = new Hono();
    host.route("/__sim/slack", sim.app);
    const html = await (await host.request("http://app.test/__sim/slack")).text();
    expect(html).toContain('href="http://app.test/__sim/slack/messages"');
    expect(html).toContain('href="http://app.test/__sim/slack">Workspaces');
    const res = await host.request("http://app.test/__sim/slack/api/auth.test", { method: "POST" });
    expect(await res.json()).toEqual({ ok: false, error: "not_authed" });
  });
});
