import { Diamond } from "lucide-react";
import { formatAxisMonth, formatDetailDay, formatListDay, toDate } from "@domain/index";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/features/app-shell/page";
import { cn } from "@/lib/cn";
import { useProjectTimeline, type TimelineItem } from "./api";
import { StatusPill } from "@/components/status-pill";

const DAY = 86_400_000;

function range(item: TimelineItem): [number, number] {
  const start = toDate(item.startDate)?.getTime();
  const due = toDate(item.dueDate)?.getTime();
  const a = start ?? due ?? 0;
  const b = due ?? start ?? 0;
  return [Math.min(a, b), Math.max(a, b)];
}

/** The project's milestones and tasks laid out by date (/calendar). */
export function ProjectTimeline({ projectId }: { projectId: string }) {
  const timeline = useProjectTimeline(projectId);
  if (timeline.isPending) return <Skeleton className="h-64 w-full rounded-xl" />;
  if (timeline.isError)
    return <EmptyState title="Could not load the timeline">{timeline.error.message}</EmptyState>;
  const items = timeline.data.items;
  if (items.length === 0) {
    return (
      <EmptyState title="Nothing scheduled yet">
        Milestones and tasks with a start or due date appear on the timeline.
      </EmptyState>
    );
  }
  const spans = items.map(range);
  const min = Math.min(...spans.map((s) => s[0]));
  const max = Math.max(...spans.map((s) => s[1])) + DAY;
  const width = Math.max(max - min, DAY);
  const pos = (t: number) => ((t - min) / width) * 100;
  const today = Date.now();
  const months: { label: string; left: number }[] = [];
  const cursor = new Date(min);
  cursor.setUTCDate(1);
  months.push({ label: formatAxisMonth(min), left: 0 });
  cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  while (cursor.getTime() < max) {
    if (pos(cursor.getTime()) < 92)
      months.push({ label: formatAxisMonth(cursor), left: pos(cursor.getTime()) });
    cursor.setUTCMonth(cursor.getUTCMonth() + 1);
  }

  return (
    <section aria-label="Timeline" className="rounded-xl border bg-card">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b p-4">
        <h2 className="font-semibold">Timeline</h2>
        <p className="text-xs text-muted-foreground">
          {formatDetailDay(min)} – {formatDetailDay(max - DAY)} · {items.length} dated items
          {timeline.data.truncated ? " (first 500)" : ""}
        </p>
      </header>
      <ScrollRegion label="Timeline">
        <div className="min-w-[720px]">
          <div className="relative ml-[40%] h-7 border-b text-[11px] text-muted-foreground md:ml-[32%]">
            {months.map((m) => (
              <span key={m.label} className="absolute top-1.5 border-l pl-1" style={{ left: `${m.left}%` }}>
                {m.label}
              </span>
            ))}
          </div>
          <ul>
            {items.map((item, i) => {
              const [a, b] = spans[i]!;
              const isMilestone = item.milestoneType !== null;
              return (
                <li
                  key={item.id}
                  className="flex items-center border-b last:border-0"
                  data-testid="timeline-item"
                >
                  <div className="w-[40%] min-w-0 px-3 py-2 md:w-[32%]">
                    <p className={cn("truncate text-sm", isMilestone && "font-medium")}>{item.name}</p>
                    <div className="mt-0.5 flex items-center gap-2 text-[11px] text-muted-foreground">
                      <span>{item.typeLabel}</span>
                      <span>{formatListDay(item.dueDate ?? item.startDate, today)}</span>
                      {item.isOverdue ? <span className="font-medium text-destructive">Overdue</span> : null}
                    </div>
                  </div>
                  <div className="relative h-9 flex-1">
                    {today >= min && today <= max ? (
                      <div
                        aria-hidden
                        className="absolute inset-y-0 w-px bg-primary/40"
                        style={{ left: `${pos(today)}%` }}
                      />
                    ) : null}
                    {isMilestone ? (
                      <Diamond
                        aria-label={`${item.milestoneType} ${formatDetailDay(item.dueDate ?? item.startDate)}`}
                        className="absolute top-1/2 size-4 -translate-x-1/2 -translate-y-1/2 fill-amber-400 text-amber-600"
                        style={{ left: `${pos(b)}%` }}
                      />
                    ) : (
                      <div
                        title={`${formatDetailDay(a)} – ${formatDetailDay(b)}`}
                        className={cn(
                          "absolute top-1/2 h-3 -translate-y-1/2 rounded-full",
                          item.isOverdue ? "bg-destructive/70" : "bg-primary/60",
                        )}
                        style={{ left: `${pos(a)}%`, width: `max(6px, ${((b + DAY - a) / width) * 100}%)` }}
                      />
                    )}
                  </div>
                  <div className="hidden w-32 px-2 text-right lg:block">
                    <StatusPill status={item.status} rule="project" />
                  </div>
                </li>
              );
            })}
          </ul>
        </div>
      </ScrollRegion>
    </section>
  );
}
