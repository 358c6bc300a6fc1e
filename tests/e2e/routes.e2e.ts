import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchBrowser, newPage, snap } from "./browser";

const ERROR_TEXT =
  "Something went wrong. An error occurred while loading this page. Please try refreshing or contact support if the problem persists.";
const CHUNK_TEXT = "Failed to load application component. This usually happens after an app update.";

const PROTECTED = [
  "/dashboard",
  "/projects",
  "/projects/abc123",
  "/projects/abc123/calendar",
  "/calendar",
  "/workload",
  "/reporting",
  "/reporting/accrual",
  "/reporting/time-sync-validation",
  "/finance",
  "/finance/budgets/b1",
  "/finance/rate-cards",
  "/templates/folders",
  "/templates/folders/t1",
  "/settings",
];

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("route table, signed out", () => {
  it("sends a signed-out visitor of every protected route to /auth", async () => {
    const { context, page } = await newPage(browser);
    for (const path of PROTECTED) {
      await page.goto(path);
      await page.waitForURL("**/auth", { timeout: 10_000 });
      expect(new URL(page.url()).pathname, path).toBe("/auth");
    }
    await context.close();
  });

  it("redirects /organization and /organization/settings through /settings (then to /auth when signed out)", async () => {
    const { context, page } = await newPage(browser);
    const seen: string[] = [];
    page.on("framenavigated", (f) => f === page.mainFrame() && seen.push(new URL(f.url()).pathname));
    for (const path of ["/organization", "/organization/settings"]) {
      seen.length = 0;
      await page.goto(path);
      await page.waitForURL("**/auth");
      expect(seen).toContain("/settings");
    }
    await context.close();
  });

  it("shows the not-found page for any other path", async () => {
    const { context, page } = await newPage(browser);
    const res = await page.goto("/no/such/page");
    expect(res?.status()).toBe(200); // the SPA shell; the router decides
    // The router draws it once the app has started: wait for it (the load event does not mean drawn).
    await page.getByRole("heading", { name: "Page not found" }).waitFor();
    await expect(page.getByRole("heading", { name: "Page not found" }).isVisible()).resolves.toBe(true);
    await snap(page, "not-found");
    await context.close();
  });

  it("shows the landing page at / and the terms and privacy pages", async () => {
    const { context, page } = await newPage(browser);
    await page.goto("/");
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    await page.goto("/terms");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/Terms/i);
    await page.goto("/privacy");
    expect(await page.getByRole("heading", { level: 1 }).first().textContent()).toMatch(/Privacy/i);
    await context.close();
  });
});

/** The requests that read the session (web/src/features/session/use-session.ts). */
const SESSION_REQUESTS = /\/api\/(?:me|auth\/get-session)$/;

describe("protected-route gate", () => {
  it("shows a spinner while the session loads, then redirects", async () => {
    const { context, page } = await newPage(browser);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    // A signed-out visitor's session check is better-auth's get-session (no console 401), then /api/me.
    await page.route(SESSION_REQUESTS, async (route) => {
      await gate;
      await route.continue();
    });
    await page.goto("/workload");
    await page.getByRole("status").first().waitFor();
    release();
    await page.waitForURL("**/auth");
    await context.close();
  });

  it("shows the authentication error beside the spinner when the session cannot be read", async () => {
    const { context, page } = await newPage(browser);
    await page.route(SESSION_REQUESTS, (route) =>
      route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify({ error: { code: "internal_error", message: "Failed to initialize session" } }),
      }),
    );
    await page.goto("/settings");
    await page.getByRole("alert").filter({ hasText: "Failed to initialize session" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/settings");
    await context.close();
  });
});

describe("fallback screens", () => {
  it("shows 'App Update Required' when a route chunk cannot be fetched, and Try Again reloads", async () => {
    const { context, page } = await newPage(browser);
    await page.route(/\/assets\/terms-[^/]+\.js$/, (route) => route.abort());
    await page.goto("/terms");
    await page.getByRole("heading", { name: "App Update Required" }).waitFor();
    expect(await page.getByText(CHUNK_TEXT).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Refresh Page" }).isVisible()).toBe(true);
    await snap(page, "app-update-required");
    await page.unroute(/\/assets\/terms-[^/]+\.js$/);
    await page.getByRole("button", { name: "Try Again" }).click();
    await page.getByRole("heading", { level: 1 }).filter({ hasText: /Terms/i }).waitFor();
    await context.close();
  });

  it("shows the error boundary when a screen throws, with Refresh Page and Go Back", async () => {
    const { context, page } = await newPage(browser);
    await page.route(/\/assets\/privacy-[^/]+\.js$/, (route) =>
      route.fulfill({
        contentType: "application/javascript",
        body: "export function Component() { throw new Error('boom'); }",
      }),
    );
    await page.goto("/privacy");
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    expect(await page.getByText(ERROR_TEXT).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Refresh Page" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Go Back" }).isVisible()).toBe(true);
    await snap(page, "error-boundary");
    await context.close();
  });
});

describe("route table, signed in", () => {
  async function signedInPage(withWorkspace: boolean) {
    const { context, page } = await newPage(browser);
    const email = `routes-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.test`;
    const signUp = await page.request.post("/api/auth/sign-up/email", {
      data: { email, password: "a long enough password", name: email },
    });
    expect(signUp.status()).toBe(200);
    if (withWorkspace) {
      const created = await page.request.post("/api/workspaces", { data: { name: "Routes Agency" } });
      expect(created.status()).toBe(201);
    }
    return { context, page };
  }

  it("sends /organization and /organization/settings to /settings, and shows one page for both time-sync paths", async () => {
    const { context, page } = await signedInPage(true);
    for (const path of ["/organization", "/organization/settings"]) {
      await page.goto(path);
      await page.waitForURL("**/settings");
      await page.getByRole("heading", { name: "Settings" }).waitFor();
    }
    await page.goto("/reporting/time-sync");
    const first = await page.getByRole("heading", { level: 1 }).first().innerText();
    await page.goto("/reporting/time-sync-validation");
    const second = await page.getByRole("heading", { level: 1 }).first().innerText();
    expect(second).toBe(first);
    await page.goto("/auth");
    await page.waitForURL((u) => u.pathname === "/");
    await context.close();
  });

  it("sends a signed-in user without a workspace to /setup, and a signed-in visitor of /auth to /", async () => {
    const { context, page } = await signedInPage(false);
    await page.goto("/dashboard");
    await page.waitForURL("**/setup");
    await page.getByText("Set up your workspace").waitFor();
    await page.goto("/auth");
    await page.waitForURL((u) => u.pathname === "/" || u.pathname === "/setup");
    await context.close();
  });
});
