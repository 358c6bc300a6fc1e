import pg from "pg";
import type { Database } from "../../db/client";
import type { Logger } from "../../lib/logger";

/** The channel the sync engine, webhooks and the timesheet notify with the organization id. */
export const WORKSPACE_CHANGED_CHANNEL = "workspace_changed";

type Listener = () => void;

/**
 * One LISTEN per process and database, fanned out to the open /api/live streams by workspace.
 * PostgreSQL: a dedicated client outside the pool (LISTEN needs its own session; it must not hold
 * a pool slot or block pool.end()), opened with the first subscriber, closed with the last, and
 * reopened after a connection error. PGlite: pglite.listen().
 */
export class LiveHub {
  private readonly listeners = new Map<string, Set<Listener>>();
  private stop: (() => Promise<void>) | null = null;
  private starting: Promise<void> | null = null;

  constructor(
    private readonly database: Database,
    private readonly logger: Logger,
  ) {}

  /** Call `listener` whenever `organizationId` changes; returns the unsubscribe function. */
  async subscribe(organizationId: string, listener: Listener): Promise<() => void> {
    let set = this.listeners.get(organizationId);
    if (!set) this.listeners.set(organizationId, (set = new Set()));
    set.add(listener);
    await this.ensureListening();
    return () => {
      set.delete(listener);
      if (set.size === 0) this.listeners.delete(organizationId);
      if (this.listeners.size === 0) void this.close();
    };
  }

  get subscriberCount(): number {
    let n = 0;
    for (const set of this.listeners.values()) n += set.size;
    return n;
  }

  private dispatch(payload: string | undefined): void {
    if (!payload) return;
    for (const listener of this.listeners.get(payload) ?? []) {
      try {
        listener();
      } catch (err) {
        this.logger.warn({ err }, "live listener failed");
      }
    }
  }

  private ensureListening(): Promise<void> {
    if (this.stop) return Promise.resolve();
    this.starting ??= this.listen().finally(() => {
      this.starting = null;
    });
    return this.starting;
  }

  private async listen(): Promise<void> {
    const { database } = this;
    if (database.pglite) {
      const unlisten = await database.pglite.listen(WORKSPACE_CHANGED_CHANNEL, (payload) =>
        this.dispatch(payload),
      );
      this.stop = async () => {
        if (!database.pglite?.closed) await unlisten();
      };
      return;
    }
    if (!database.pool) throw new Error("live updates need PGlite or a PostgreSQL pool");
    const client = new pg.Client(database.pool.options);
    client.on("notification", (msg) => {
      if (msg.channel === WORKSPACE_CHANGED_CHANNEL) this.dispatch(msg.payload);
    });
    client.on("error", (err) => {
      this.logger.warn({ err }, "live LISTEN connection lost; reconnecting");
      this.stop = null;
      void client.end().catch(() => {});
      if (this.listeners.size > 0) {
        setTimeout(() => void this.ensureListening().catch(() => {}), 1000).unref();
      }
    });
    await client.connect();
    await client.query(`LISTEN ${WORKSPACE_CHANGED_CHANNEL}`);
    this.stop = () => client.end();
  }

  async close(): Promise<void> {
    await this.starting?.catch(() => {});
    const stop = this.stop;
    this.stop = null;
    if (stop) await stop().catch(() => {});
  }
}

const hubs = new WeakMap<Database, LiveHub>();

export function liveHubFor(database: Database, logger: Logger): LiveHub {
  let hub = hubs.get(database);
  if (!hub) hubs.set(database, (hub = new LiveHub(database, logger)));
  return hub;
}
