import { Hono } from "hono";
import { requireTenant } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import {
  impersonationStateSchema,
  startImpersonationRequestSchema,
  workspaceUsersResponseSchema,
} from "./contract";
import { getImpersonation } from "./get-impersonation";
import { listWorkspaceUsers } from "./list-workspace-users";
import { startImpersonation } from "./start-impersonation";
import { stopImpersonation } from "./stop-impersonation";

const tags = ["Impersonation"];

/** /api/impersonation: the dashboard "view as" of spec §2 and §6 (admins and owners only). */
export function impersonationRoutes() {
  return new Hono<AppEnv>()
    .get(
      "/",
      documented({
        summary: "Whom the caller is viewing the app as",
        tags,
        response: impersonationStateSchema,
      }),
      requireTenant(),
      (c) => c.json(getImpersonation(c.var.ctx)),
    )
    .get(
      "/users",
      documented({
        summary: "Workspace people for the impersonation picker (admins and owners)",
        tags,
        response: workspaceUsersResponseSchema,
      }),
      requireTenant(),
      async (c) => c.json(await listWorkspaceUsers(c.var.ctx)),
    )
    .post(
      "/",
      documented({
        summary: "Start viewing the app as a member (admins and owners)",
        tags,
        response: impersonationStateSchema,
      }),
      requireTenant(),
      validate("json", startImpersonationRequestSchema),
      async (c) => c.json(await startImpersonation(c.var.ctx, c.req.valid("json"))),
    )
    .delete(
      "/",
      documented({
        summary: "Stop viewing the app as someone else",
        tags,
        response: impersonationStateSchema,
      }),
      requireTenant(),
      async (c) => c.json(await stopImpersonation(c.var.ctx)),
    );
}
