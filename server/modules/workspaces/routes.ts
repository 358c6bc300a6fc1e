import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { validate } from "../../lib/validate";
import { createWorkspace } from "./create-workspace";
import { listMemberships } from "./repo";

const createSchema = z.strictObject({
  name: z
    .string({ message: "is required" })
    .trim()
    .min(1, "is required")
    .max(100, "must be at most 100 characters"),
});

/**
 * GET /api/workspaces → {workspaces: [{id, name, role, createdAt}]} (by membership creation);
 * POST /api/workspaces {name} → 201 {id, name, role: "owner", createdAt}, now the current workspace.
 */
export function workspaceRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser())
    .get("/", async (c) => {
      const rows = await listMemberships(c.var.deps.database, c.var.user.id);
      return c.json({
        workspaces: rows.map((r) => ({
          id: r.organizationId,
          name: r.name,
          role: r.role,
          createdAt: r.createdAt.toISOString(),
        })),
      });
    })
    .post("/", validate("json", createSchema), async (c) => {
      const created = await createWorkspace(c.var.deps.database, c.var.user.id, c.req.valid("json").name);
      return c.json(created, 201);
    });
}
