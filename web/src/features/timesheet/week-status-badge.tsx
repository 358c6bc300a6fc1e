import { Clock, Lock, Undo2 } from "lucide-react";
import { TIMESHEET_WEEK_STATUS_LABELS, type TimesheetWeekStatus } from "@domain/index";
import { Badge, type BadgeProps } from "@/components/ui/badge";
import { cn } from "@/lib/cn";

const VARIANT: Record<TimesheetWeekStatus, BadgeProps["variant"]> = {
  open: "outline",
  submitted: "warning",
  approved: "success",
  rejected: "destructive",
};

/** A timesheet week's approval status: 'Not submitted', 'Submitted', 'Approved' or 'Rejected'. */
export function WeekStatusBadge({
  status,
  className,
  context,
}: {
  status: TimesheetWeekStatus;
  className?: string;
  /** Read before the label by screen readers ('Timesheet of this week:'). */
  context?: string;
}) {
  return (
    <Badge
      variant={VARIANT[status]}
      data-testid="week-status"
      data-status={status}
      className={cn(status === "open" && "font-normal text-muted-foreground", className)}
    >
      <WeekStatusIcon status={status} />
      {context ? <span className="sr-only">{context} </span> : null}
      {TIMESHEET_WEEK_STATUS_LABELS[status]}
    </Badge>
  );
}

/** The status's icon (decorative: the label or an accessible name says it). */
export function WeekStatusIcon({ status, className }: { status: TimesheetWeekStatus; className?: string }) {
  const props = { "aria-hidden": true, className } as const;
  if (status === "approved") return <Lock {...props} />;
  if (status === "submitted") return <Clock {...props} />;
  if (status === "rejected") return <Undo2 {...props} />;
  return null;
}
