import type * as React from "react";
import { Avatar as AvatarPrimitive } from "radix-ui";

import { cn } from "@/lib/cn";

/**
 * Up to `max` uppercase initials of a display name ("Ada Lovelace" → "AL"), falling back to the
 * first letter of an e-mail's local part, or "?" when there is nothing to show.
 */
function getInitials(name: string | null | undefined, max = 2): string {
  const cleaned = (name ?? "").trim().replace(/@.*$/, "");
  if (!cleaned) return "?";
  const words = cleaned.split(/[\s._-]+/u).filter(Boolean);
  const letters = words.map((w) => Array.from(w)[0] ?? "").join("");
  return (letters.slice(0, Math.max(1, max)) || "?").toUpperCase();
}

function Avatar({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn("relative flex size-8 shrink-0 overflow-hidden rounded-full", className)}
      {...props}
    />
  );
}

function AvatarImage({ className, ...props }: React.ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image
      data-slot="avatar-image"
      className={cn("aspect-square size-full", className)}
      {...props}
    />
  );
}

type AvatarFallbackProps = React.ComponentProps<typeof AvatarPrimitive.Fallback> & {
  /** When given and no children are passed, the fallback shows this name's initials. */
  name?: string | null;
};

function AvatarFallback({ className, name, children, ...props }: AvatarFallbackProps) {
  return (
    <AvatarPrimitive.Fallback
      data-slot="avatar-fallback"
      className={cn(
        "flex size-full items-center justify-center rounded-full bg-muted text-xs font-medium text-muted-foreground select-none",
        className,
      )}
      {...props}
    >
      {children ?? (name !== undefined ? getInitials(name) : null)}
    </AvatarPrimitive.Fallback>
  );
}

export { Avatar, AvatarFallback, type AvatarFallbackProps, AvatarImage, getInitials };
