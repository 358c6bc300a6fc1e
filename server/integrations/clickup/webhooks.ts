import { createHmac, timingSafeEqual } from "node:crypto";

/** Every event we subscribe to: task, list, folder and space changes (clickup-api.md §5.2). */
export const SUBSCRIBED_EVENTS = [
  "taskCreated",
  "taskUpdated",
  "taskDeleted",
  "taskMoved",
  "taskTimeTrackedUpdated",
  "taskTimeEstimateUpdated",
  "listCreated",
  "listUpdated",
  "listDeleted",
  "folderCreated",
  "folderUpdated",
  "folderDeleted",
  "spaceCreated",
  "spaceUpdated",
  "spaceDeleted",
];

/** HMAC-SHA256 of the raw body with the webhook secret, lowercase hex, constant-time compare (§5.4). */
export function verifyWebhookSignature(
  raw: Uint8Array | string,
  signature: string | null | undefined,
  secret: string,
): boolean {
  if (!signature) return false;
  const mac = Buffer.from(createHmac("sha256", secret).update(raw).digest("hex"));
  const got = Buffer.from(signature.trim().toLowerCase());
  return got.length === mac.length && timingSafeEqual(got, mac);
}

export function signWebhook(raw: string, secret: string): string {
  return createHmac("sha256", secret).update(raw).digest("hex");
}
