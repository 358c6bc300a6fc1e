/**
 * Issue 10 §4 "First load fast": what the server sends — compressed JSON and built files (brotli,
 * gzip, negotiated by Accept-Encoding), year-long immutable caching of hashed assets, a revalidated
 * app shell, a text robots.txt, and no app HTML for a missing file or the build manifest.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestContext, type TestContext } from "../tests/api/harness";
import { createUserInWorkspace } from "../tests/api/fixtures";
import { precompressDirectory } from "../vite.config";
import { prerenderLanding } from "../scripts/prerender-landing";
import { createApp, hasSessionCookie, type App } from "./app";
import { MIN_COMPRESS_BYTES, negotiateEncoding } from "./lib/compress";
import { liveHubFor } from "./modules/live/hub";
import { SIGNED_IN_SHELL } from "../web/src/lib/signed-in-hint";

const BROWSER = "gzip, deflate, br, zstd";
const ORIGIN = "http://localhost:3000";

let ctx: TestContext;
let web: App;
let webDir: string;
const js = `export const greeting = ${JSON.stringify("hello from a hashed chunk ".repeat(200))};\n`;
const shell = `<!doctype html><html><head><title>Agency Hub</title></head><body><div id="root"></div>${"<!-- padding -->".repeat(100)}</body></html>`;

beforeAll(async () => {
  ctx = await createTestContext();
  // A miniature build: what `vite build` writes (public files copied as they are), then the
  // build's precompress step (vite.config.ts) writes the .br/.gz siblings.
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-web-"));
  fs.mkdirSync(path.join(webDir, "assets"));
  fs.mkdirSync(path.join(webDir, ".vite"));
  fs.writeFileSync(path.join(webDir, "index.html"), shell);
  fs.writeFileSync(path.join(webDir, "assets", "index-Ab12Cd34.js"), js);
  fs.writeFileSync(path.join(webDir, "assets", "tiny-Ef56Gh78.js"), "export {};\n");
  fs.writeFileSync(path.join(webDir, ".vite", "manifest.json"), JSON.stringify({ "src/main.tsx": {} }));
  for (const file of fs.readdirSync("web/public")) {
    fs.copyFileSync(path.join("web/public", file), path.join(webDir, file));
  }
  precompressDirectory(webDir);
  web = createApp(ctx.deps, { webDir });
});
afterAll(async () => {
  await liveHubFor(ctx.database, ctx.deps.logger).close();
  await ctx.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** The Cookie header of a freshly signed-in member's live session. */
async function liveSessionCookie(): Promise<string> {
  const user = await createUserInWorkspace(ctx, { role: "member" });
  const jar = (user.client as unknown as { cookies: Map<string, string> }).cookies;
  return [...jar].map(([k, v]) => `${k}=${v}`).join("; ");
}

function get(app: App, pathname: string, headers: Record<string, string> = {}) {
  return app.request(`${ORIGIN}${pathname}`, { headers: { origin: ORIGIN, ...headers } });
}

async function decoded(res: Response): Promise<string> {
  const raw = Buffer.from(await res.arrayBuffer());
  const encoding = res.headers.get("content-encoding");
  if (encoding === "br") return zlib.brotliDecompressSync(raw).toString("utf8");
  if (encoding === "gzip") return zlib.gunzipSync(raw).toString("utf8");
  expect(encoding).toBeNull();
  return raw.toString("utf8");
}

