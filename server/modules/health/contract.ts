import { z } from "zod";

/** GET /api/health: the process answers and its database is reachable. */
export const healthResponseSchema = z
  .object({ status: z.literal("ok"), database: z.enum(["pglite", "postgres"]) })
  .meta({ id: "Health" });
export type HealthResponse = z.infer<typeof healthResponseSchema>;
