/**
 * Issue 10 §4 "First load fast": the signed-out landing page downloads none of the dashboard's
 * code, logs no error (the signed-out session check used to be a console 401), and draws in the
 * system's font it asks for, downloading none. Which chunk holds what comes from the build
 * manifest (vite.config.ts `build.manifest`).
 */
import fs from "node:fs";
import path from "node:path";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, launchBrowser, newPage, signInAsDemo } from "./browser";

interface ManifestChunk {
  file: string;
  name?: string;
  imports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

const MANIFEST = path.join("dist/web/.vite/manifest.json");
const DASHBOARD_ROUTE = "src/routes/dashboard.tsx";
const APP_LAYOUT = "src/features/app-shell/app-layout.tsx";

function readManifest(): Manifest {
  return JSON.parse(fs.readFileSync(MANIFEST, "utf8")) as Manifest;
}

/** The files a manifest entry loads: its own chunk and, transitively, its static imports. */
function closure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const dep of chunk.imports ?? []) closure(manifest, dep, into);
  return into;
}

/** Records the scripts a page fetches and every console error / 4xx-5xx answer while it loads. */
function watch(page: Page) {
  const scripts: string[] = [];
  const problems: string[] = [];
  page.on("request", (req) => {
    if (req.resourceType() === "script") scripts.push(new URL(req.url()).pathname.replace(/^\//, ""));
  });
  page.on("console", (msg) => {
    if (msg.type() === "error") problems.push(`console error: ${msg.text()}`);
  });
  page.on("response", (res) => {
    if (res.status() >= 400) problems.push(`${res.status()} ${res.url()}`);
  });
  return { scripts, problems };
}

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("first load of / signed out", () => {
  it("is finished HTML: no script at all, no 401 (or any error); Sign In starts the app without the dashboard's code", async () => {
    const manifest = readManifest();
    expect(manifest[DASHBOARD_ROUTE]?.file).toBeTruthy();

    const { context, page } = await newPage(browser);
    const seen = watch(page);
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    // server/app.ts serves dist/web/landing.html (scripts/prerender-landing.tsx) to a visitor
    // without a session cookie: the page needs none of the app's JavaScript.
    expect(seen.scripts).toEqual([]);
    expect(await page.locator("script").count()).toBe(0);
    expect(seen.problems).toEqual([]);

    // The way in is a plain link: /auth loads the app, still without the dashboard's code.
    await page.getByRole("link", { name: "Sign In" }).first().click();
    await page.waitForURL(/\/auth$/);
    await page
      .getByRole("button", { name: /continue with google|sign in/i })
      .first()
      .waitFor();
    expect(seen.scripts.length).toBeGreaterThan(0);
    // Few files on a slow link (vite.config.ts code-splitting groups): the sign-in page and its
    // forms are 22 files today.
    expect(seen.scripts.length).toBeLessThanOrEqual(24);
    expect(seen.scripts).not.toContain(manifest[DASHBOARD_ROUTE]!.file);
    expect(seen.problems).toEqual([]);
    await context.close();
  });

  it("with a stale session cookie gets the finished landing page: no script, no error", async () => {
    const { context, page } = await newPage(browser);
    // A cookie whose session is gone (signed out elsewhere, expired): the server looks it up and
    // answers as it answers a visitor without one (server/app.ts), so nothing asks and gets a 401.
    await context.addCookies([{ name: "better-auth.session_token", value: "stale.token", url: baseUrl() }]);
    const seen = watch(page);
    await page.goto("/", { waitUntil: "networkidle" });
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(seen.scripts).toEqual([]);
    expect(seen.problems).toEqual([]);
    await context.close();
  });

  it("draws in the system's font, on purpose, and downloads no font", async () => {
    const { context, page } = await newPage(browser);
    const fonts: string[] = [];
    page.on("request", (req) => {
      if (req.resourceType() === "font" || /\.(?:woff2?|ttf|otf)(?:$|\?)/.test(req.url()))
        fonts.push(new URL(req.url()).pathname);
    });
    for (const [path, ready] of [
      ["/", page.getByRole("heading", { level: 1 }).first()],
      ["/auth", page.getByLabel("Email")],
    ] as const) {
      await page.goto(path, { waitUntil: "networkidle" });
      await ready.waitFor();
      const font = await page.evaluate(async () => {
        await document.fonts.ready;
        return {
          family: getComputedStyle(document.body).fontFamily,
          faces: [...document.fonts].map((f) => f.family),
        };
      });
      // web/src/index.css --font-sans: the platform's interface font first, nothing of our own.
      expect(font.family).toMatch(/^-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto,/);
      expect(font.faces).toEqual([]);
    }
    expect(fonts).toEqual([]);
    await context.close();
  });
});

describe("the signed-in app shell", () => {
  it("answers / and /dashboard with a session cookie: the frame's and the dashboard's chunks preloaded, a session marked", async () => {
    const manifest = readManifest();
    const index = fs.readFileSync("dist/web/index.html", "utf8");
    const wanted = closure(manifest, DASHBOARD_ROUTE);
    closure(manifest, APP_LAYOUT, wanted);
    closure(manifest, "src/features/session/session-schemas.ts", wanted);
    const preload = (html: string) =>
      new Set(
        [...html.matchAll(/<link rel="modulepreload" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]),
      );
    const { context, page } = await newPage(browser);
    await signInAsDemo(context, "admin@demo.test");
    for (const pathname of ["/", "/dashboard"]) {
      const res = await page.request.get(pathname);
      expect(res.headers()["vary"], pathname).toMatch(/cookie/i);
      const html = await res.text();
      expect(html, pathname).toContain('<meta name="agency-hub:session-cookie" content="1" />');
      const listed = preload(html);
      for (const file of wanted) {
        if (!index.includes(`/${file}"`)) expect(listed.has(file), `${pathname}: ${file}`).toBe(true);
      }
    }
    // A screen other than the dashboard, and a visitor without a session: the plain shell.
    expect(await (await page.request.get("/projects")).text()).toBe(index);
    await context.clearCookies();
    expect(await (await page.request.get("/dashboard")).text()).toBe(index);
    await context.close();
  });
});

describe("the dashboard still gets its code", () => {
  it("draws its greeting from few files: what the shell preloads (vite.config.ts code-splitting groups)", () => {
    const manifest = readManifest();
    // Everything the dashboard needs before it can draw: the entry, the app, the signed-in frame,
    // the dashboard route, the session's schemas, with their static imports. Its dialogs, the
    // "View as" picker and the approvals card load after (dashboard-page.tsx).
    const critical = new Set<string>();
    for (const key of [
      "index.html",
      "src/app.tsx",
      APP_LAYOUT,
      DASHBOARD_ROUTE,
      "src/features/session/session-schemas.ts",
    ])
      closure(manifest, key, critical);
    // 47 scripts had loaded when the greeting of /dashboard showed before the groups, 16 since
    // them, 12 once the dialogs and the picker load on use.
    expect([...critical].length, [...critical].join(" ")).toBeLessThanOrEqual(12);
    for (const lazy of [
      "src/features/timesheet/timesheet-dialog.tsx",
      "src/features/dashboard/detail-dialogs.tsx",
      "src/features/impersonation/impersonation-picker.tsx",
    ]) {
      expect(manifest[lazy], lazy).toBeDefined();
      expect(critical.has(manifest[lazy]!.file), lazy).toBe(false);
    }
    // No form is drawn before a dialog opens: react-hook-form's chunk stays off the path.
    const forms = Object.values(manifest).filter((c) => c.name === "forms");
    expect(forms).toHaveLength(1);
    expect(critical.has(forms[0]!.file)).toBe(false);
  });

  it("signed in, / and /dashboard load the dashboard chunk and show the dashboard without errors", async () => {
    const manifest = readManifest();
    const { context } = await newPage(browser);
    await signInAsDemo(context, "admin@demo.test");
    const dashboardChunk = manifest[DASHBOARD_ROUTE]!.file;
    for (const pathname of ["/", "/dashboard"]) {
      const page = await context.newPage();
      const seen = watch(page);
      // Not "networkidle": a signed-in page keeps its /api/live event stream open.
      const chunk = page.waitForResponse((res) => res.url().endsWith(`/${dashboardChunk}`));
      await page.goto(pathname);
      expect((await chunk).ok(), pathname).toBe(true);
      await page.getByTestId("greeting").waitFor();
      expect(seen.scripts, pathname).toContain(dashboardChunk);
      // The landing page's code is not fetched for a signed-in "/" (the shell says a session is there).
      expect(seen.scripts, pathname).not.toContain(manifest["src/features/landing/landing-page.tsx"]!.file);
      expect(seen.problems, pathname).toEqual([]);
      await page.close();
    }
    await context.close();
  });
});
