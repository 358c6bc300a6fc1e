import { z } from "zod";
import { inviteMemberRequestSchema } from "../../../../server/modules/invitations/contract";

export * from "../../../../server/modules/audit/contract";
export * from "../../../../server/modules/invitations/contract";
export * from "../../../../server/modules/members/contract";
export * from "../../../../server/modules/workspaces/contract";

/** The invite form: the contract's request; an empty address is not sent (the browser checks its form). */
export const inviteFormSchema = inviteMemberRequestSchema.extend({
  email: z.string().refine((email) => email.trim() !== ""),
});
