import { z } from "zod";

/*
 * The session answers' schemas, apart from use-session.ts so that zod stays out of the app's entry
 * chunk: the landing page's first paint does not wait for it (issue 10 §4).
 */
export { meResponseSchema } from "../../../../server/modules/session/contract";

/**
 * better-auth's GET /api/auth/get-session: 200 with null when nobody is signed in. Only whether
 * there is a session is read; who it is comes from /api/me.
 */
export const authSessionSchema = z.object({ session: z.object({ id: z.string() }) }).nullable();
