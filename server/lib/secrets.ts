import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";

export interface Secrets {
  /** Signs sessions and cookies. */
  authSecret: string;
  /** 32-byte key for tokens encrypted at rest. */
  encryptionKey: Buffer;
}

/**
 * Secrets come from the environment when set; otherwise they are generated once and
 * kept in DATA_DIR/secrets.json (mode 600) so restarts keep sessions and tokens valid.
 */
export function loadSecrets(
  dataDir: string,
  env: { AUTH_SECRET?: string; ENCRYPTION_KEY?: string },
): Secrets {
  const file = path.join(dataDir, "secrets.json");
  let stored: { authSecret?: string; encryptionKey?: string } = {};
  if (fs.existsSync(file)) stored = JSON.parse(fs.readFileSync(file, "utf8")) as typeof stored;
  const next = {
    authSecret: stored.authSecret ?? randomBytes(32).toString("base64url"),
    encryptionKey: stored.encryptionKey ?? randomBytes(32).toString("hex"),
  };
  const needsWrite =
    (!env.AUTH_SECRET && !stored.authSecret) || (!env.ENCRYPTION_KEY && !stored.encryptionKey);
  if (needsWrite) {
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(file, JSON.stringify(next, null, 2), { mode: 0o600 });
  }
  return {
    authSecret: env.AUTH_SECRET ?? next.authSecret,
    encryptionKey: Buffer.from(env.ENCRYPTION_KEY ?? next.encryptionKey, "hex"),
  };
}

/** AES-256-GCM; output "v1.<iv>.<tag>.<ciphertext>" in base64url. */
export function encryptSecret(plain: string, key: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return ["v1", iv, cipher.getAuthTag(), data]
    .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
    .join(".");
}

export function decryptSecret(sealed: string, key: Buffer): string {
  const [version, iv, tag, data] = sealed.split(".");
  if (version !== "v1" || !iv || !tag || data === undefined) throw new Error("Unrecognised encrypted value");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data, "base64url")), decipher.final()]).toString("utf8");
}
