import type { ReactNode } from "react";
import { CalendarRange, Megaphone, User } from "lucide-react";
import { clampPercent, formatDetailDay, formatHours } from "@domain/index";
import type { ProjectHeader } from "./api";
import { hoursScopeLabel } from "./format";
import { StatusPill } from "@/components/status-pill";

/** Project header card (spec §2, §3 meta task): name, job code, % complete, status, client, dates, producer update. */
export function ProjectHeaderCard({ project: p, actions }: { project: ProjectHeader; actions?: ReactNode }) {
  return (
    <section aria-label="Project" className="rounded-xl border bg-card p-4 shadow-xs md:p-6">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-mono text-xs text-muted-foreground" data-testid="job-code">
            {p.jobCode}
          </p>
          <h1 className="mt-0.5 text-xl font-semibold tracking-tight md:text-2xl">{p.name}</h1>
          <div className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-muted-foreground">
            <span>
              Client:{" "}
              <span className="text-foreground" data-testid="client">
                {p.client ?? "—"}
              </span>
            </span>
            <span className="inline-flex items-center gap-1">
              <CalendarRange aria-hidden className="size-4" />
              <span data-testid="dates">
                {formatDetailDay(p.startDate)} – {formatDetailDay(p.endDate)}
              </span>
            </span>
            {p.producer ? (
              <span className="inline-flex items-center gap-1">
                <User aria-hidden className="size-4" /> {p.producer}
              </span>
            ) : null}
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-2">
          {actions}
          <StatusPill status={p.status} rule="project" className="text-sm" />
        </div>
      </div>

      <div className="mt-4">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 text-sm">
          <span className="font-medium whitespace-nowrap">
            <span data-testid="percent-complete">{p.percentComplete}%</span> complete
          </span>
          <span className="text-muted-foreground tabular-nums" data-testid="hours">
            {formatHours(p.loggedHours)} logged of {formatHours(p.estimatedHours)} estimated
            {hoursScopeLabel(p)}
          </span>
        </div>
        <div
          role="progressbar"
          aria-label="Percent complete"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={clampPercent(p.percentComplete)}
          className="mt-2 h-2 overflow-hidden rounded-full bg-muted"
        >
          <div
            className={p.percentComplete > 100 ? "h-full bg-destructive" : "h-full bg-primary"}
            style={{ width: `${clampPercent(p.percentComplete)}%` }}
          />
        </div>
      </div>

      <div className="mt-4 rounded-lg border border-dashed bg-muted/30 p-3">
        <p className="flex items-center gap-1.5 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
          <Megaphone aria-hidden className="size-3.5" /> Producer Update
        </p>
        <p className="mt-1 text-sm whitespace-pre-line" data-testid="producer-update">
          {p.statusUpdate ?? "No producer update yet."}
        </p>
      </div>
    </section>
  );
}
