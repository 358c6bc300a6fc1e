import type { Config } from "./config";
import type { Database } from "./db/client";
import type { Logger } from "./lib/logger";
import type { Secrets } from "./lib/secrets";

/** Process-wide services handed to every module. Later areas add theirs here. */
export interface AppDeps {
  config: Config;
  database: Database;
  logger: Logger;
  secrets: Secrets;
  /** The clock; tests pin it. */
  now: () => Date;
}

export interface AppVariables {
  deps: AppDeps;
  requestId: string;
  log: Logger;
}

export interface AppEnv {
  Variables: AppVariables;
}
