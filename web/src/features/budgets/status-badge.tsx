import type { BudgetStatus } from "@domain/budget-lifecycle";
import { formatMoney, type MinorUnits } from "@domain/money";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { cn } from "@/lib/cn";
import { STATUS_LABEL } from "./figures";

const VARIANT: Record<BudgetStatus, BadgeProps["variant"]> = {
  draft: "outline",
  submitted: "warning",
  approved: "success",
  superseded: "secondary",
  closed: "secondary",
};

/** A budget's (or a revision's) status as a badge. */
export function BudgetStatusBadge({ status }: { status: BudgetStatus }) {
  return (
    <Badge variant={VARIANT[status]} data-status={status}>
      {STATUS_LABEL[status]}
    </Badge>
  );
}

/** An amount right-aligned in tabular figures. */
export function Money({
  value,
  currency,
  className,
}: {
  value: MinorUnits;
  currency: string;
  className?: string;
}) {
  return (
    <span className={cn("tabular-nums whitespace-nowrap", className)}>{formatMoney(value, currency)}</span>
  );
}

/** Estimate − actual: red and marked "over" when negative (over budget). */
export function Variance({ value, currency }: { value: MinorUnits; currency: string }) {
  const over = value < 0;
  return (
    <span
      className={cn("tabular-nums whitespace-nowrap", over && "font-medium text-destructive")}
      data-over={over ? "true" : undefined}
    >
      {formatMoney(value, currency)}
      {over ? <span className="sr-only"> (over budget)</span> : null}
    </span>
  );
}
