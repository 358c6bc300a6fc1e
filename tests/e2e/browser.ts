import fs from "node:fs";
import {
  chromium,
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from "playwright-core";
import { expect, inject } from "vitest";
import { DEMO_PASSWORD } from "./global-setup";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

/** Debian's Chromium, headless, with the flags this closed network needs. */
export async function launchBrowser(): Promise<Browser> {
  if (!fs.existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}: apt-get install -y chromium (or set CHROMIUM_PATH)`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--disable-dev-shm-usage",
    ],
  });
}

export const baseUrl = (): string => inject("baseUrl");

export const DESKTOP = { width: 1280, height: 860 };
export const MOBILE = { width: 390, height: 844 };

/**
 * Each browser context is a different visitor: the test app trusts X-Forwarded-For (as behind a
 * load balancer), so the per-IP sign-in limits apply per context instead of to the whole suite.
 */
export function visitorHeaders(): Record<string, string> {
  const octet = () => 1 + Math.floor(Math.random() * 254);
  return { "x-forwarded-for": `198.51.100.${octet()}, 203.0.113.${octet()}` };
}

/**
 * The app's "now" as this test process sees it: the AGENCY_HUB_NOW test clock when one is set
 * (scripts/test-dates.sh), else the machine's. Expected dates are computed from this.
 */
export function appNow(): Date {
  return new Date(Date.now() + (inject("appClockOffsetMs") ?? 0));
}

/**
 * A browser context on the app's clock: with a test clock (AGENCY_HUB_NOW) the page's Date
 * starts at the app's now and runs on from there, so browser and server agree on today. Time
 * zone UTC, like the server's calendar days, whatever the machine's zone.
 */
export async function newContext(
  browser: Browser,
  viewport = DESKTOP,
  options: BrowserContextOptions = {},
): Promise<BrowserContext> {
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport,
    isMobile: viewport.width < 768,
    hasTouch: viewport.width < 768,
    extraHTTPHeaders: visitorHeaders(),
    timezoneId: "UTC",
    ...options,
  });
  if (inject("appClockOffsetMs") !== null) await context.clock.install({ time: appNow() });
  return context;
}

export async function newPage(
  browser: Browser,
  viewport = DESKTOP,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext(browser, viewport);
  const page = await context.newPage();
  return { context, page };
}

/** Screenshots go to test-results/ for a human to look at after a run. */
export async function snap(page: Page, name: string): Promise<void> {
  fs.mkdirSync("test-results", { recursive: true });
  await page.screenshot({ path: `test-results/${name}.png`, fullPage: true });
}

/** Sign a browser context in as one of npm start's demo users (owner@, admin@, member@demo.test). */
export async function signInAsDemo(context: BrowserContext, email: string): Promise<void> {
  const res = await context.request.post("/api/auth/sign-in/email", {
    data: { email, password: DEMO_PASSWORD },
    headers: { origin: baseUrl() },
  });
  expect(res.status(), `sign-in of ${email}`).toBe(200);
}
