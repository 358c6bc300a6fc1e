import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decryptSecret, encryptSecret, loadSecrets } from "./secrets";

describe("secrets", () => {
  it("generates secrets once and keeps them in the data dir", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-"));
    const a = loadSecrets(dir, {});
    const b = loadSecrets(dir, {});
    expect(a.authSecret).toBe(b.authSecret);
    expect(a.encryptionKey.equals(b.encryptionKey)).toBe(true);
    expect(a.encryptionKey).toHaveLength(32);
    expect(fs.statSync(path.join(dir, "secrets.json")).mode & 0o777).toBe(0o600);
  });

  it("prefers the environment", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "secrets-"));
    const key = "ab".repeat(32);
    const s = loadSecrets(dir, { AUTH_SECRET: "x".repeat(40), ENCRYPTION_KEY: key });
    expect(s.authSecret).toBe("x".repeat(40));
    expect(s.encryptionKey.toString("hex")).toBe(key);
  });

  it("round-trips tokens and detects tampering", () => {
    const key = Buffer.alloc(32, 7);
    const sealed = encryptSecret("pk_123_SECRET", key);
    expect(sealed).not.toContain("pk_123");
    expect(decryptSecret(sealed, key)).toBe("pk_123_SECRET");
    const parts = sealed.split(".");
    parts[3] = Buffer.from("tampered").toString("base64url");
    expect(() => decryptSecret(parts.join("."), key)).toThrow();
    expect(() => decryptSecret(sealed, Buffer.alloc(32, 8))).toThrow();
  });
});
