import type * as React from "react";
import { LoaderCircleIcon } from "lucide-react";

import { cn } from "@/lib/cn";

type SpinnerProps = Omit<React.ComponentProps<"span">, "children"> & {
  /** Announced to assistive technology; defaults to "Loading". */
  label?: string;
};

/** A spinning indicator inside a polite live region. Size it with `size-*` (default size-4). */
function Spinner({ className, label = "Loading", ...props }: SpinnerProps) {
  return (
    <span
      role="status"
      aria-live="polite"
      data-slot="spinner"
      className={cn("relative inline-flex size-4 shrink-0", className)}
      {...props}
    >
      <LoaderCircleIcon className="size-full animate-spin" aria-hidden="true" />
      <span className="sr-only">{label}</span>
    </span>
  );
}

export { Spinner, type SpinnerProps };
