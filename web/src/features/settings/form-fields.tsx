import type * as React from "react";
import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import { SERVER_ERROR } from "@/lib/form";

/*
 * Fields that carry their own message (a refused value says why under the field, tied to it by
 * aria-describedby), and the mapping of a 400/409 answer's `fields` onto them.
 */

/** Native selects look like the Input (they work with a thumb and a screen reader as they are). */
export const SELECT_CLASS =
  "h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-base shadow-xs outline-none focus-visible:border-ring focus-visible:ring-[3px] focus-visible:ring-ring/50 disabled:cursor-not-allowed disabled:opacity-50 aria-invalid:border-destructive md:text-sm";

/** aria attributes of a control whose message is `error`. */
export function fieldA11y(id: string, error: string | undefined) {
  return {
    "aria-invalid": error ? true : undefined,
    "aria-describedby": error ? `${id}-error` : undefined,
  } as const;
}

/** The message under one field (id `${id}-error`); nothing without a message. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={`${id}-error`} data-slot="field-error" className="text-sm text-destructive">
      {message}
    </p>
  );
}

type InputFieldProps = Omit<React.ComponentProps<typeof Input>, "id"> & {
  id: string;
  label: React.ReactNode;
  error?: string | undefined;
  /** Classes of the wrapper (label + input + message). */
  fieldClassName?: string;
};

/** A labelled input with its own error message. */
export function InputField({ id, label, error, fieldClassName, ...inputProps }: InputFieldProps) {
  return (
    <div className={cn("min-w-0 space-y-1.5", fieldClassName)}>
      <Label htmlFor={id}>{label}</Label>
      <Input id={id} {...fieldA11y(id, error)} {...inputProps} />
      <FieldError id={id} message={error} />
    </div>
  );
}

type SelectFieldProps = Omit<React.ComponentProps<"select">, "id"> & {
  id: string;
  label: React.ReactNode;
  error?: string | undefined;
  /** Classes of the wrapper (label + select + message). */
  fieldClassName?: string;
};

/** A labelled native select (its options as children) with its own error message. */
export function SelectField({
  id,
  label,
  error,
  fieldClassName,
  className,
  ...selectProps
}: SelectFieldProps) {
  return (
    <div className={cn("min-w-0 space-y-1.5", fieldClassName)}>
      <Label htmlFor={id}>{label}</Label>
      <select id={id} className={cn(SELECT_CLASS, className)} {...fieldA11y(id, error)} {...selectProps} />
      <FieldError id={id} message={error} />
    </div>
  );
}

/**
 * A failed write onto the form: each of the answer's `fields` that the form has goes under that
 * field (a 409 overlap names startDate); anything else is the form's one server message.
 */
export function showServerErrors<T extends FieldValues, O extends FieldValues>(
  form: UseFormReturn<T, unknown, O>,
  error: unknown,
  fields: readonly Path<T>[],
  rename: Partial<Record<string, Path<T>>> = {},
): void {
  const placed = new Set<string>();
  if (error instanceof ApiError) {
    for (const f of error.fields ?? []) {
      const head = f.field.split(".")[0] ?? f.field; // roleTags.0 → roleTags
      const name = rename[f.field] ?? rename[head] ?? (head as Path<T>);
      if (fields.includes(name) && !placed.has(name)) {
        form.setError(name, { type: "server", message: f.message });
        placed.add(name);
      }
    }
  }
  if (placed.size === 0) {
    const message = error instanceof Error ? error.message : "Something went wrong";
    form.setError(SERVER_ERROR as Path<T>, { type: "server", message });
  }
}
