import { z } from "zod";
import { roleSchema } from "@domain/permissions";

/*
 * Request and response shapes of /api/members (the current workspace's people), shared with
 * the web app.
 */

/** /api/members/:userId */
export const memberParamSchema = z.strictObject({ userId: z.string().min(1).max(64) });
export type MemberParam = z.infer<typeof memberParamSchema>;

/** PATCH /api/members/:userId body. */
export const changeMemberRoleRequestSchema = z.strictObject({ role: roleSchema });
export type ChangeMemberRoleRequest = z.infer<typeof changeMemberRoleRequestSchema>;

export const memberSchema = z.object({
  userId: z.string(),
  email: z.string(),
  displayName: z.string(),
  initials: z.string(),
  image: z.string().nullable(),
  role: roleSchema,
  /** Membership creation (ISO). */
  joinedAt: z.string(),
});
export type Member = z.infer<typeof memberSchema>;

/** GET /api/members: owners first, then admins, then members, each by name. */
export const membersResponseSchema = z.object({ members: z.array(memberSchema) }).meta({ id: "Members" });
export type MembersResponse = z.infer<typeof membersResponseSchema>;
