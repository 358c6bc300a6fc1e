import type { ReactNode } from "react";
import { formatDateTime, formatDetailDay } from "@domain/index";
import { cn } from "@/lib/cn";

/*
 * The parts every finance document page shares (purchase order, vendor bill, client invoice,
 * statement of work): a labelled fact of the header, a figure card, a step of the history.
 */

/** A labelled fact of a document's header (a <dt>/<dd> pair; the caller's <dl> holds them). */
export function Fact({
  label,
  children,
  className,
}: {
  label: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("min-w-0", className)}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="mt-0.5">{children}</dd>
    </div>
  );
}

/** A figure card (total, paid, outstanding…); `alert` draws it in the destructive colour. */
export function Figure({ label, value, alert }: { label: string; value: ReactNode; alert?: boolean }) {
  return (
    <div
      className={cn("min-w-0 rounded-xl border bg-card p-3", alert && "border-destructive/50")}
      data-figure={label}
    >
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className={cn("mt-1 truncate text-base font-semibold sm:text-lg", alert && "text-destructive")}>
        {value}
      </p>
    </div>
  );
}

/**
 * One step of a document's history: what happened, when, by whom. `when` is an ISO instant, or
 * with `day` a yyyy-MM-dd day (a signature's date, which has no time).
 */
export function HistoryStep({
  what,
  who,
  when,
  day = false,
}: {
  what: string;
  who: { name: string } | null;
  when: string;
  day?: boolean;
}) {
  return (
    <li>
      <span className="font-medium break-words">{what}</span>
      <span className="block text-xs text-muted-foreground">
        {day ? formatDetailDay(when) : formatDateTime(when)}
        {who ? ` · ${who.name}` : ""}
      </span>
    </li>
  );
}
