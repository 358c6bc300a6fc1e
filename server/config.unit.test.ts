import { describe, expect, it } from "vitest";
import { assertClickUpSimulatorAllowed, ConfigError, loadConfig } from "./config";
import { clickupRuntime } from "./integrations/clickup/runtime";

describe("loadConfig", () => {
  it("defaults to the embedded database on port 3000 with data in ./data", () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(3000);
    expect(c.databaseKind).toBe("pglite");
    expect(c.dataDir.endsWith("/data")).toBe(true);
    expect(c.publicUrl).toBe("http://localhost:3000");
    expect(c.clickupConfigured).toBe(false);
  });

  it("switches to PostgreSQL with DATABASE_URL", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u@h:5432/db" }).databaseKind).toBe("postgres");
  });

  it.each([
    [{ PORT: "abc" }, 'Invalid configuration: PORT must be a number (got "abc")'],
    [{ PORT: "70000" }, 'Invalid configuration: PORT must be between 0 and 65535 (got "70000")'],
    [{ PUBLIC_URL: "not a url" }, 'Invalid configuration: PUBLIC_URL must be a URL (got "not a url")'],
    [{ LOG_LEVEL: "loud" }, "Invalid configuration: LOG_LEVEL"],
    [
      { ENCRYPTION_KEY: "short" },
      "Invalid configuration: ENCRYPTION_KEY must be 64 hexadecimal characters (32 bytes)",
    ],
    [
      { GOOGLE_CLIENT_ID: "x" },
      "Invalid configuration: GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET must be set together",
    ],
  ])("refuses %o with a one-line message naming the variable", (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    try {
      loadConfig(env);
    } catch (err) {
      expect((err as Error).message).toMatch(
        new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`),
      );
      expect((err as Error).message).not.toContain("\n");
    }
  });

  it("treats empty strings as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", SMTP_URL: "" }).databaseKind).toBe("pglite");
  });

  describe("the built-in ClickUp simulator (issue 11 item 2)", () => {
    const refusal = (env: Record<string, string>) => {
      try {
        assertClickUpSimulatorAllowed(loadConfig(env));
        return null;
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        return (err as Error).message;
      }
    };

    it("stands in for ClickUp without credentials, in development and tests", () => {
      expect(loadConfig({}).clickupSimulator).toBe(true);
      expect(refusal({})).toBeNull();
      expect(refusal({ NODE_ENV: "test" })).toBeNull();
    });

    it("refuses production with the simulator unless CLICKUP_SIMULATOR=on, in one line naming it", () => {
      const message = refusal({ NODE_ENV: "production" });
      expect(message).toMatch(/^Invalid configuration: CLICKUP_SIMULATOR must be "on"/);
      expect(message).not.toContain("\n");
      expect(refusal({ NODE_ENV: "production", DEMO: "off" })).toMatch(/CLICKUP_SIMULATOR/);
      expect(refusal({ NODE_ENV: "production", CLICKUP_SIMULATOR: "on" })).toBeNull();
      expect(
        refusal({ NODE_ENV: "production", CLICKUP_CLIENT_ID: "a", CLICKUP_CLIENT_SECRET: "b" }),
      ).toBeNull();
      expect(refusal({ NODE_ENV: "production", CLICKUP_SIMULATOR: "off" })).toBeNull();
    });

    it("CLICKUP_SIMULATOR=off means real ClickUp through personal API tokens only", () => {
      const config = loadConfig({ CLICKUP_SIMULATOR: "off" });
      expect(config.clickupSimulator).toBe(false);
      expect(clickupRuntime({ config })).toMatchObject({
        apiUrl: "https://api.clickup.com/api/v2",
        clientId: null,
        simulated: false,
      });
      expect(clickupRuntime({ config: loadConfig({}) })).toMatchObject({
        apiUrl: "http://localhost:3000/__sim/clickup/api/v2",
        simulated: true,
      });
      const real = loadConfig({ CLICKUP_CLIENT_ID: "a", CLICKUP_CLIENT_SECRET: "b" });
      expect(real.clickupSimulator).toBe(false);
    });

    it.each([
      [
        { CLICKUP_SIMULATOR: "yes" },
        'Invalid configuration: CLICKUP_SIMULATOR must be "on" or "off" (got "yes")',
      ],
      [
        { CLICKUP_SIMULATOR: "on", CLICKUP_CLIENT_ID: "a", CLICKUP_CLIENT_SECRET: "b" },
        "Invalid configuration: CLICKUP_SIMULATOR=on cannot be combined with CLICKUP_CLIENT_ID (real ClickUp)",
      ],
      [
        { SLACK_CLIENT_ID: "a" },
        "Invalid configuration: SLACK_CLIENT_ID and SLACK_CLIENT_SECRET must be set together",
      ],
      [
        { SLACK_SIMULATOR: "on", SLACK_CLIENT_ID: "a", SLACK_CLIENT_SECRET: "b" },
        "Invalid configuration: SLACK_SIMULATOR=on cannot be combined with SLACK_CLIENT_ID (real Slack)",
      ],
    ])("refuses %o", (env, message) => {
      expect(() => loadConfig(env)).toThrow(new ConfigError(message));
    });
  });
});

describe("AGENCY_HUB_NOW (the test clock)", () => {
  const message = (env: Record<string, string>) => {
    try {
      loadConfig(env);
      return null;
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      return (err as Error).message;
    }
  };

  it("is unset by default and parses an ISO 8601 instant with a zone", () => {
    expect(loadConfig({}).AGENCY_HUB_NOW).toBeUndefined();
    expect(loadConfig({ AGENCY_HUB_NOW: "" }).AGENCY_HUB_NOW).toBeUndefined();
    expect(loadConfig({ AGENCY_HUB_NOW: "2028-02-29T09:30:00Z" }).AGENCY_HUB_NOW).toEqual(
      new Date(Date.UTC(2028, 1, 29, 9, 30)),
    );
    expect(loadConfig({ AGENCY_HUB_NOW: "2026-12-31T23:30:00-02:00" }).AGENCY_HUB_NOW?.toISOString()).toBe(
      "2027-01-01T01:30:00.000Z",
    );
  });

  it.each(["2027-02-29T09:30:00Z", "2026-11-22", "2026-11-22T09:30:00", "tomorrow", "2026-13-01T00:00:00Z"])(
    "refuses %s in one line naming it",
    (value) => {
      const m = message({ AGENCY_HUB_NOW: value });
      expect(m).toBe(
        `Invalid configuration: AGENCY_HUB_NOW must be an ISO 8601 instant with a time zone, e.g. 2028-02-29T09:30:00Z (got "${value}")`,
      );
    },
  );

  it("runs only with the built-in ClickUp simulator (never against real ClickUp)", () => {
    const refusal =
      "Invalid configuration: AGENCY_HUB_NOW (a test clock) only runs with the built-in ClickUp simulator; unset it to use real ClickUp";
    const now = { AGENCY_HUB_NOW: "2026-11-22T09:30:00Z" };
    expect(message({ ...now, CLICKUP_CLIENT_ID: "a", CLICKUP_CLIENT_SECRET: "b" })).toBe(refusal);
    expect(message({ ...now, CLICKUP_SIMULATOR: "off" })).toBe(refusal);
    expect(message({ ...now, NODE_ENV: "test" })).toBeNull();
    // A production server runs the simulator only with CLICKUP_SIMULATOR=on (the browser tests).
    const demo = loadConfig({ ...now, NODE_ENV: "production", CLICKUP_SIMULATOR: "on" });
    expect(() => assertClickUpSimulatorAllowed(demo)).not.toThrow();
    const prod = loadConfig({ ...now, NODE_ENV: "production" });
    expect(() => assertClickUpSimulatorAllowed(prod)).toThrow(/CLICKUP_SIMULATOR must be "on"/);
  });
});
