import type { CSSProperties } from "react";
import type { LoadColor } from "@domain/index";

/*
 * Tailwind classes of the spec §9 load colours as the workload grid draws them (a tinted cell
 * with a solid bar), and the hatching of tentative (Bid-phase) load.
 */

export const FILL_CLASS: Record<LoadColor, string> = {
  green: "bg-green-100 text-green-950",
  blue: "bg-blue-100 text-blue-950",
  orange: "bg-orange-100 text-orange-950",
  red: "bg-red-100 text-red-950",
};

export const BAR_CLASS: Record<LoadColor, string> = {
  green: "bg-green-600",
  blue: "bg-blue-600",
  orange: "bg-orange-500",
  red: "bg-red-600",
};

/** Tentative load: violet diagonal hatching over whatever fill the cell has. */
export const HATCH: CSSProperties = {
  backgroundImage: "repeating-linear-gradient(135deg, rgb(124 58 237 / 0.38) 0 2px, transparent 2px 6px)",
};

/** A tentative-only day: hatching on a faint violet ground. */
export const TENTATIVE_ONLY_CLASS = "bg-violet-50 text-violet-950";

/** More than 8 h (spec §9): the destructive colour as a ring (text on phones), so the load colour stays visible. */
export const OVER_CLASS = "ring-2 ring-inset ring-destructive font-semibold";
