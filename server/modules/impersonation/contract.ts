import { z } from "zod";
import { roleSchema } from "@domain/permissions";

/*
 * Request and response shapes of /api/impersonation (the dashboard "view as", spec §2, §6),
 * shared with the web app.
 */

/** POST /api/impersonation body. */
export const startImpersonationRequestSchema = z
  .object({ userId: z.string().trim().min(1).max(64) })
  .strict();

export type StartImpersonationRequest = z.infer<typeof startImpersonationRequestSchema>;

export const impersonatedUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
});

export const impersonationStateSchema = z
  .object({
    active: z.boolean(),
    user: impersonatedUserSchema.nullable(),
  })
  .meta({ id: "ImpersonationState" });

export type ImpersonationState = z.infer<typeof impersonationStateSchema>;

export const workspaceUserSchema = z.object({
  id: z.string(),
  displayName: z.string(),
  email: z.string(),
  /** ClickUp username when the person has connected ClickUp. */
  username: z.string().nullable(),
  role: roleSchema,
  profilePicture: z.string().nullable(),
  /** False for admins, owners and the caller (never impersonated). */
  canImpersonate: z.boolean(),
});

export type WorkspaceUser = z.infer<typeof workspaceUserSchema>;

export const workspaceUsersResponseSchema = z
  .object({ users: z.array(workspaceUserSchema) })
  .meta({ id: "WorkspaceUsers" });

export type WorkspaceUsersResponse = z.infer<typeof workspaceUsersResponseSchema>;
