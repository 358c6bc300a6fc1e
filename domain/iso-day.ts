import { z } from "zod";
import { toDate } from "./dates";

/** A calendar day yyyy-MM-dd that exists (query and body fields of the dashboard and timesheet). */
export const isoDaySchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date yyyy-MM-dd")
  .refine((v) => toDate(`${v}T00:00:00Z`)?.toISOString().slice(0, 10) === v, "must be a real date");
