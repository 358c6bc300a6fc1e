import { z } from "zod";

/** POST /api/accessible-tasks body (spec §7 get-accessible-tasks). */
export const accessibleTasksRequestSchema = z
  .object({ organization_id: z.string().min(1).max(100).optional() })
  .strict();

export const accessibleTasksResponseSchema = z
  .object({
    taskIds: z.array(z.string()),
    clickupUserId: z.string().nullable(),
  })
  .meta({ id: "AccessibleTasks" });

export type AccessibleTasksResponse = z.infer<typeof accessibleTasksResponseSchema>;
