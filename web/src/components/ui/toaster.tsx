import type * as React from "react";
import { CircleCheckIcon, InfoIcon, LoaderCircleIcon, OctagonXIcon, TriangleAlertIcon } from "lucide-react";
import { Toaster as Sonner, toast, type ToasterProps } from "sonner";

/**
 * Toasts sit bottom right, clear of the header's user menu (a toast pauses while hovered, so one
 * over the menu kept it out of reach); below 768 px they sit above the fixed bottom tab bar.
 */
const ABOVE_TAB_BAR = "var(--toast-offset-bottom)";

function Toaster(props: ToasterProps) {
  return (
    <Sonner
      theme="light"
      position="bottom-right"
      offset={{ bottom: ABOVE_TAB_BAR }}
      mobileOffset={{ bottom: ABOVE_TAB_BAR }}
      className="toaster group [--toast-offset-bottom:calc(5rem+env(safe-area-inset-bottom))] md:[--toast-offset-bottom:24px]"
      icons={{
        success: <CircleCheckIcon className="size-4 text-success" aria-hidden="true" />,
        info: <InfoIcon className="size-4" aria-hidden="true" />,
        warning: <TriangleAlertIcon className="size-4 text-warning" aria-hidden="true" />,
        error: <OctagonXIcon className="size-4 text-destructive" aria-hidden="true" />,
        loading: <LoaderCircleIcon className="size-4 animate-spin" aria-hidden="true" />,
      }}
      style={
        {
          "--normal-bg": "var(--popover)",
          "--normal-text": "var(--popover-foreground)",
          "--normal-border": "var(--border)",
          "--border-radius": "var(--radius)",
          // Rich colours' text darkened to reach WCAG AA (4.5:1) on their pale backgrounds
          // (sonner's own success green on its mint is 4.25:1).
          "--success-text": "#006b24",
          "--error-text": "#b3000c",
          "--warning-text": "#8a4600",
          "--info-text": "#0a4f9e",
        } as React.CSSProperties
      }
      {...props}
    />
  );
}

export { toast, Toaster, type ToasterProps };
