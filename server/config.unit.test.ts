import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

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
});
