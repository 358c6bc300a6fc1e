import { z } from "zod";
import { ROLES } from "@domain/permissions";

/*
 * Request and response shapes of /api/workspaces, shared with the web app.
 */

/** POST /api/workspaces body. */
export const createWorkspaceRequestSchema = z.strictObject({
  name: z
    .string({ message: "is required" })
    .trim()
    .min(1, "is required")
    .max(100, "must be at most 100 characters"),
});
export type CreateWorkspaceRequest = z.infer<typeof createWorkspaceRequestSchema>;

/** One of the caller's workspaces with their role there. */
export const workspaceSchema = z
  .object({
    id: z.string(),
    name: z.string(),
    role: z.enum(ROLES),
    /** Membership creation (ISO). */
    createdAt: z.string(),
  })
  .meta({ id: "Workspace" });
export type Workspace = z.infer<typeof workspaceSchema>;

/** GET /api/workspaces: by membership creation. */
export const workspacesResponseSchema = z
  .object({ workspaces: z.array(workspaceSchema) })
  .meta({ id: "Workspaces" });
export type WorkspacesResponse = z.infer<typeof workspacesResponseSchema>;
