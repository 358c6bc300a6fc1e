import { zValidator } from "@hono/zod-validator";
import type { ValidationTargets } from "hono";
import type { ZodType } from "zod";
import { validationError } from "./errors";

/**
 * zod validation for a request part that answers 400 with the fields and reasons
 * in our one error shape. Unknown JSON is rejected before it reaches a use case.
 */
export function validate<T extends keyof ValidationTargets, S extends ZodType>(target: T, schema: S) {
  return zValidator(target, schema, (result) => {
    if (!result.success) {
      throw validationError(result.error as never, target === "json" ? "body" : target);
    }
  });
}
