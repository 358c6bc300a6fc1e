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
