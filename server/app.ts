import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono, type Context, type MiddlewareHandler } from "hono";
import { secureHeaders } from "hono/secure-headers";
import type { AppDeps, AppEnv } from "./context";
import { compressResponses, isCompressible } from "./lib/compress";
import { apiBodyLimit } from "./lib/body-limit";
import { AppError, type ErrorBody } from "./lib/errors";
import { originRefusal } from "./lib/origin";
import { newId } from "./lib/ids";
import { noStoreApiResponses } from "./lib/no-store";
import { rejectUnsafeInput } from "./lib/input-sanity";
import { authRoutes } from "./auth/routes";
import { auditRoutes } from "./modules/audit/routes";
import { rejectMaliciousBodies } from "./modules/audit/reject-malicious-bodies";
import { dashboardRoutes } from "./modules/dashboard/routes";
import { healthRoutes } from "./modules/health/routes";
import { impersonationRoutes } from "./modules/impersonation/routes";
import { liveRoutes } from "./modules/live/routes";
import { timesheetRoutes } from "./modules/timesheet/routes";
import { projectsRoutes } from "./modules/projects/routes";
import { sessionRoutes } from "./modules/session/routes";
import { workspaceRoutes } from "./modules/workspaces/routes";
import { clickupRoutes } from "./modules/clickup/routes";
import { slackCallbackRoutes, slackRoutes } from "./modules/slack/routes";
import { webhookRoutes } from "./modules/webhooks/routes";
import { accessibleTasksRoutes } from "./modules/accessible-tasks/routes";
import { apiDocsRoutes } from "./modules/api-docs/routes";
import { SIM_MOUNT } from "./integrations/clickup/runtime";
import { mountEmbeddedSlack } from "../simulator/slack/embedded";
import { invitationRoutes } from "./modules/invitations/routes";
import { memberRoutes } from "./modules/members/routes";
import { workloadCsvRoutes, workloadRoutes } from "./modules/workload/routes";
import { rateCardRoutes } from "./modules/rate-cards/routes";
import { budgetRoutes } from "./modules/budgets/routes";
import { purchaseOrderRoutes } from "./modules/purchase-orders/routes";
import { clientInvoiceRoutes, clientRoutes } from "./modules/client-invoices/routes";
import { sowRoutes } from "./modules/sows/routes";
import { vendorBillRoutes } from "./modules/vendor-bills/routes";
import { vendorRoutes } from "./modules/vendors/routes";
import { capacityRoutes } from "./modules/capacity/routes";
import { calendarRoutes } from "./modules/calendar/routes";
import { templateRoutes } from "./modules/templates/routes";
import { templateRunRoutes } from "./modules/template-runs/routes";
import { reportRoutes } from "./modules/reports/routes";
import { timeSyncRoutes } from "./modules/reports/time-sync-routes";
import { loadUser } from "./auth/middleware";
import { SIGNED_IN_SHELL } from "../web/src/lib/signed-in-hint";

export interface CreateAppOptions {
  /** Directory of the built web app; omitted in API tests. */
  webDir?: string;
}

