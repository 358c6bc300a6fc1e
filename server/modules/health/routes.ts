import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { AppError } from "../../lib/errors";
import { documented } from "../../lib/openapi";
import { healthResponseSchema, type HealthResponse } from "./contract";
import { ping } from "./repo";

/** GET /api/health → {status: "ok", database: "pglite" | "postgres"}; 503 when the database is unreachable. */
export function healthRoutes() {
  return new Hono<AppEnv>().get(
    "/",
    documented({
      summary: "Liveness: the process answers and reaches its database",
      tags: ["Health"],
      response: healthResponseSchema,
      public: true,
    }),
    async (c) => {
      const { database } = c.var.deps;
      try {
        await ping(database.db);
      } catch (err) {
        c.var.log.error({ err }, "health check: database unreachable");
        throw new AppError(503, "service_unavailable", "Database unreachable");
      }
      const body: HealthResponse = { status: "ok", database: database.kind };
      return c.json(body);
    },
  );
}
