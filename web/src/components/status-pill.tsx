import { dashboardStatusColor, formatStatusText, projectPageStatusColor } from "@domain/index";
import type { StatusColor } from "@domain/status";
import { cn } from "@/lib/cn";

const COLOR_CLASS: Record<StatusColor, string> = {
  green: "border-green-200 bg-green-100 text-green-800",
  blue: "border-blue-200 bg-blue-100 text-blue-800",
  orange: "border-orange-200 bg-orange-100 text-orange-800",
  purple: "border-purple-200 bg-purple-100 text-purple-800",
  red: "border-red-200 bg-red-100 text-red-800",
  yellow: "border-yellow-200 bg-yellow-100 text-yellow-800",
  gray: "border-gray-200 bg-gray-100 text-gray-700",
};

/**
 * Spec §4 gives two colour rules for the same status text: the dashboard's (green, blue, orange,
 * purple, red, gray) and the project page's (green, yellow, gray, blue). Each screen keeps its own
 * look: the dashboard's compact pill, the project page's badge.
 */
const RULES = {
  dashboard: {
    color: dashboardStatusColor,
    testId: "status-pill",
    className: "max-w-full truncate px-1.5 py-0.5 text-[11px] leading-none font-medium",
  },
  project: {
    color: projectPageStatusColor,
    testId: "status-badge",
    className: "px-2 py-0.5 text-xs font-medium whitespace-nowrap",
  },
} as const;

export type StatusColorRule = keyof typeof RULES;

/** A task or project status, coloured by keyword after the screen's rule; the text capitalised with underscores as spaces. */
export function StatusPill({
  status,
  rule,
  className,
}: {
  status: string | null | undefined;
  rule: StatusColorRule;
  className?: string;
}) {
  if (!status) return null;
  const { color: colorOf, testId, className: ruleClass } = RULES[rule];
  const color = colorOf(status);
  return (
    <span
      data-color={color}
      data-testid={testId}
      className={cn(
        "inline-flex w-fit items-center rounded-md border",
        ruleClass,
        COLOR_CLASS[color],
        className,
      )}
    >
      {formatStatusText(status)}
    </span>
  );
}
