import { formatStatusText, projectPageStatusColor } from "@domain/index";
import { cn } from "@/lib/cn";

const COLOR_CLASS = {
  green: "border-green-200 bg-green-100 text-green-800",
  yellow: "border-yellow-200 bg-yellow-100 text-yellow-800",
  gray: "border-gray-200 bg-gray-100 text-gray-700",
  blue: "border-blue-200 bg-blue-100 text-blue-800",
} as const;

/** Project page status badge (spec §4): colour by keyword, text capitalised with underscores as spaces. */
export function StatusBadge({
  status,
  className,
}: {
  status: string | null | undefined;
  className?: string;
}) {
  if (!status) return null;
  const color = projectPageStatusColor(status);
  return (
    <span
      data-color={color}
      data-testid="status-badge"
      className={cn(
        "inline-flex w-fit items-center rounded-md border px-2 py-0.5 text-xs font-medium whitespace-nowrap",
        COLOR_CLASS[color],
        className,
      )}
    >
      {formatStatusText(status)}
    </span>
  );
}
