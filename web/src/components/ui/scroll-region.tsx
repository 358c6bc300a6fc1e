import { useEffect, useRef, useState } from "react";
import type * as React from "react";

import { cn } from "@/lib/cn";

/**
 * Whether the element's content is wider than the element, kept up to date as either resizes
 * or its children change.
 */
export function useOverflowsX<T extends HTMLElement>(): [React.RefObject<T | null>, boolean] {
  const ref = useRef<T>(null);
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const check = () => setOverflows(el.scrollWidth > el.clientWidth + 1);
    // Without ResizeObserver (old browsers, jsdom) the box is measured once.
    if (typeof ResizeObserver === "undefined") {
      check();
      return;
    }
    const resize = new ResizeObserver(check);
    const watchChildren = () => {
      resize.observe(el);
      for (const child of Array.from(el.children)) resize.observe(child);
      check();
    };
    const mutations = new MutationObserver(watchChildren);
    mutations.observe(el, { childList: true });
    watchChildren();
    return () => {
      resize.disconnect();
      mutations.disconnect();
    };
  }, []);
  return [ref, overflows];
}

/**
 * Props that make a sideways-scrolling box usable from the keyboard (WCAG 2.1.1; axe
 * scrollable-region-focusable): while its content overflows it is a named region in the tab
 * order, so the arrow keys scroll it; otherwise it is a plain box and no extra tab stop.
 */
export function scrollRegionProps(overflows: boolean, label: string) {
  return overflows ? { role: "region", "aria-label": label, tabIndex: 0 } : {};
}

export const scrollRegionFocusClass =
  "outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:ring-inset";

/** A box whose content may scroll sideways, reachable by keyboard while it does. */
export function ScrollRegion({
  label,
  className,
  ...props
}: React.ComponentProps<"div"> & { label: string }) {
  const [ref, overflows] = useOverflowsX<HTMLDivElement>();
  return (
    <div
      ref={ref}
      data-slot="scroll-region"
      {...scrollRegionProps(overflows, label)}
      className={cn("overflow-x-auto", scrollRegionFocusClass, className)}
      {...props}
    />
  );
}
