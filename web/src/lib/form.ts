import { zodResolver } from "@hookform/resolvers/zod";
import {
  useForm,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Resolver,
  type UseFormProps,
} from "react-hook-form";
import type { z } from "zod";

/**
 * react-hook-form checked by a contract's zod schema (or one derived from it for UI-only fields).
 * Errors are checked on submit and stay until the next submit, and focus stays where it is — as
 * the forms always behaved.
 */
export function useZodForm<S extends z.ZodType<FieldValues, FieldValues>>(
  schema: S,
  options: Omit<UseFormProps<z.input<S>, unknown, z.output<S>>, "resolver" | "defaultValues"> & {
    defaultValues: DefaultValues<z.input<S>>;
  },
) {
  // zodResolver's overloads cannot be resolved for a generic S; this is the overload for zod 4.
  const resolver = zodResolver(schema) as unknown as Resolver<z.input<S>, unknown, z.output<S>>;
  return useForm<z.input<S>, unknown, z.output<S>>({
    mode: "onSubmit",
    reValidateMode: "onSubmit",
    shouldFocusError: false,
    ...options,
    resolver,
  });
}

/** Where a failed request's message is kept: `setError(SERVER_ERROR, { message })`. */
export const SERVER_ERROR = "root.server" as const;

/** The one message a form shows under its fields: the first field error, else the server's. */
export function formErrorMessage(errors: FieldErrors, fields: readonly string[]): string | undefined {
  for (const name of fields) {
    const message = errors[name]?.message;
    if (typeof message === "string" && message) return message;
  }
  return errors.root?.server?.message;
}
