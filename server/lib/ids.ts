import { randomBytes, randomUUID } from "node:crypto";

export const newId = (): string => randomUUID();

/** URL-safe random token (invitations, OAuth state). */
export const newToken = (bytes = 32): string => randomBytes(bytes).toString("base64url");
