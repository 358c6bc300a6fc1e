import { cn } from "@/lib/cn";

const budgetRows = [
  { section: "Pre-production & wrap crew", estimate: "18,400", actual: "17,950", state: "under" },
  { section: "Shooting crew", estimate: "42,750", actual: "44,100", state: "over" },
  { section: "Equipment rental", estimate: "16,200", actual: "15,800", state: "under" },
  { section: "Editorial & finishing", estimate: "28,600", actual: "21,300", state: "open" },
] as const;

const load = [
  { initials: "MR", role: "Producer", percent: 86, tone: "bg-success" },
  { initials: "JS", role: "Editor", percent: 112, tone: "bg-destructive" },
  { initials: "AK", role: "Motion designer", percent: 64, tone: "bg-warning" },
] as const;

/**
 * A static, illustrative rendering of the product for the hero: a job's AICP budget with
 * estimate vs. actual, a PO and an invoice, and the week's workload. Pure markup, no images.
 */
export function HeroPreview({ className }: { className?: string }) {
  return (
    <div
      role="img"
      aria-label="Illustration of Agency Hub: a job's AICP budget with estimate and actual columns, an approved purchase order, a sent invoice and the team's workload for the week."
      className={cn("relative mx-auto w-full max-w-xl sm:mb-36 lg:max-w-none", className)}
    >
      <div className="overflow-hidden rounded-xl border bg-card shadow-2xl shadow-primary/10 ring-1 ring-black/5">
        <div className="flex items-center gap-2 border-b bg-muted/60 px-4 py-2.5">
          <span className="size-2.5 rounded-full bg-foreground/15" />
          <span className="size-2.5 rounded-full bg-foreground/15" />
          <span className="size-2.5 rounded-full bg-foreground/15" />
          <span className="ml-2 truncate text-xs text-muted-foreground">
            Projects / Post / Northwind Coffee
          </span>
        </div>

        <div className="space-y-4 p-4 sm:p-5">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <p className="text-[11px] font-medium tracking-wider text-muted-foreground uppercase">
                Job 24-118
              </p>
              <p className="truncate text-sm font-semibold sm:text-base">
                Spring launch :30 + three cutdowns
              </p>
            </div>
            <span className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-medium text-primary">
              In post
            </span>
          </div>

          <div className="flex gap-1 rounded-lg bg-muted p-1 text-xs font-medium text-muted-foreground">
            <span className="rounded-md bg-background px-2.5 py-1 text-foreground shadow-sm">
              AICP budget
            </span>
            <span className="px-2.5 py-1">POs</span>
            <span className="px-2.5 py-1">Invoices</span>
            <span className="hidden px-2.5 py-1 sm:inline">Team</span>
          </div>

          <div className="overflow-hidden rounded-lg border text-xs sm:text-[13px]">
            <div className="grid grid-cols-[1fr_auto_auto] gap-x-4 bg-muted/50 px-3 py-2 font-medium text-muted-foreground">
              <span>Section</span>
              <span className="w-16 text-right">Estimate</span>
              <span className="w-16 text-right">Actual</span>
            </div>
            {budgetRows.map((row) => (
              <div key={row.section} className="grid grid-cols-[1fr_auto_auto] gap-x-4 border-t px-3 py-2">
                <span className="truncate">{row.section}</span>
                <span className="w-16 text-right tabular-nums text-muted-foreground">{row.estimate}</span>
                <span
                  className={cn(
                    "w-16 text-right tabular-nums",
                    row.state === "over" && "font-medium text-destructive",
                    row.state === "open" && "text-muted-foreground italic",
                  )}
                >
                  {row.actual}
                </span>
              </div>
            ))}
            <div className="grid grid-cols-[1fr_auto_auto] gap-x-4 border-t bg-muted/30 px-3 py-2 font-semibold">
              <span>Total (USD)</span>
              <span className="w-16 text-right tabular-nums">105,950</span>
              <span className="w-16 text-right tabular-nums">99,150</span>
            </div>
          </div>

          <div className="grid gap-2 text-xs sm:grid-cols-2">
            <div className="flex items-center justify-between gap-2 rounded-lg border px-3 py-2">
              <span className="truncate">
                <span className="font-medium">PO-1042</span> · Camera package
              </span>
              <span className="shrink-0 rounded-md bg-success/12 px-1.5 py-0.5 font-medium text-[color-mix(in_oklab,var(--success)_62%,black)]">
                Approved
              </span>
            </div>
            <div className="flex items-center justify-between gap-2 rounded-lg border px-3 py-2">
              <span className="truncate">
                <span className="font-medium">INV-0318</span> · 50% deposit
              </span>
              <span className="shrink-0 rounded-md bg-primary/10 px-1.5 py-0.5 font-medium text-primary">
                Sent
              </span>
            </div>
          </div>
        </div>
      </div>

      <div className="mt-4 rounded-xl border bg-card p-4 shadow-xl shadow-primary/10 ring-1 ring-black/5 sm:absolute sm:top-[calc(100%-1rem)] sm:-left-6 sm:mt-0 sm:w-72">
        <p className="mb-3 text-xs font-semibold">This week&apos;s load</p>
        <div className="space-y-2.5">
          {load.map((person) => (
            <div key={person.initials} className="flex items-center gap-2.5 text-xs">
              <span className="flex size-6 shrink-0 items-center justify-center rounded-full bg-muted text-[10px] font-semibold text-muted-foreground">
                {person.initials}
              </span>
              <div className="min-w-0 flex-1">
                <div className="flex justify-between gap-2">
                  <span className="truncate">{person.role}</span>
                  <span className="tabular-nums text-muted-foreground">{person.percent}%</span>
                </div>
                <div className="mt-1 h-1.5 overflow-hidden rounded-full bg-muted">
                  <div
                    className={cn("h-full rounded-full", person.tone)}
                    style={{ width: `${Math.min(100, person.percent)}%` }}
                  />
                </div>
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