/** The whole HTTP surface: middleware chain, API modules, and the web app with SPA fallback. */
export function createApp(deps: AppDeps, options: CreateAppOptions = {}) {
  const app = new Hono<AppEnv>();

  app.use("*", async (c, next) => {
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || newId();
    c.set("deps", deps);
    c.set("requestId", requestId);
    c.set("log", deps.logger.child({ requestId }));
    const started = performance.now();
    await next();
    c.header("x-request-id", requestId);
    if (c.req.path.startsWith("/api/")) {
      c.var.log.info(
        {
          method: c.req.method,
          path: c.req.path,
          status: c.res.status,
          ms: Math.round(performance.now() - started),
        },
        "request",
      );
    }
  });

  app.use(
    "*",
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "https:"],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", "data:"],
        frameAncestors: ["'none'"],
        formAction: ["'self'", "https:", "http://localhost:*"],
      },
      crossOriginEmbedderPolicy: false,
    }),
  );

  // JSON and other text answers go out brotli/gzip-compressed (built files have .br/.gz siblings).
  app.use("/api/*", compressResponses());
  app.use("/api/*", noStoreApiResponses());

  app.use("/api/*", apiBodyLimit(deps.config.BODY_LIMIT_BYTES));

  // Browsers send Origin on cross-site writes; refuse writes from other origins (CSRF).
  app.use("/api/*", async (c, next) => {
    const method = c.req.method;
    if (
      method !== "GET" &&
      method !== "HEAD" &&
      method !== "OPTIONS" &&
      !c.req.path.startsWith("/api/webhooks/")
    ) {
      const origin = c.req.header("origin");
      const refusal = origin ? originRefusal(deps.config, c.req.url, origin) : null;
      if (refusal) throw new AppError(403, "forbidden", refusal);
    }
    await next();
  });

  app.use(
    "/api/*",
    rejectUnsafeInput(() => app.routes),
  ); // NUL, lone surrogates, over-deep JSON → 400
  // Spec §5: script tags / javascript: URLs in any submitted body → 400 + malicious_form_submission.
  app.use("/api/*", rejectMaliciousBodies());

  const api = new Hono<AppEnv>();
  api.route("/health", healthRoutes());
  api.route("/auth", authRoutes());
  api.route("/me", sessionRoutes());
  api.route("/projects", projectsRoutes());
  api.route("/workspaces", workspaceRoutes());
  api.route("/audit", auditRoutes());
  api.route("/members", memberRoutes());
  api.route("/invitations", invitationRoutes());
  api.route("/dashboard", dashboardRoutes());
  api.route("/impersonation", impersonationRoutes());
  api.route("/timesheet", timesheetRoutes());
  api.route("/live", liveRoutes());
  api.route("/clickup", clickupRoutes());
  api.route("/webhooks", webhookRoutes());
  api.route("/accessible-tasks", accessibleTasksRoutes());
  api.route("/workload", workloadRoutes());
  api.route("/workload.csv", workloadCsvRoutes());
  api.route("/rate-cards", rateCardRoutes());
  api.route("/budgets", budgetRoutes());
  api.route("/vendors", vendorRoutes());
  api.route("/purchase-orders", purchaseOrderRoutes());
  api.route("/client-invoices", clientInvoiceRoutes());
  api.route("/clients", clientRoutes());
  api.route("/sows", sowRoutes());
  api.route("/vendor-bills", vendorBillRoutes());
  api.route("/capacity", capacityRoutes());
  api.route("/calendar", calendarRoutes());
  api.route("/templates", templateRoutes());
  api.route("/template-runs", templateRunRoutes());
  api.route("/reports/time-sync", timeSyncRoutes()); // canViewTimeSyncReports, before /reports' canViewFinancials
  api.route("/reports", reportRoutes());
  api.route("/slack", slackRoutes());
  app.route("/api", api);
  // /api/openapi.json and /api/reference describe every route registered on `app` (read per request).
  app.route("/api", apiDocsRoutes(app));

  // No ClickUp credentials: the simulator stands in for ClickUp, on this same port.
  const simApp = deps.clickup?.simulatorApp;
  if (simApp) app.route(SIM_MOUNT, simApp);
  mountEmbeddedSlack(app, deps); // No SLACK_CLIENT_ID: the Slack simulator at /__sim/slack.
  app.route("/auth/slack", slackCallbackRoutes()); // Slack's OAuth redirect (spec §2), before the SPA.

  app.all("/api/*", (c) =>
    c.json<ErrorBody>(
      { error: { code: "not_found", message: `No API route for ${c.req.method} ${c.req.path}` } },
      404,
    ),
  );

  if (options.webDir) mountWeb(app, options.webDir);

  app.onError((err, c) => {
    if (err instanceof AppError) {
      if (err.status >= 500) c.var.log?.error({ err }, "request failed");
      return c.json(err.toBody(), err.status);
    }
    if (isMalformedJson(err)) {
      return c.json<ErrorBody>({ error: { code: "bad_request", message: "Malformed JSON body" } }, 400);
    }
    (c.var.log ?? deps.logger).error({ err, path: c.req.path }, "unhandled error");
    return c.json<ErrorBody>(
      { error: { code: "internal_error", message: "Something went wrong on our side" } },
      500,
    );
  });

  app.notFound((c) =>
    c.json<ErrorBody>(
      { error: { code: "not_found", message: `No route for ${c.req.method} ${c.req.path}` } },
      404,
    ),
  );

  return app;
}

export type App = ReturnType<typeof createApp>;

function isMalformedJson(err: unknown): boolean {
  return err instanceof SyntaxError || (err instanceof Error && /Malformed JSON/i.test(err.message));
}

