import { dashboardStatusColor, formatStatusText } from "@domain/index";
import { cn } from "@/lib/cn";

const COLOR_CLASS = {
  green: "border-green-200 bg-green-100 text-green-800",
  blue: "border-blue-200 bg-blue-100 text-blue-800",
  orange: "border-orange-200 bg-orange-100 text-orange-800",
  purple: "border-purple-200 bg-purple-100 text-purple-800",
  red: "border-red-200 bg-red-100 text-red-800",
  gray: "border-gray-200 bg-gray-100 text-gray-700",
} as const;

/** Dashboard status colour by keyword (spec §4). */
export function StatusPill({ status, className }: { status: string; className?: string }) {
  if (!status) return null;
  const color = dashboardStatusColor(status);
  return (
    <span
      data-color={color}
      data-testid="status-pill"
      className={cn(
        "inline-flex w-fit max-w-full items-center truncate rounded-md border px-1.5 py-0.5 text-[11px] leading-none font-medium",
        COLOR_CLASS[color],
        className,
      )}
    >
      {formatStatusText(status)}
    </span>
  );
}

/** 'MMM d, yyyy' of a UTC calendar day. */
export function formatDay(iso: string | null): string {
  if (!iso) return "No due date";
  return new Intl.DateTimeFormat("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date(iso));
}
