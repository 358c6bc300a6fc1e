import { Hono } from "hono";
import { requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { documented } from "../../lib/openapi";
import { validate } from "../../lib/validate";
import { meResponseSchema, switchWorkspaceRequestSchema, updateProfileRequestSchema } from "./contract";
import { getMe } from "./get-me";
import { switchWorkspace } from "./switch-workspace";
import { updateProfile } from "./update-profile";

const tags = ["Session"];

/**
 * GET /api/me → MeResponse (contract.ts); PUT /api/me {firstName?, lastName?} → MeResponse;
 * PUT /api/me/current-workspace {organizationId} → MeResponse (404 for a workspace the user is not in).
 */
export function sessionRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser())
    .get(
      "/",
      documented({
        summary: "The signed-in user, their workspaces, the current one and its permissions",
        tags,
        response: meResponseSchema,
      }),
      async (c) => c.json(await getMe(c.var.userCtx)),
    )
    .put(
      "/",
      documented({ summary: "Update the caller's first and last name", tags, response: meResponseSchema }),
      validate("json", updateProfileRequestSchema),
      async (c) => c.json(await updateProfile(c.var.userCtx, c.req.valid("json"))),
    )
    .put(
      "/current-workspace",
      documented({ summary: "Switch the caller's current workspace", tags, response: meResponseSchema }),
      validate("json", switchWorkspaceRequestSchema),
      async (c) => c.json(await switchWorkspace(c.var.userCtx, c.req.valid("json"))),
    );
}