describe("Accept-Encoding negotiation", () => {
  it("prefers brotli, falls back to gzip, honours q=0 and answers identity otherwise", () => {
    expect(negotiateEncoding(BROWSER)).toBe("br");
    expect(negotiateEncoding("gzip, deflate")).toBe("gzip");
    expect(negotiateEncoding("br;q=0, gzip")).toBe("gzip");
    expect(negotiateEncoding("gzip;q=0.5, br;q=0.2")).toBe("gzip");
    expect(negotiateEncoding("*")).toBe("br");
    expect(negotiateEncoding("identity")).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe("API answers are compressed", () => {
  it("GET /api/openapi.json goes out brotli to a browser, gzip to a gzip-only client, plain otherwise", async () => {
    const plain = await get(ctx.app, "/api/openapi.json");
    expect(plain.status).toBe(200);
    expect(plain.headers.get("content-encoding")).toBeNull();
    const text = await plain.text();
    expect(text.length).toBeGreaterThan(MIN_COMPRESS_BYTES);

    const br = await get(ctx.app, "/api/openapi.json", { "accept-encoding": BROWSER });
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("vary")).toMatch(/accept-encoding/i);
    expect(br.headers.get("content-type")).toMatch(/^application\/json/);
    const brBytes = Number(br.headers.get("content-length"));
    expect(brBytes).toBeLessThan(text.length / 4);
    expect(JSON.parse(await decoded(br))).toEqual(JSON.parse(text));

    const gz = await get(ctx.app, "/api/openapi.json", { "accept-encoding": "gzip" });
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(await decoded(gz))).toEqual(JSON.parse(text));
  });

  it("a signed-in JSON answer and an error answer are compressed and keep their status and headers", async () => {
    const user = await createUserInWorkspace(ctx, { role: "owner" });
    const me = await user.client.get("/api/me", { "accept-encoding": BROWSER });
    expect(me.status).toBe(200);
    expect(me.headers.get("cache-control")).toBe("no-store");

    const missing = await get(ctx.app, `/api/no-such-route-${"x".repeat(1200)}`, {
      "accept-encoding": "gzip",
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-encoding")).toBe("gzip");
    expect(missing.headers.get("cache-control")).toBe("no-store");
    expect(JSON.parse(await decoded(missing))).toMatchObject({ error: { code: "not_found" } });
  });

  it("a tiny answer goes out as it is", async () => {
    const res = await get(ctx.app, "/api/health", { "accept-encoding": BROWSER });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBeNull();
    expect(await res.json()).toMatchObject({ status: "ok" });
  });

  it("the /api/live event stream is never compressed (it would be held back until a block fills)", async () => {
    const user = await createUserInWorkspace(ctx, { role: "member" });
    const cookie = (user.client as unknown as { cookies: Map<string, string> }).cookies;
    const controller = new AbortController();
    const res = await ctx.app.request(`${ORIGIN}/api/live`, {
      headers: {
        cookie: [...cookie].map(([k, v]) => `${k}=${v}`).join("; "),
        "accept-encoding": BROWSER,
      },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/);
    expect(res.headers.get("content-encoding")).toBeNull();
    const reader = res.body!.getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toContain("event: ready");
    controller.abort();
    await reader.cancel().catch(() => {});
  });
});

describe("the built web app", () => {
  it("serves hashed assets precompressed with a year-long immutable cache", async () => {
    for (const [accept, encoding] of [
      [BROWSER, "br"],
      ["gzip, deflate", "gzip"],
      ["", null],
    ] as const) {
      const res = await get(web, "/assets/index-Ab12Cd34.js", accept ? { "accept-encoding": accept } : {});
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/javascript/);
      expect(res.headers.get("content-encoding")).toBe(encoding);
      expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      expect(res.headers.get("vary")).toMatch(/accept-encoding/i);
      expect(await decoded(res)).toBe(js);
    }
    const tiny = await get(web, "/assets/tiny-Ef56Gh78.js", { "accept-encoding": BROWSER });
    expect(tiny.headers.get("content-encoding")).toBeNull();
    expect(tiny.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect((await get(web, "/assets/gone-00000000.js")).status).toBe(404);
  });

  it("serves the app shell compressed and revalidated (no-cache) at /, /index.html and any app route", async () => {
    for (const pathname of ["/", "/index.html", "/dashboard", "/projects/123/calendar"]) {
      const res = await get(web, pathname, { "accept-encoding": BROWSER });
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get("content-type"), pathname).toMatch(/^text\/html/);
      expect(res.headers.get("content-encoding"), pathname).toBe("br");
      expect(res.headers.get("cache-control"), pathname).toBe("no-cache");
      expect(await decoded(res)).toBe(shell);
    }
  });

  it("GET /robots.txt answers text, not the app's HTML", async () => {
    const res = await get(web, "/robots.txt");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(text).toMatch(/^User-agent: \*/m);
    expect(text).not.toContain("<html");
  });

  it("a missing file and the build manifest are 404, not the app shell", async () => {
    for (const pathname of ["/sitemap.xml", "/favicon.ico", "/.vite/manifest.json", "/.env"]) {
      const res = await get(web, pathname);
      expect(res.status, pathname).toBe(404);
      expect(await res.text(), pathname).not.toContain("<html");
    }
  });
});

describe("the landing page as finished HTML", () => {
  let landingDir: string;
  let landingApp: App;
  const built = `<!doctype html><html><head><title>Agency Hub</title>
    <script type="module" crossorigin src="/assets/index-Ab12Cd34.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/app-Zz99Yy88.js">
    <link rel="stylesheet" crossorigin href="/assets/index-Qq11Ww22.css">
  </head><body><div id="root"><div class="spinner"></div></div></body></html>`;

  beforeAll(() => {
    landingDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-landing-"));
    fs.writeFileSync(path.join(landingDir, "index.html"), built);
    prerenderLanding(landingDir);
    landingApp = createApp(ctx.deps, { webDir: landingDir });
  });
  afterAll(() => fs.rmSync(landingDir, { recursive: true, force: true }));

  it("is the built shell with the rendered landing page in #root, its title, the CSS and no scripts", () => {
    const html = fs.readFileSync(path.join(landingDir, "landing.html"), "utf8");
    expect(html).not.toMatch(/<script\b/);
    expect(html).not.toContain("modulepreload");
    expect(html).not.toContain('class="spinner"');
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-Qq11Ww22.css">');
    // The app draws in the system's font (web/src/index.css): nothing to preload.
    expect(html).not.toContain('rel="preload"');
    expect(html).toContain("<title>Agency Hub · Projects, budgets and people for creative agencies</title>");
    expect(html.match(/<title>/g)).toHaveLength(1);
    // The page's words and its one way in: a plain link to /auth, where the app starts.
    expect(html).toContain("AICP budgets that carry through to POs and invoices");
    expect(html).toMatch(/<a [^>]*href="\/auth"[^>]*>Sign In<\/a>/);
    expect(fs.existsSync(path.join(landingDir, "landing.html.br"))).toBe(true);
  });

  it("answers / without a live session with the landing page, and with one with the app", async () => {
    const landing = await get(landingApp, "/", { "accept-encoding": BROWSER });
    expect(landing.status).toBe(200);
    expect(landing.headers.get("content-encoding")).toBe("br");
    expect(landing.headers.get("cache-control")).toBe("no-cache");
    expect(landing.headers.get("vary")).toMatch(/cookie/i);
    const page = await decoded(landing);
    expect(page).toContain("AICP budgets that carry through to POs and invoices");
    expect(page).not.toMatch(/<script\b/);
    // No session cookie, or one whose session is gone (signed out elsewhere, expired, made up):
    // the finished landing page, with none of the app's code.
    for (const cookie of [
      "other=1",
      "better-auth.session_token=",
      "theme=dark; better-auth.session_data=x",
      "better-auth.session_token=abc.def",
      "theme=dark; better-auth.session_token=abc",
      "__Secure-better-auth.session_token=abc",
    ]) {
      const res = await get(landingApp, "/", { cookie });
      expect(res.status, cookie).toBe(200);
      expect(await res.text(), cookie).toContain("AICP budgets");
    }
    // A live session: the app (this build has no signed-in shell: the plain one).
    const app = await get(landingApp, "/", { cookie: await liveSessionCookie() });
    expect(app.status).toBe(200);
    expect(await app.text()).toBe(built);
    // Every other route is the app, cookie or not.
    expect(await (await get(landingApp, "/dashboard")).text()).toBe(built);
  });

  it("answers / and /dashboard with a session cookie with the signed-in shell, when the build has one", async () => {
    const signedIn = built.replace("</head>", '<meta name="agency-hub:session-cookie" content="1" /></head>');
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-signed-in-"));
    try {
      fs.writeFileSync(path.join(dir, "index.html"), built);
      fs.writeFileSync(path.join(dir, SIGNED_IN_SHELL), signedIn);
      prerenderLanding(dir);
      precompressDirectory(dir);
      const app = createApp(ctx.deps, { webDir: dir });
      const cookie = await liveSessionCookie();
      for (const pathname of ["/", "/dashboard"]) {
        const res = await get(app, pathname, { cookie, "accept-encoding": BROWSER });
        expect(res.status, pathname).toBe(200);
        expect(res.headers.get("cache-control"), pathname).toBe("no-cache");
        expect(res.headers.get("vary"), pathname).toMatch(/cookie/i);
        expect(res.headers.get("vary"), pathname).toMatch(/accept-encoding/i);
        expect(await decoded(res), pathname).toBe(signedIn);
      }
      // Without the cookie: the landing page at /, the plain shell at /dashboard (both vary on it).
      const landing = await get(app, "/");
      expect(await landing.text()).toContain("AICP budgets");
      const plain = await get(app, "/dashboard");
      expect(plain.headers.get("vary")).toMatch(/cookie/i);
      expect(await plain.text()).toBe(built);
      // A session that is gone: what a visitor without one gets.
      const stale = "better-auth.session_token=abc.def";
      expect(await (await get(app, "/", { cookie: stale })).text()).toContain("AICP budgets");
      expect(await (await get(app, "/dashboard", { cookie: stale })).text()).toBe(built);
      // Other screens get the plain shell, cookie or not.
      expect(await (await get(app, "/projects", { cookie })).text()).toBe(built);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("sees a session cookie only by its exact name", () => {
    expect(hasSessionCookie(undefined)).toBe(false);
    expect(hasSessionCookie("")).toBe(false);
    expect(hasSessionCookie("xbetter-auth.session_token=1")).toBe(false);
    expect(hasSessionCookie("a=1;better-auth.session_token=1")).toBe(true);
    expect(hasSessionCookie("a=1; __Secure-better-auth.session_token=1")).toBe(true);
  });
});
