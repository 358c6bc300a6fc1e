import { cn } from "@/lib/cn";

/** The Agency Hub mark (same shape as the favicon), drawn inline so it costs no request. */
export function BrandMark({ className }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      aria-hidden="true"
      focusable="false"
      className={cn("size-7 shrink-0", className)}
    >
      <rect width="32" height="32" rx="7" className="fill-primary" />
      <path d="M9 23 16 8l7 15h-4l-3-7-3 7z" className="fill-primary-foreground" />
    </svg>
  );
}
