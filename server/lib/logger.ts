import pino, { type Logger } from "pino";

export type { Logger };

/** Structured logger. Secrets are redacted wherever they appear under these keys. */
export function createLogger(level: string, pretty = false): Logger {
  return pino({
    level,
    redact: {
      paths: [
        "password",
        "*.password",
        "token",
        "*.token",
        "accessToken",
        "*.accessToken",
        "access_token",
        "*.access_token",
        "refreshToken",
        "*.refreshToken",
        "secret",
        "*.secret",
        "req.headers.authorization",
        "req.headers.cookie",
        "headers.authorization",
        "headers.cookie",
      ],
      censor: "[redacted]",
    },
    ...(pretty
      ? { transport: { target: "pino-pretty", options: { colorize: true, ignore: "pid,hostname" } } }
      : {}),
  });
}
