import path from "node:path";
import { z } from "zod";
import { parseInstant } from "./lib/clock";

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

const urlString = () =>
  optionalString.refine((v) => v === undefined || URL.canParse(v), { message: "must be a URL" });

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(0, "must be between 0 and 65535")
    .max(65535, "must be between 0 and 65535")
    .default(3000),
  HOST: z.string().trim().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().trim().min(1).default("./data"),
  DATABASE_URL: optionalString.refine(
    (v) => v === undefined || /^postgres(ql)?:\/\//.test(v),
    "must start with postgres:// or postgresql://",
  ),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: urlString(),
  AUTH_SECRET: optionalString.refine(
    (v) => v === undefined || v.length >= 32,
    "must be at least 32 characters",
  ),
  ENCRYPTION_KEY: optionalString.refine(
    (v) => v === undefined || /^[0-9a-f]{64}$/i.test(v),
    "must be 64 hexadecimal characters (32 bytes)",
  ),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  BODY_LIMIT_BYTES: z.coerce.number().int().min(1024).default(1_048_576),
  SMTP_URL: urlString(),
  MAIL_FROM: z.string().trim().min(3).default("Agency Hub <no-reply@agency-hub.local>"),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  CLICKUP_CLIENT_ID: optionalString,
  CLICKUP_CLIENT_SECRET: optionalString,
  CLICKUP_API_URL: urlString(),
  /**
   * The built-in ClickUp simulator (used when no CLICKUP_CLIENT_ID is set). Unset: on, except in
   * production, where it must be asked for; `off`: real ClickUp through personal API tokens only.
   */
  CLICKUP_SIMULATOR: optionalString.pipe(
    z.enum(["on", "off"], { message: 'must be "on" or "off"' }).optional(),
  ),
  /** A Slack app (OAuth v2) for notifications; unset: the built-in Slack simulator stands in. */
  SLACK_CLIENT_ID: optionalString,
  SLACK_CLIENT_SECRET: optionalString,
  /**
   * The built-in Slack simulator (used when no SLACK_CLIENT_ID is set, at /__sim/slack). Unset: on,
   * except in production, where it must be asked for; `off`: no Slack at all.
   */
  SLACK_SIMULATOR: optionalString.pipe(
    z.enum(["on", "off"], { message: 'must be "on" or "off"' }).optional(),
  ),
  DEMO: z.enum(["on", "off"]).default("on"),
  DEMO_AGENCY: z.enum(["small", "medium", "large"]).default("small"),
  TRUST_PROXY: z
    .enum(["true", "false"])
    .default("false")
    .transform((v) => v === "true"),
  /** How many trusted proxies append to X-Forwarded-For in front of the app (with TRUST_PROXY=true). */
  TRUST_PROXY_HOPS: z.coerce.number().int().min(1).max(10).default(1),
  /**
   * Test clock: the server's "now" starts at this instant (ISO 8601 with a zone, e.g.
   * 2028-02-29T09:30:00Z) and advances in real time; the built-in ClickUp simulator and its demo
   * agency use the same clock. Test mode only: accepted only while the built-in ClickUp simulator
   * runs (no CLICKUP_CLIENT_ID, CLICKUP_SIMULATOR not off), so a server that talks to real ClickUp
   * never runs on a made-up date. Sessions (better-auth) and the database's now() keep real time.
   */
  AGENCY_HUB_NOW: optionalString.pipe(
    z
      .string()
      .transform((v, ctx) => {
        const d = parseInstant(v);
        if (!d) {
          ctx.addIssue({
            code: "custom",
            message: "must be an ISO 8601 instant with a time zone, e.g. 2028-02-29T09:30:00Z",
          });
          return z.NEVER;
        }
        return d;
      })
      .optional(),
  ),
});

export type Env = z.infer<typeof envSchema>;

export interface Config extends Env {
  /** Absolute data directory (embedded database, generated secrets, mail outbox). */
  dataDir: string;
  databaseKind: "pglite" | "postgres";
  publicUrl: string;
  googleConfigured: boolean;
  clickupConfigured: boolean;
  /** No ClickUp OAuth app and CLICKUP_SIMULATOR is not off: the in-process simulator stands in. */
  clickupSimulator: boolean;
}

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "ConfigError";
  }
}

/** Parse the environment. Throws a ConfigError with one line naming the first bad variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? "environment");
    const value = env[name];
    const shown =
      value === undefined ? "" : ` (got "${value.length > 40 ? `${value.slice(0, 40)}…` : value}")`;
    throw new ConfigError(`Invalid configuration: ${name} ${issue.message}${shown}`);
  }
  const e = parsed.data;
  if (Boolean(e.GOOGLE_CLIENT_ID) !== Boolean(e.GOOGLE_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    );
  }
  if (Boolean(e.CLICKUP_CLIENT_ID) !== Boolean(e.CLICKUP_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration: CLICKUP_CLIENT_ID and CLICKUP_CLIENT_SECRET must be set together",
    );
  }
  if (Boolean(e.SLACK_CLIENT_ID) !== Boolean(e.SLACK_CLIENT_SECRET)) {
    throw new ConfigError(
      "Invalid configuration: SLACK_CLIENT_ID and SLACK_CLIENT_SECRET must be set together",
    );
  }
  if (e.SLACK_SIMULATOR === "on" && e.SLACK_CLIENT_ID) {
    throw new ConfigError(
      "Invalid configuration: SLACK_SIMULATOR=on cannot be combined with SLACK_CLIENT_ID (real Slack)",
    );
  }
  if (e.AGENCY_HUB_NOW && (e.CLICKUP_CLIENT_ID || e.CLICKUP_SIMULATOR === "off")) {
    throw new ConfigError(
      "Invalid configuration: AGENCY_HUB_NOW (a test clock) only runs with the built-in ClickUp simulator; unset it to use real ClickUp",
    );
  }
  if (e.CLICKUP_SIMULATOR === "on" && e.CLICKUP_CLIENT_ID) {
    throw new ConfigError(
      "Invalid configuration: CLICKUP_SIMULATOR=on cannot be combined with CLICKUP_CLIENT_ID (real ClickUp)",
    );
  }
  return {
    ...e,
    dataDir: path.resolve(e.DATA_DIR),
    databaseKind: e.DATABASE_URL ? "postgres" : "pglite",
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, ""),
    googleConfigured: Boolean(e.GOOGLE_CLIENT_ID),
    clickupConfigured: Boolean(e.CLICKUP_CLIENT_ID),
    clickupSimulator: !e.CLICKUP_CLIENT_ID && e.CLICKUP_SIMULATOR !== "off",
  };
}

/**
 * The built-in ClickUp simulator is a development and demo tool: a production server runs it
 * only when asked explicitly. Checked where the simulator is started (server/demo), so tools
 * that only read the configuration (migrations, benchmarks) are not refused.
 */
export function assertClickUpSimulatorAllowed(config: Config): void {
  if (config.clickupSimulator && config.NODE_ENV === "production" && config.CLICKUP_SIMULATOR !== "on") {
    throw new ConfigError(
      'Invalid configuration: CLICKUP_SIMULATOR must be "on" to run the built-in ClickUp simulator with NODE_ENV=production (or set CLICKUP_CLIENT_ID and CLICKUP_CLIENT_SECRET for real ClickUp, or CLICKUP_SIMULATOR=off for personal API tokens only)',
    );
  }
}
