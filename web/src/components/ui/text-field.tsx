import type * as React from "react";
import { cn } from "@/lib/cn";
import { Input } from "./input";
import { Label } from "./label";

type TextFieldProps = Omit<React.ComponentProps<typeof Input>, "id"> & {
  id: string;
  label: React.ReactNode;
  /** Shown at the right of the label (e.g. a "Forgot password?" link). */
  labelAside?: React.ReactNode;
  /** Classes of the wrapper (label + input). */
  fieldClassName?: string;
};

/** A labelled text input: the label is tied to the input, so it is found and read by its name. */
function TextField({ id, label, labelAside, fieldClassName, ...inputProps }: TextFieldProps) {
  return (
    <div data-slot="text-field" className={cn("space-y-1.5", fieldClassName)}>
      {labelAside ? (
        <div className="flex items-center justify-between">
          <Label htmlFor={id}>{label}</Label>
          {labelAside}
        </div>
      ) : (
        <Label htmlFor={id}>{label}</Label>
      )}
      <Input id={id} {...inputProps} />
    </div>
  );
}

/** An inline error under a form, announced to screen readers; renders nothing without a message. */
function FormError({ message, className }: { message: React.ReactNode; className?: string }) {
  if (!message) return null;
  return (
    <p role="alert" data-slot="form-error" className={cn("text-sm text-destructive", className)}>
      {message}
    </p>
  );
}

export { FormError, TextField, type TextFieldProps };
