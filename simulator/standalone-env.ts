import { clockStartingAt, parseInstant } from "../server/lib/clock";

/*
 * What the ClickUp and Slack simulators' standalone servers (simulator/<name>/standalone.ts) read
 * from the environment alike: the test clock and the OAuth redirect URIs to register.
 */

/** AGENCY_HUB_NOW as a clock in ms that starts at that instant and runs on in real time; unset: none. */
export function clockFromEnv(value: string | undefined): (() => number) | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const start = parseInstant(value.trim());
  if (!start) throw new Error(`AGENCY_HUB_NOW must be an ISO 8601 instant with a time zone (got ${value})`);
  const clock = clockStartingAt(start);
  return () => clock().getTime();
}

/**
 * The comma-separated redirect URIs of `value`; when there are none, PUBLIC_URL (if set) and the
 * app's local development origins.
 */
export function redirectUrisFromEnv(value: string | undefined, publicUrl: string | undefined): string[] {
  const uris = (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  if (uris.length > 0) return uris;
  return [
    ...(publicUrl ? [publicUrl] : []),
    "http://localhost:3000",
    "http://127.0.0.1:3000",
    "http://localhost:5173",
    "http://127.0.0.1:5173",
  ];
}
