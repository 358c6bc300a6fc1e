import { describe, expect, it } from "vitest";
import { call, install, testClock, testSlack } from "./test-support";
import { DEMO_CHANNELS } from "./workspace";

type Sim = ReturnType<typeof testSlack>;

async function hookPath(sim: Sim, channelId: string = DEMO_CHANNELS.finance) {
  const { token, body } = await install(sim, { scope: "incoming-webhook,chat:write", channelId });
  const url = new URL(String((body["incoming_webhook"] as Record<string, unknown>)["url"]));
  return { token, path: url.pathname };
}

const post = (sim: Sim, path: string, body: unknown, type = "application/json") =>
  sim.app.request(path, {
    method: "POST",
    headers: { "content-type": type },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

describe("incoming webhooks", () => {
  it("answers plain-text ok and records the message in the install's channel", async () => {
    const sim = testSlack();
    const { path } = await hookPath(sim);
    const res = await post(sim, path, {
      text: "Budget approved",
      blocks: [{ type: "header", text: { type: "plain_text", text: "Budget approved" } }],
    });
    expect(res.status).toBe(200);
    expect(await res.text()).toBe("ok");
    expect(sim.messages()).toEqual([
      expect.objectContaining({
        channel: DEMO_CHANNELS.finance,
        channel_name: "#finance",
        text: "Budget approved",
        via: "webhook",
        blocks_summary: "header: Budget approved",
      }),
    ]);
  });

  it.each([
    ["bad JSON", "{", "application/json", 400, "invalid_payload"],
    ["a non-JSON content type", "text=hi", "application/x-www-form-urlencoded", 400, "invalid_payload"],
    ["no text", { text: "" }, "application/json", 400, "no_text"],
    ["invalid blocks", { text: "x", blocks: [{ type: "nope" }] }, "application/json", 400, "invalid_blocks"],
    [
      "too many attachments",
      { attachments: Array(101).fill({ text: "a" }) },
      "application/json",
      400,
      "too_many_attachments",
    ],
  ])("answers %s with its status and plain-text code", async (_name, body, type, status, code) => {
    const sim = testSlack();
    const { path } = await hookPath(sim);
    const res = await post(sim, path, body, type);
    expect(res.status).toBe(status);
    expect(await res.text()).toBe(code);
    expect(sim.messages()).toEqual([]);
  });

  it("answers a wrong secret 403 invalid_token, an unknown hook 404 no_service", async () => {
    const sim = testSlack();
    const { path } = await hookPath(sim);
    const wrongSecret = path.replace(/[^/]+$/, "X".repeat(24));
    const res = await post(sim, wrongSecret, { text: "x" });
    expect([res.status, await res.text()]).toEqual([403, "invalid_token"]);
    const unknown = await post(sim, "/services/T0DEMOAGCY/B0NOPE/abc", { text: "x" });
    expect([unknown.status, await unknown.text()]).toEqual([404, "no_service"]);
  });

  it("stops working when the bot token is revoked (404 no_service)", async () => {
    const sim = testSlack();
    const { token, path } = await hookPath(sim);
    expect((await call(sim, "auth.revoke", {}, { token })).body["revoked"]).toBe(true);
    const res = await post(sim, path, { text: "x" });
    expect([res.status, await res.text()]).toEqual([404, "no_service"]);
  });

  it("answers 410 channel_is_archived and 404 channel_not_found when the channel changes", async () => {
    const sim = testSlack();
    const { path } = await hookPath(sim, DEMO_CHANNELS.design);
    sim.archiveChannel(DEMO_CHANNELS.design);
    const archived = await post(sim, path, { text: "x" });
    expect([archived.status, await archived.text()]).toEqual([410, "channel_is_archived"]);
    sim.archiveChannel(DEMO_CHANNELS.design, false);
    sim.deleteChannel(DEMO_CHANNELS.design);
    const gone = await post(sim, path, { text: "x" });
    expect([gone.status, await gone.text()]).toEqual([404, "channel_not_found"]);
  });

  it("adds the app to the webhook's channel, so chat.postMessage works there too", async () => {
    const sim = testSlack();
    const { token } = await hookPath(sim, DEMO_CHANNELS.random);
    const res = await call(sim, "chat.postMessage", { channel: DEMO_CHANNELS.random, text: "x" }, { token });
    expect(res.body["ok"]).toBe(true);
  });

  it("is rate limited per URL: 429 with Retry-After, then passes again", async () => {
    const clock = testClock();
    const sim = testSlack({ now: clock.now, rateLimits: { webhook: { burst: 2, perMinute: 60 } } });
    const { path } = await hookPath(sim);
    expect((await post(sim, path, { text: "1" })).status).toBe(200);
    expect((await post(sim, path, { text: "2" })).status).toBe(200);
    const limited = await post(sim, path, { text: "3" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBe("1");
    expect(await limited.text()).toBe("rate_limited");
    clock.advance(1000);
    expect((await post(sim, path, { text: "3" })).status).toBe(200);
    expect(sim.messages().map((m) => m.text)).toEqual(["3", "2", "1"]);
  });
});
