import { Hono } from "hono";
import { requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { createWorkspaceRequestSchema, workspaceSchema, workspacesResponseSchema } from "./contract";
import { createWorkspace } from "./create-workspace";
import { listWorkspaces } from "./list-workspaces";

const tags = ["Workspaces"];

/**
 * GET /api/workspaces → {workspaces: [{id, name, role, createdAt}]} (by membership creation);
 * POST /api/workspaces {name} → 201 {id, name, role: "owner", createdAt}, now the current workspace.
 */
export function workspaceRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser())
    .get(
      "/",
      documented({
        summary: "The caller's workspaces and their role there",
        tags,
        response: workspacesResponseSchema,
      }),
      async (c) => c.json(await listWorkspaces(c.var.userCtx)),
    )
    .post(
      "/",
      documented({
        summary: "Create a workspace (the caller becomes its owner; it becomes current)",
        tags,
        response: workspaceSchema,
        status: 201,
      }),
      validate("json", createWorkspaceRequestSchema),
      async (c) => c.json(await createWorkspace(c.var.userCtx, c.req.valid("json")), 201),
    );
}
