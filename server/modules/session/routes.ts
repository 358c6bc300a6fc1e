import { Hono } from "hono";
import { z } from "zod";
import { requireUser } from "../../auth/middleware";
import type { AppEnv } from "../../context";
import { validate } from "../../lib/validate";
import { getMe } from "./get-me";
import { switchWorkspace } from "./switch-workspace";
import { updateProfile } from "./update-profile";

const nameField = z.string().trim().max(100, "must be at most 100 characters").nullable().optional();

const profileSchema = z.strictObject({ firstName: nameField, lastName: nameField });
const currentWorkspaceSchema = z.strictObject({
  organizationId: z.string().trim().min(1, "is required").max(64, "is too long"),
});

/**
 * GET /api/me → MeResponse (get-me.ts); PUT /api/me {firstName?, lastName?} → MeResponse;
 * PUT /api/me/current-workspace {organizationId} → MeResponse (404 for a workspace the user is not in).
 */
export function sessionRoutes() {
  return new Hono<AppEnv>()
    .use(requireUser())
    .get("/", async (c) => c.json(await getMe(c.var.deps.database, c.var.user)))
    .put("/", validate("json", profileSchema), async (c) => {
      const { database } = c.var.deps;
      await updateProfile(database, c.var.user, c.req.valid("json"));
      const user = { ...c.var.user, ...c.req.valid("json") };
      return c.json(
        await getMe(database, {
          ...user,
          firstName: user.firstName?.trim() || null,
          lastName: user.lastName?.trim() || null,
        }),
      );
    })
    .put("/current-workspace", validate("json", currentWorkspaceSchema), async (c) => {
      const { database } = c.var.deps;
      await switchWorkspace(database, c.var.user.id, c.req.valid("json").organizationId);
      return c.json(await getMe(database, c.var.user));
    });
}
