import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { AppError } from "../../lib/errors";

export function healthRoutes() {
  return new Hono<AppEnv>().get("/", async (c) => {
    const { database } = c.var.deps;
    try {
      await database.raw.query("select 1");
    } catch (err) {
      c.var.log.error({ err }, "health check: database unreachable");
      throw new AppError(503, "service_unavailable", "Database unreachable");
    }
    return c.json({ status: "ok" as const, database: database.kind });
  });
}
