import type { Auth } from "./auth/auth";
import type { AuthUser } from "./auth/middleware";
import type { Config } from "./config";
import type { Database } from "./db/client";
import type { ClickUpRuntime } from "./integrations/clickup/runtime";
import type { Jobs } from "./jobs/boss";
import type { Logger } from "./lib/logger";
import type { Secrets } from "./lib/secrets";
import type { Mailer } from "./mail/mailer";
import type { RequestContext, UserContext } from "./request-context";

/** Process-wide services handed to every module. Later areas add theirs here. */
export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  secrets: Secrets;
  /** The clock; tests pin it. */
  now: () => Date;
  /** better-auth (server/auth/auth.ts): sessions, sign-in, OAuth, 2FA. */
  auth: Auth;
  /** SMTP or the DATA_DIR/outbox folder (server/mail/mailer.ts). */
  mailer: Mailer;
  /** ClickUp endpoint, OAuth app and fetch (server/integrations/clickup/runtime.ts); tests route it in-process. */
  clickup?: ClickUpRuntime;
  /** The pg-boss job queue (server/jobs/boss.ts), once startJobs() ran. */
  jobs?: Jobs;
}

export interface AppVariables {
  deps: AppDeps;
  requestId: string;
  log: Logger;
  /** Set by requireUser()/requireTenant() (server/auth/middleware.ts); read it only behind them. */
  user: AuthUser;
  /** Set by requireUser()/requireTenant(): the signed-in caller, for use cases without a workspace. */
  userCtx: UserContext;
  /** Set by requireTenant(): the request context every workspace use case takes first. */
  ctx: RequestContext;
  /** Internal: the session was already looked up for this request. */
  userLoaded: boolean;
}

export interface AppEnv {
  Variables: AppVariables;
}
