import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
    e2eDataDir: string;
    /**
     * The app's clock minus this machine's (ms) when AGENCY_HUB_NOW set a test clock, else null:
     * browser.ts starts each page's clock there so the browser and the server share "today".
     */
    appClockOffsetMs: number | null;
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
    srv.on("error", reject);
  });
}

/** Start the app exactly as `npm start` does (build if needed, one process), on a fresh data dir. */
export async function startApp(
  env: Record<string, string> = {},
): Promise<{ url: string; dataDir: string; child: ChildProcess; stop: () => Promise<void> }> {
  const port = await freePort();
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-e2e-"));
  const child = spawn(process.execPath, ["--import", "tsx", "scripts/start.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      DATA_DIR: dataDir,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      // Production runs the built-in ClickUp simulator (the demo agency) only when asked.
      CLICKUP_SIMULATOR: "on",
      SLACK_SIMULATOR: "on",
      TRUST_PROXY: "true",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`app exited with ${child.exitCode} before becoming healthy`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      // Never leave the app running behind a failed setup.
      child.kill("SIGKILL");
      throw new Error("app did not become healthy within 180 s");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const stop = async () => {
    if (child.exitCode !== null) return;
    const exited = new Promise((r) => child.once("exit", r));
    child.kill("SIGTERM");
    await exited;
  };
  return { url, dataDir, child, stop };
}

export const DEMO_PASSWORD = "demo1234";

/**
 * npm start's demo boot (accounts, OAuth connection to the in-process simulator, first full sync)
 * runs after the server is healthy; browser tests start once that first sync has finished.
 */
export async function waitForDemoAgency(url: string, timeoutMs = 180_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  let cookie = "";
  for (;;) {
    if (Date.now() > deadline) throw new Error(`the demo agency was not synced within ${timeoutMs / 1000} s`);
    try {
      if (!cookie) {
        const res = await fetch(`${url}/api/auth/sign-in/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: url },
          body: JSON.stringify({ email: "admin@demo.test", password: DEMO_PASSWORD }),
        });
        if (res.ok)
          cookie = res.headers
            .getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; ");
      } else {
        const res = await fetch(`${url}/api/clickup/sync`, { headers: { cookie } });
        const body = res.ok
          ? ((await res.json()) as { status: string; lastFullSyncAt: string | null })
          : null;
        if (body?.lastFullSyncAt && body.status === "idle") return;
      }
    } catch {
      // A reset connection (a busy machine, a keep-alive socket the app had just closed): poll again.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The app's clock as an offset from this machine's: the embedded ClickUp simulator answers with
 * a Date header from the app's clock (AGENCY_HUB_NOW), read to the second.
 */
export async function appClockOffset(url: string): Promise<number> {
  const before = Date.now();
  const res = await fetch(`${url}/__sim/clickup/`);
  const after = Date.now();
  await res.arrayBuffer();
  const date = Date.parse(res.headers.get("date") ?? "");
  if (Number.isNaN(date)) throw new Error("the app's ClickUp simulator sent no Date header");
  // The header is truncated to the second: its middle is the best estimate.
  return date + 500 - (before + after) / 2;
}

export default async function setup(project: TestProject) {
  // AGENCY_HUB_NOW (scripts/test-dates.sh) reaches the app through the environment startApp passes on.
  const testNow = process.env.AGENCY_HUB_NOW?.trim() || undefined;
  if (testNow) process.stdout.write(`e2e: the app and every browser page run on AGENCY_HUB_NOW=${testNow}\n`);
  const app = await startApp();
  const teardown = async () => {
    await app.stop();
    fs.rmSync(app.dataDir, { recursive: true, force: true });
  };
  try {
    await waitForDemoAgency(app.url);
    project.provide("baseUrl", app.url);
    project.provide("e2eDataDir", app.dataDir);
    project.provide("appClockOffsetMs", testNow ? await appClockOffset(app.url) : null);
  } catch (err) {
    await teardown();
    throw err;
  }
  return teardown;
}
