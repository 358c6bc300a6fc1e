import type { ReactNode } from "react";
import { formatHours, msToHours } from "@domain/index";
import { formatMoney, UNPRICED_LABEL } from "@domain/money";
import { cn } from "@/lib/cn";

/** Hours of milliseconds by spec §9 ("7.5h"). */
export const hoursText = (ms: number) => formatHours(msToHours(ms));

/** Basis points as a percentage with one decimal ("27.8 %"); "—" without capacity. */
export const percentText = (bp: number | null) => (bp === null ? "—" : `${(bp / 100).toFixed(1)} %`);

/**
 * Money of a report cell: the sum of the priced entries, "Unpriced" when none of them has a rate
 * (never 0), and how many hours are left unpriced beside a partly priced sum.
 */
export function MoneyCell({
  value,
  unpricedMs,
  currency,
}: {
  value: number | null;
  unpricedMs: number;
  currency: string;
}) {
  if (value === null)
    return <span className="font-medium text-amber-800 dark:text-amber-300">{UNPRICED_LABEL}</span>;
  return (
    <span className="whitespace-nowrap">
      {formatMoney(value, currency)}
      {unpricedMs > 0 ? (
        <span
          className="ml-1 text-xs text-amber-800 dark:text-amber-300"
          title="Hours without a rate are not priced"
        >
          +{hoursText(unpricedMs)} unpriced
        </span>
      ) : null}
    </span>
  );
}

/**
 * A figure that opens the rows behind it (PRODUCT.md: every figure can be opened). Its name is the
 * figure then what it opens ("4.0h (Time entries of Acme)"), so the visible text is part of it.
 */
export function FigureButton({
  label,
  onOpen,
  children,
  className,
}: {
  /** What the rows are ("Time entries of Acme"), read after the figure. */
  label: string;
  onOpen: () => void;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button
      type="button"
      onClick={onOpen}
      className={cn(
        "cursor-pointer rounded-sm tabular-nums underline decoration-dotted underline-offset-4 hover:decoration-solid focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
        className,
      )}
    >
      {children}
      <span className="sr-only"> ({label})</span>
    </button>
  );
}

/** A week (its Monday, ISO day) as "Mar 3". */
export const weekLabel = (week: string) =>
  new Date(`${week}T00:00:00Z`).toLocaleDateString("en-US", {
    month: "short",
    day: "numeric",
    timeZone: "UTC",
  });
