import type { ValidationTargets } from "hono";
import { validator } from "hono-openapi";
import type { ZodType } from "zod";
import { validationError } from "./errors";

/**
 * zod validation for a request part that answers 400 with the fields and reasons in our one
 * error shape. Unknown JSON is rejected before it reaches a use case. The schema is also the
 * request part's entry in /api/openapi.json (hono-openapi reads it from this middleware).
 */
export function validate<T extends keyof ValidationTargets, S extends ZodType>(target: T, schema: S) {
  return validator(target, schema, (result) => {
    if (!result.success) {
      throw validationError({ issues: result.error }, target === "json" ? "body" : target);
    }
  });
}
