import fs from "node:fs";
import { randomBytes } from "node:crypto";
import os from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import pg from "pg";
import { inject } from "vitest";
import { createApp, type App } from "../../server/app";
import { createAuth } from "../../server/auth/auth";
import { loadConfig } from "../../server/config";
import type { AppDeps } from "../../server/context";
import { openDatabase, wrapPglite, type Database } from "../../server/db/client";
import { createLogger } from "../../server/lib/logger";
import { createMailer } from "../../server/mail/mailer";
import { testClock } from "../test-clock";
import { withDatabase } from "./global-setup";

export interface TestContext {
  app: App;
  deps: AppDeps;
  database: Database;
  /** A fresh cookie-keeping client: one per simulated browser. */
  client(): TestClient;
  close(): Promise<void>;
}

/** A fresh database cloned from the migrated template, and the app wired to it in-process. */
export async function createTestContext(
  env: Record<string, string> = {},
  overrides: Partial<AppDeps> = {},
): Promise<TestContext> {
  const { database, drop } = await cloneDatabase();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "agency-hub-test-"));
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? "silent",
    PUBLIC_URL: "http://localhost:3000",
    DEMO: "off",
    // Client IPs come from X-Forwarded-For in-process (no socket); fixtures give each user its own.
    TRUST_PROXY: "true",
    ...env,
  });
  const logger = overrides.logger ?? createLogger(config.LOG_LEVEL);
  const secrets = overrides.secrets ?? {
    authSecret: randomBytes(32).toString("base64url"),
    encryptionKey: randomBytes(32),
  };
  const mailer = overrides.mailer ?? createMailer(config, logger);
  const deps: AppDeps = {
    config,
    database,
    logger,
    secrets,
    // The machine's clock, or AGENCY_HUB_NOW's (scripts/test-dates.sh); date tests pin their own.
    now: testClock(),
    mailer,
    auth: overrides.auth ?? createAuth({ config, database, logger, secrets, mailer }),
    ...overrides,
  };
  const app = createApp(deps);
  return {
    app,
    deps,
    database,
    client: () => new TestClient(app),
    close: async () => {
      await database.close().catch(() => {});
      await drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function cloneDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const url = process.env.TEST_DATABASE_URL;
  const template = inject("pgTemplateDb");
  if (url && template) {
    const name = `agency_hub_t_${randomBytes(6).toString("hex")}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${template}`);
    const database = await openDatabase({ databaseUrl: withDatabase(url, name), poolSize: 5 });
    return {
      database,
      drop: async () => {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      },
    };
  }
  const dump = fs.readFileSync(inject("pgliteTemplate"));
  const pglite = await PGlite.create({ loadDataDir: new Blob([dump]) });
  return { database: wrapPglite(pglite), drop: async () => {} };
}

export interface TestResponse<T = unknown> {
  status: number;
  headers: Headers;
  body: T;
  text: string;
}

/** Calls the in-process app like a browser would: same-origin, cookies kept between calls. */
export class TestClient {
  private cookies = new Map<string, string>();

  constructor(private readonly app: App) {}

  async request<T = unknown>(
    pathname: string,
    init: { method?: string; json?: unknown; body?: string; headers?: Record<string, string> } = {},
  ): Promise<TestResponse<T>> {
    const headers: Record<string, string> = { origin: "http://localhost:3000", ...init.headers };
    if (init.json !== undefined) headers["content-type"] = "application/json";
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await this.app.request(`http://localhost:3000${pathname}`, {
      method: init.method ?? (init.json !== undefined || init.body !== undefined ? "POST" : "GET"),
      headers,
      body: init.json !== undefined ? JSON.stringify(init.json) : init.body,
    });
    keepCookies(this.cookies, res.headers);
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: body as T, text };
  }

  /** GET a file (a PDF, an image) as bytes, with the session's cookies. */
  async bytes(pathname: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
    const headers: Record<string, string> = { origin: "http://localhost:3000" };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    const res = await this.app.request(`http://localhost:3000${pathname}`, { headers });
    keepCookies(this.cookies, res.headers);
    return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
  }

  get = <T = unknown>(p: string, headers?: Record<string, string>) => this.request<T>(p, { headers });
  post = <T = unknown>(p: string, json?: unknown) => this.request<T>(p, { method: "POST", json });
  put = <T = unknown>(p: string, json?: unknown) => this.request<T>(p, { method: "PUT", json });
  patch = <T = unknown>(p: string, json?: unknown) => this.request<T>(p, { method: "PATCH", json });
  delete = <T = unknown>(p: string) => this.request<T>(p, { method: "DELETE" });
}

/** A cookie jar's update from a response: Set-Cookie lines set or (expired/empty) delete cookies. */
export function keepCookies(jar: Map<string, string>, headers: Headers): void {
  for (const line of headers.getSetCookie()) {
    const [pair] = line.split(";");
    const idx = pair!.indexOf("=");
    const name = pair!.slice(0, idx).trim();
    const value = pair!.slice(idx + 1).trim();
    if (!value || /max-age=0/i.test(line) || /expires=Thu, 01 Jan 1970/i.test(line)) jar.delete(name);
    else jar.set(name, value);
  }
}
