import { z } from "zod";

/** POST /api/auth/resend: send the sign-up confirmation or the recovery mail again. */
export const resendRequestSchema = z
  .object({
    email: z.string().trim().toLowerCase().email("must be an e-mail address").max(254).optional(),
    phone: z.string().trim().max(32).optional(),
    type: z.enum(["signup", "recovery"]).optional(),
  })
  .meta({ id: "ResendRequest" });

/** The same answer whether or not the address has an account (no account discovery). */
export const resendResponseSchema = z.object({ ok: z.literal(true) }).meta({ id: "ResendResponse" });

/** GET /api/auth/config: which sign-in methods this server offers besides e-mail and password. */
export const authConfigResponseSchema = z.object({ google: z.boolean() }).meta({ id: "AuthConfig" });

export type ResendRequest = z.infer<typeof resendRequestSchema>;
export type AuthConfig = z.infer<typeof authConfigResponseSchema>;