/** Files of the build that are served as they are; `.vite/` (the build manifest) and other dot paths never. */
const DOT_PATH = /(?:^|\/)\./;
/** A last path segment that names a file (`/robots.txt`, `/favicon.ico`): a miss is a 404, not the app. */
const FILE_NAME = /\/[^/]+\.[a-z0-9]{1,12}$/i;

function mountWeb(app: Hono<AppEnv>, webDir: string) {
  const root = path.relative(process.cwd(), webDir) || ".";
  const skipDotPaths: MiddlewareHandler<AppEnv> = async (c, next) => {
    if (DOT_PATH.test(c.req.path)) return c.notFound();
    await next();
  };
  app.use("*", skipDotPaths);
  // Hashed file names: a file never changes under its name, so browsers keep it for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (_p, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
        varyOnEncoding(c);
      },
    }),
  );
  app.use("/assets/*", async (c) => c.notFound());
  // The app shell (/, /index.html and the SPA fallback) is revalidated on every load so a new
  // build is picked up at once; other public files (robots.txt, favicon) may be kept an hour.
  const shell = (c: Context<AppEnv>) => {
    c.header("Cache-Control", "no-cache");
    varyOnEncoding(c);
  };
  // "/" for a visitor without a live session: the landing page as finished HTML with no scripts
  // (scripts/prerender-landing.tsx); with one, the app, which shows the dashboard. A build without
  // landing.html serves the app.
  const serveLanding = serveStatic({
    root,
    path: "landing.html",
    precompressed: true,
    onFound: (_p, c) => shell(c),
  });
  // "/" and "/dashboard" with a session cookie: the app shell that preloads the signed-in frame and
  // the dashboard and says a session is probably there (vite.config.ts signedInShell), so the
  // dashboard's data is asked for at once. Without the file (an older build), the plain shell.
  const serveSignedInShell = serveStatic({
    root,
    path: SIGNED_IN_SHELL,
    precompressed: true,
    onFound: (_p, c) => shell(c),
  });
  app.on("GET", ["/", "/dashboard"], async (c, next) => {
    c.header("Vary", "Cookie", { append: true });
    // The cookie is looked up, not trusted: a session that is gone (signed out elsewhere, expired)
    // gets what a visitor without one gets, so "/" stays the finished landing page, with none of
    // the app's code and no 401 from asking. If the lookup fails, the plain shell: the app asks.
    let live = false;
    if (hasSessionCookie(c.req.header("cookie"))) {
      try {
        live = (await loadUser(c)) !== null;
      } catch (err) {
        c.var.log.warn({ err }, "session lookup for the app shell failed");
        return next();
      }
    }
    if (live) return serveSignedInShell(c, next);
    if (c.req.path === "/dashboard") return next();
    // Without the file (a build from before it), serveStatic hands on to the app shell itself.
    return serveLanding(c, next);
  });
  app.use(
    "*",
    serveStatic({
      root,
      precompressed: true,
      onFound: (file, c) => {
        if (path.basename(file).startsWith("index.html") || path.basename(file).startsWith("landing.html"))
          shell(c);
        else {
          c.header("Cache-Control", "public, max-age=3600");
          varyOnEncoding(c);
        }
      },
    }),
  );
  const serveShell = serveStatic({
    root,
    path: "index.html",
    precompressed: true,
    onFound: (_p, c) => shell(c),
  });
  // SPA fallback: every other GET that is not an API call or a file name gets the app shell.
  app.get("*", async (c) => {
    if (c.req.path.startsWith("/api/") || FILE_NAME.test(c.req.path)) return c.notFound();
    return (await serveShell(c, async () => {})) ?? c.notFound();
  });
}

/** better-auth's session cookie (`__Secure-` prefixed on https) is in the Cookie header. */
export function hasSessionCookie(cookie: string | undefined): boolean {
  return cookie !== undefined && /(?:^|;\s*)(?:__Secure-)?better-auth\.session_token=[^;\s]/.test(cookie);
}

/** Built text files have .br/.gz siblings: a cache must key them on Accept-Encoding. */
function varyOnEncoding(c: Context<AppEnv>) {
  const vary = c.res.headers.get("vary") ?? "";
  if (isCompressible(c.res.headers.get("content-type")) && !/accept-encoding/i.test(vary)) {
    c.header("Vary", "Accept-Encoding", { append: true });
  }
}
