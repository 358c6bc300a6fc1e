/**
 * Checks of `blocks` and `attachments` (slack-api.md §4, §8 limits), shared by chat.postMessage
 * and incoming webhooks, and the one-line summary the posted-messages page shows.
 */

export const MAX_BLOCKS = 50;
export const MAX_ATTACHMENTS = 100;

const BLOCK_TYPES = new Set([
  "actions",
  "context",
  "divider",
  "file",
  "header",
  "image",
  "input",
  "markdown",
  "rich_text",
  "section",
  "video",
]);

export type BlocksCheck = { ok: true; blocks: unknown[] | null } | { ok: false; error: string };

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const textOf = (v: unknown): string | null =>
  isObject(v) && typeof v["text"] === "string" ? v["text"] : null;

/**
 * `blocks` as sent: an array, or (form bodies) a JSON string of one. `invalid_blocks_format` when
 * it is not an array of objects; `invalid_blocks` when a block breaks a documented limit;
 * `msg_blocks_too_long` past 50 blocks.
 */
export function checkBlocks(raw: unknown): BlocksCheck {
  if (raw === undefined || raw === null || raw === "") return { ok: true, blocks: null };
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, error: "invalid_blocks_format" };
    }
  }
  if (!Array.isArray(value) || !value.every(isObject)) return { ok: false, error: "invalid_blocks_format" };
  if (value.length > MAX_BLOCKS) return { ok: false, error: "msg_blocks_too_long" };
  for (const block of value) if (!validBlock(block)) return { ok: false, error: "invalid_blocks" };
  return { ok: true, blocks: value };
}

function validBlock(b: Record<string, unknown>): boolean {
  const type = b["type"];
  if (typeof type !== "string" || !BLOCK_TYPES.has(type)) return false;
  if (typeof b["block_id"] === "string" && b["block_id"].length > 255) return false;
  switch (type) {
    case "section": {
      const text = textOf(b["text"]);
      const fields = b["fields"];
      if (text === null && !Array.isArray(fields)) return false;
      if (text !== null && (text.length < 1 || text.length > 3000)) return false;
      if (
        Array.isArray(fields) &&
        (fields.length > 10 || fields.some((f) => (textOf(f) ?? "").length > 2000))
      )
        return false;
      return true;
    }
    case "header": {
      const text = textOf(b["text"]);
      return text !== null && text.length >= 1 && text.length <= 150;
    }
    case "context":
      return Array.isArray(b["elements"]) && b["elements"].length >= 1 && b["elements"].length <= 10;
    case "actions":
      return Array.isArray(b["elements"]) && b["elements"].length >= 1 && b["elements"].length <= 25;
    default:
      return true;
  }
}

/** `attachments` as sent (array or JSON string); null when absent, "invalid" or "too_many". */
export function checkAttachments(raw: unknown): unknown[] | null | "invalid" | "too_many" {
  if (raw === undefined || raw === null || raw === "") return null;
  let value = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      return "invalid";
    }
  }
  if (!Array.isArray(value)) return "invalid";
  if (value.length > MAX_ATTACHMENTS) return "too_many";
  return value;
}

/** "section: *PO-12* waits for you · context: 12 tasks" — the block types and their first text. */
export function summarizeBlocks(blocks: readonly unknown[] | null): string {
  if (!blocks || blocks.length === 0) return "";
  return blocks
    .map((b) => {
      if (!isObject(b)) return "?";
      const type = String(b["type"]);
      let text = textOf(b["text"]);
      if (text === null && Array.isArray(b["elements"])) text = textOf(b["elements"][0]);
      if (text === null && Array.isArray(b["fields"])) text = textOf(b["fields"][0]);
      const short = text && text.length > 120 ? `${text.slice(0, 117)}…` : text;
      return short ? `${type}: ${short}` : type;
    })
    .join(" · ");
}
