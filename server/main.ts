import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";
import { serve, type ServerType } from "@hono/node-server";
import { createApp } from "./app";
import { createAuth } from "./auth/auth";
import { ConfigError, loadConfig, type Config } from "./config";
import type { AppDeps } from "./context";
import { openDatabase } from "./db/client";
import { migrate } from "./db/migrate";
import { clockStartingAt, systemClock } from "./lib/clock";
import { createLogger } from "./lib/logger";
import { loadSecrets } from "./lib/secrets";
import { createMailer } from "./mail/mailer";
import { closeSecurityEvents } from "./modules/audit/record-security-event";
import { bootDemo } from "./demo/demo-boot";
import { prepareEmbeddedClickUp } from "./demo/embedded-clickup";
import { startJobsFor, stopJobs } from "./jobs/index";

export const WEB_DIR = fileURLToPath(new URL("../dist/web", import.meta.url));

export interface RunningServer {
  url: string;
  deps: AppDeps;
  close(): Promise<void>;
}

function prettyLogs(config: Config): boolean {
  if (config.NODE_ENV === "production" || !process.stdout.isTTY) return false;
  try {
    import.meta.resolve("pino-pretty");
    return true;
  } catch {
    return false;
  }
}

/** Boot: config → database → migrations → HTTP. Resolves once the server listens. */
export async function startServer(env: NodeJS.ProcessEnv = process.env): Promise<RunningServer> {
  const config = loadConfig(env);
  const logger = createLogger(config.LOG_LEVEL, prettyLogs(config));
  const secrets = loadSecrets(config.dataDir, config);
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.dataDir,
    poolSize: config.DATABASE_POOL_SIZE,
  });
  const applied = await migrate(database);
  if (applied.length) logger.info({ applied }, "database migrated");

  const mailer = createMailer(config, logger);
  const auth = createAuth({ config, database, logger, secrets, mailer });
  // AGENCY_HUB_NOW (tests only, see server/config.ts): the whole app, the embedded ClickUp
  // simulator and its demo agency live on the date the tests chose.
  const now = config.AGENCY_HUB_NOW ? clockStartingAt(config.AGENCY_HUB_NOW) : systemClock;
  if (config.AGENCY_HUB_NOW) logger.warn({ now: now().toISOString() }, "test clock set by AGENCY_HUB_NOW");
  const deps: AppDeps = { config, database, logger, secrets, now, auth, mailer };
  const simulator = prepareEmbeddedClickUp(deps);
  await startJobsFor(deps);
  const app = createApp(deps, { webDir: WEB_DIR });

  const server: ServerType = await new Promise((resolve, reject) => {
    const s = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => resolve(s));
    s.once("error", reject);
    // Node closes an idle keep-alive socket after 5 s by default; a client (a browser, a
    // proxy, Playwright's request context) that reuses it at that instant gets ECONNRESET.
    // Keep idle sockets longer than the usual proxy/client idle timeouts (60 s), and give
    // the header timeout a margin above it, as Node's documentation advises.
    if ("keepAliveTimeout" in s) {
      s.keepAliveTimeout = 65_000;
      s.headersTimeout = 66_000;
    }
  });
  const port = (server.address() as AddressInfo).port;
  const url = `http://localhost:${port}`;
  logger.info({ url, database: database.kind, dataDir: config.dataDir }, "Agency Hub is running");
  // The demo talks HTTP to this server (OAuth consent, token exchange, API), so it runs now.
  let closing: Promise<void> | undefined;
  const demo = simulator
    ? bootDemo(deps, simulator).catch((err: unknown) => {
        // A stop during the demo boot cuts its HTTP calls to this server short: not a failure.
        if (closing) logger.info("demo setup interrupted by shutdown; it resumes at the next start");
        else logger.error({ err }, "demo setup failed");
      })
    : Promise.resolve();

  const close = () =>
    (closing ??= (async () => {
      // Stop accepting, let in-flight requests finish, then close the database cleanly
      // (PGlite flushes its files on close, so data is never left half-written).
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        if ("closeIdleConnections" in server) server.closeIdleConnections();
        setTimeout(() => {
          if ("closeAllConnections" in server) server.closeAllConnections();
        }, 10_000).unref();
      });
      await demo;
      simulator?.close();
      await stopJobs(deps);
      await closeSecurityEvents(deps);
      await database.close();
      logger.info("stopped");
    })());
  return { url, deps, close };
}

/** Entry point used by `npm start`: one clear line and exit 1 on bad configuration. */
export async function runMain(): Promise<void> {
  let running: RunningServer;
  try {
    running = await startServer();
  } catch (err) {
    const message =
      err instanceof ConfigError ? err.message : `Agency Hub failed to start: ${(err as Error).message}`;
    process.stderr.write(`${message}\n`);
    process.exit(1);
  }
  let signalled = false;
  const stop = (signal: string) => {
    if (signalled) return;
    signalled = true;
    running.deps.logger.info({ signal }, "shutting down");
    running.close().then(
      () => process.exit(0),
      (err: unknown) => {
        running.deps.logger.error({ err }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  void runMain();
}
