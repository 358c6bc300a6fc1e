import { Hono } from "hono";
import { streamSSE } from "hono/streaming";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { liveHubFor } from "./hub";
import { isWorkspaceMember } from "./repo";

/** Coalesce bursts (a sync writes many batches) into one event per window. */
const COALESCE_MS = 250;
const HEARTBEAT_MS = 25_000;

/**
 * GET /api/live: server-sent events for the caller's current workspace. Sends `ready` once, then
 * `workspace-changed` within a quarter second of any pg_notify('workspace_changed', org) from any
 * instance (sync, webhook, timesheet save), and a comment heartbeat to keep proxies open. Closes
 * as soon as an event or heartbeat finds the caller no longer a member of the workspace.
 */
export function liveRoutes() {
  return new Hono<AppEnv>().get(
    "/",
    documented({
      summary: "Server-sent events: workspace-changed whenever the caller's workspace data changes",
      tags: ["Live updates"],
      mediaType: "text/event-stream",
    }),
    requireTenant(),
    (c) => {
      const { organizationId, userId, db } = c.var.ctx;
      const hub = liveHubFor(c.var.deps.database, c.var.deps.logger);
      c.header("Cache-Control", "no-cache, no-transform");
      c.header("X-Accel-Buffering", "no");
      return streamSSE(c, async (stream) => {
        let pending: ReturnType<typeof setTimeout> | null = null;
        let seq = 0;
        let end = () => {};
        const ended = new Promise<void>((resolve) => (end = resolve));
        // Membership is re-checked before every event and heartbeat: a user removed from the
        // workspace stops receiving at once and the stream closes (a failed check closes it
        // too; the browser reconnects through requireTenant).
        const whileMember = (send: () => Promise<void>) =>
          isWorkspaceMember(db, organizationId, userId)
            .then((member) => (member ? send() : end()))
            .catch(() => end());
        const unsubscribe = await hub.subscribe(organizationId, () => {
          pending ??= setTimeout(() => {
            pending = null;
            void whileMember(() =>
              stream.writeSSE({ event: "workspace-changed", data: organizationId, id: String(++seq) }),
            );
          }, COALESCE_MS);
        });
        let heartbeat: ReturnType<typeof setInterval> | undefined;
        try {
          await stream.writeSSE({ event: "ready", data: organizationId });
          stream.onAbort(end);
          heartbeat = setInterval(
            () => void whileMember(() => stream.write(": ping\n\n").then(() => {})),
            HEARTBEAT_MS,
          );
          await ended;
        } finally {
          clearInterval(heartbeat);
          if (pending) clearTimeout(pending);
          unsubscribe();
        }
      });
    },
  );
}
