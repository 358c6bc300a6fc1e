import { SECURITY_FLUSH_INTERVAL_MS } from "@domain/constants";
import { flushesImmediately, type AuditEventType } from "@domain/security";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";
import { insertSecurityEvents, type SecurityEventRow } from "./repo";

export interface SecurityEventInput {
  eventType: AuditEventType | (string & {});
  eventData?: Record<string, unknown>;
  userId?: string | null;
  organizationId?: string | null;
  ipAddress?: string | null;
  userAgent?: string | null;
}

interface AuditDeps {
  database: Database;
  logger: Logger;
  now?: () => Date;
}

interface EventBuffer {
  rows: SecurityEventRow[];
  timer: ReturnType<typeof setInterval>;
  flushing: Promise<void>;
}

/** One buffer per database (process-wide; API tests run several apps in one process). */
const buffers = new WeakMap<Database, EventBuffer>();

function bufferFor(deps: AuditDeps): EventBuffer {
  let buffer = buffers.get(deps.database);
  if (!buffer) {
    const created: EventBuffer = {
      rows: [],
      flushing: Promise.resolve(),
      timer: setInterval(() => void flushSecurityEvents(deps), SECURITY_FLUSH_INTERVAL_MS),
    };
    created.timer.unref();
    buffers.set(deps.database, created);
    buffer = created;
  }
  return buffer;
}

/**
 * Record a security event (spec §9). Events are buffered and written every 30 s; xss_attempt,
 * malicious_form_submission and failed_auth are written at once (with everything buffered before
 * them). Never throws: an audit failure is logged, it does not fail the request.
 */
export async function recordSecurityEvent(deps: AuditDeps, input: SecurityEventInput): Promise<void> {
  const buffer = bufferFor(deps);
  buffer.rows.push({
    eventType: input.eventType,
    eventData: input.eventData ?? {},
    userId: input.userId ?? null,
    organizationId: input.organizationId ?? null,
    ipAddress: input.ipAddress?.slice(0, 100) ?? null,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    createdAt: deps.now?.() ?? new Date(),
  });
  if (flushesImmediately(input.eventType)) await flushSecurityEvents(deps);
}

/** Write whatever is buffered now (on the timer, before reading the log, and on shutdown). */
export function flushSecurityEvents(deps: AuditDeps): Promise<void> {
  const buffer = buffers.get(deps.database);
  if (!buffer) return Promise.resolve();
  buffer.flushing = buffer.flushing.then(async () => {
    const rows = buffer.rows.splice(0);
    if (!rows.length) return;
    await writeSecurityEvents(deps, rows);
  });
  // The chain must never stay rejected, or every later flush would be skipped.
  buffer.flushing = buffer.flushing.catch((err: unknown) =>
    deps.logger.error({ err }, "security audit flush failed"),
  );
  return buffer.flushing;
}

/**
 * One insert for the whole buffer; if it fails, row by row, so one row the database refuses
 * never drops the others. Only the rows that still fail are logged (type and time, no content).
 */
async function writeSecurityEvents(deps: AuditDeps, rows: SecurityEventRow[]): Promise<void> {
  try {
    await insertSecurityEvents(deps.database.db, rows);
    return;
  } catch (err) {
    if (rows.length === 1) {
      logUnwritten(deps, rows[0]!, err);
      return;
    }
    deps.logger.warn({ err, count: rows.length }, "security audit batch refused; writing row by row");
  }
  for (const row of rows) {
    try {
      await insertSecurityEvents(deps.database.db, [row]);
    } catch (err) {
      logUnwritten(deps, row, err);
    }
  }
}

function logUnwritten(deps: AuditDeps, row: SecurityEventRow, err: unknown): void {
  deps.logger.error(
    { err, eventType: String(row.eventType).slice(0, 100), createdAt: String(row.createdAt) },
    "security audit event could not be written",
  );
}

/** Flush and stop the timer (shutdown). */
export async function closeSecurityEvents(deps: AuditDeps): Promise<void> {
  await flushSecurityEvents(deps);
  const buffer = buffers.get(deps.database);
  if (buffer) clearInterval(buffer.timer);
  buffers.delete(deps.database);
}
