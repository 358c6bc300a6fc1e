import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, DESKTOP, launchBrowser, MOBILE, newContext, newPage, snap, signInAsDemo } from "./browser";
import { DEMO_PASSWORD } from "./global-setup";

/*
 * npm start's embedded default: the demo agency lives in the in-process ClickUp simulator and the
 * "Demo Agency" workspace was connected to it through the real OAuth flow and client, then synced.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The first full sync runs as a job right after boot; wait for it. */
async function waitForFirstSync(context: BrowserContext): Promise<void> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const res = await context.request.get("/api/clickup/sync");
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { status: string; lastFullSyncAt: string | null };
    if (body.lastFullSyncAt && body.status === "idle") return;
    if (Date.now() > deadline) throw new Error(`first sync did not finish: ${JSON.stringify(body)}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

async function openSettings(page: Page) {
  await page.goto("/settings?tab=clickup");
  await page.getByRole("heading", { name: "Workspace connection" }).waitFor();
}

describe("ClickUp in Settings (demo agency)", () => {
  it("owner: connected through OAuth, synced, and 'Sync now' runs a full sync with a progress bar", async () => {
    const { context, page } = await newPage(browser, DESKTOP);
    await signInAsDemo(context, "owner@demo.test");
    await waitForFirstSync(context);
    await openSettings(page);
    const panel = page.locator("#clickup");
    await expect.poll(() => panel.innerText()).toContain("ClickUp sign-in (OAuth)");
    expect(await panel.innerText()).toContain("Connected");
    const sync = page.locator("#sync");
    await sync.getByText("Up to date").waitFor();
    expect(await sync.innerText()).toMatch(/Full sync[\s\S]*Succeeded/);
    await snap(page, "clickup-settings-owner-desktop");

    await sync.getByRole("button", { name: "Sync now" }).click();
    await sync
      .getByText(/Syncing|Queued/)
      .first()
      .waitFor();
    await sync.getByText("Up to date").waitFor({ timeout: 60_000 });
    const runs = await context.request.get("/api/clickup/sync");
    const body = (await runs.json()) as {
      runs: Array<{ kind: string; status: string; trigger: string | null }>;
    };
    expect(
      body.runs.filter((r) => r.kind === "full" && r.status === "succeeded").length,
    ).toBeGreaterThanOrEqual(2);
    expect(body.runs.some((r) => r.trigger === "manual" && r.status === "succeeded")).toBe(true);
    await context.close();
  });

  it("member: sees their linked ClickUp account and the synced work, but not the sync controls", async () => {
    const { context, page } = await newPage(browser, MOBILE);
    await signInAsDemo(context, "member@demo.test");
    const status = await context.request.get("/api/clickup/status");
    const s = (await status.json()) as { me: { clickupEmail: string } | null; canManage: boolean };
    expect(s.me?.clickupEmail).toBe("member@demo.test");
    expect(s.canManage).toBe(false);
    const accessible = await context.request.post("/api/accessible-tasks", {
      data: {},
      headers: { origin: baseUrl() },
    });
    expect(accessible.status()).toBe(200);
    const a = (await accessible.json()) as { taskIds: string[]; clickupUserId: string };
    expect(a.taskIds.length).toBeGreaterThan(50);
    expect(a.clickupUserId).toMatch(/^\d+$/);
    expect((await context.request.get("/api/clickup/sync")).status()).toBe(403);
    await openSettings(page);
    const panel = page.locator("#clickup");
    expect(await panel.innerText()).toContain("member@demo.test");
    expect(await page.locator("#sync").count()).toBe(0);
    await snap(page, "clickup-settings-member-mobile");
    await context.close();
  });

  it("member: disconnects and reconnects their own account through the ClickUp consent page", async () => {
    // OAuth redirects go to PUBLIC_URL (http://localhost:port), so browse there to keep the session cookie.
    const publicUrl = baseUrl().replace("127.0.0.1", "localhost");
    const context = await newContext(browser, DESKTOP, { baseURL: publicUrl });
    const page = await context.newPage();
    const res = await context.request.post("/api/auth/sign-in/email", {
      data: { email: "member@demo.test", password: DEMO_PASSWORD },
      headers: { origin: publicUrl },
    });
    expect(res.status()).toBe(200);
    await openSettings(page);
    await page.getByRole("button", { name: "Disconnect my account" }).click();
    await page.getByRole("button", { name: "Connect my ClickUp account" }).click();
    // The simulator's consent page (like app.clickup.com/api), preselecting the signed-in person.
    await page.getByRole("button", { name: "Connect Workspace" }).waitFor();
    await snap(page, "clickup-consent-page");
    await page.getByRole("button", { name: "Connect Workspace" }).click();
    await page.waitForURL(/\/settings\?tab=clickup$/);
    await expect.poll(() => page.locator("#clickup").innerText()).toContain("member@demo.test");
    const s = (await (await context.request.get("/api/clickup/status")).json()) as {
      me: { clickupEmail: string } | null;
    };
    expect(s.me?.clickupEmail).toBe("member@demo.test");
    await context.close();
  });
});
