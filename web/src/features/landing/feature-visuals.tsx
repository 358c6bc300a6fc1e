import { ArrowRight, FileSpreadsheet, FileText, Receipt, ShoppingCart } from "lucide-react";
import type * as React from "react";
import { cn } from "@/lib/cn";

/** A framed, decorative product vignette next to a feature's copy. */
function Vignette({
  label,
  title,
  children,
  className,
}: {
  label: string;
  title: string;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <div role="img" aria-label={label} className={cn("rounded-2xl border bg-muted/40 p-2 sm:p-3", className)}>
      <div className="rounded-xl border bg-card p-4 shadow-sm sm:p-5">
        <p className="mb-4 text-xs font-semibold tracking-wider text-muted-foreground uppercase">{title}</p>
        {children}
      </div>
    </div>
  );
}

const pipeline = [
  {
    stage: "Bid",
    jobs: [
      { name: "Harbor Bank · Brand film", meta: "Bid due Thu" },
      { name: "Lumen Skincare · Social kit", meta: "Awaiting specs" },
    ],
  },
  {
    stage: "Creative",
    jobs: [
      { name: "Northwind Coffee · :30 spot", meta: "Shoot Mar 12" },
      { name: "Kite Mobile · Key visuals", meta: "Boards v3" },
    ],
  },
  {
    stage: "Post",
    jobs: [
      { name: "Atlas Outdoor · Cutdowns", meta: "R2 notes · 3 open", flag: true },
      { name: "Fieldhouse · Launch video", meta: "Online Fri" },
    ],
  },
];

export function PipelineVisual() {
  return (
    <Vignette
      title="Projects by stage"
      label="Illustration: projects grouped into Bid, Creative and Post, with due dates and open revision notes."
    >
      <div className="grid gap-3 sm:grid-cols-3">
        {pipeline.map((column) => (
          <div key={column.stage} className="rounded-lg bg-muted/60 p-2.5">
            <div className="mb-2 flex items-center justify-between px-0.5 text-xs font-semibold">
              {column.stage}
              <span className="rounded-full bg-background px-1.5 text-[10px] text-muted-foreground">
                {column.jobs.length}
              </span>
            </div>
            <div className="space-y-2">
              {column.jobs.map((job) => (
                <div key={job.name} className="rounded-md border bg-card p-2.5 shadow-xs">
                  <p className="text-xs leading-snug font-medium">{job.name}</p>
                  <p
                    className={cn(
                      "mt-1.5 text-[11px]",
                      job.flag
                        ? "inline-block rounded bg-warning/15 px-1.5 py-0.5 font-medium text-[color-mix(in_oklab,var(--warning)_52%,black)]"
                        : "text-muted-foreground",
                    )}
                  >
                    {job.meta}
                  </p>
                </div>
              ))}
            </div>
          </div>
        ))}
      </div>
    </Vignette>
  );
}

const flow = [
  { icon: FileSpreadsheet, title: "AICP bid", detail: "Approved at $105,950" },
  { icon: ShoppingCart, title: "Purchase orders", detail: "12 issued to vendors" },
  { icon: Receipt, title: "Vendor bills", detail: "Matched to their POs" },
  { icon: FileText, title: "Client invoices", detail: "Deposit, progress, final" },
];

export function BudgetFlowVisual() {
  return (
    <Vignette
      title="One budget, end to end"
      label="Illustration: an approved AICP bid flows into purchase orders, vendor bills and client invoices, with committed and actual cost against the budget."
    >
      <ol className="space-y-2">
        {flow.map((step, index) => (
          <li key={step.title} className="flex items-center gap-3 rounded-lg border p-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-primary/10 text-primary">
              <step.icon className="size-4" aria-hidden="true" />
            </span>
            <span className="min-w-0 flex-1">
              <span className="block text-sm font-medium">{step.title}</span>
              <span className="block text-xs text-muted-foreground">{step.detail}</span>
            </span>
            {index < flow.length - 1 ? (
              <ArrowRight className="size-4 shrink-0 rotate-90 text-muted-foreground/60" aria-hidden="true" />
            ) : null}
          </li>
        ))}
      </ol>
      <div className="mt-5 space-y-1.5">
        <div className="flex justify-between text-xs">
          <span className="font-medium">Budget used</span>
          <span className="text-muted-foreground tabular-nums">Actual 58% · Committed 81%</span>
        </div>
        <div className="relative h-2 overflow-hidden rounded-full bg-muted">
          <div className="absolute inset-y-0 left-0 w-[81%] rounded-full bg-primary/30" />
          <div className="absolute inset-y-0 left-0 w-[58%] rounded-full bg-primary" />
        </div>
      </div>
    </Vignette>
  );
}

const rates = [
  { role: "Producer", internal: 65, client: 140 },
  { role: "Editor", internal: 70, client: 165 },
  { role: "Motion designer", internal: 60, client: 150 },
  { role: "Colorist", internal: 80, client: 195 },
];

const week = [
  { day: "Mon", hours: 7 },
  { day: "Tue", hours: 8 },
  { day: "Wed", hours: 10 },
  { day: "Thu", hours: 6 },
  { day: "Fri", hours: 4 },
];

export function RateCardVisual() {
  return (
    <Vignette
      title="Rate card · Standard 2026"
      label="Illustration: a rate card with internal cost rates and client billing rates per role, and one editor's booked hours for the week."
    >
      <div className="overflow-hidden rounded-lg border text-sm">
        <div className="grid grid-cols-[1fr_5rem_5rem] bg-muted/50 px-3 py-2 text-xs font-medium text-muted-foreground">
          <span>Role</span>
          <span className="text-right">Internal</span>
          <span className="text-right">Client</span>
        </div>
        {rates.map((rate) => (
          <div key={rate.role} className="grid grid-cols-[1fr_5rem_5rem] border-t px-3 py-2">
            <span className="truncate">{rate.role}</span>
            <span className="text-right text-muted-foreground tabular-nums">${rate.internal}/h</span>
            <span className="text-right font-medium tabular-nums">${rate.client}/h</span>
          </div>
        ))}
      </div>
      <div className="mt-5">
        <div className="mb-2 flex justify-between text-xs">
          <span className="font-medium">Editor · booked this week</span>
          <span className="text-muted-foreground">capacity 8h/day</span>
        </div>
        <div className="flex h-24 items-end gap-2">
          {week.map((d) => (
            <div key={d.day} className="flex flex-1 flex-col items-center gap-1">
              <div className="relative flex h-20 w-full items-end overflow-hidden rounded-md bg-muted">
                <div
                  className={cn(
                    "w-full rounded-md",
                    d.hours > 8 ? "bg-destructive" : d.hours >= 7 ? "bg-warning" : "bg-success",
                  )}
                  style={{ height: `${Math.min(100, (d.hours / 10) * 100)}%` }}
                />
                <div
                  className="absolute inset-x-0 border-t border-dashed border-foreground/30"
                  style={{ bottom: "80%" }}
                />
              </div>
              <span className="text-[11px] text-muted-foreground">{d.day}</span>
            </div>
          ))}
        </div>
      </div>
    </Vignette>
  );
}
