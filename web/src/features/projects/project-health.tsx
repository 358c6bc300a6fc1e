import { clampPercent, formatHours } from "@domain/index";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/features/app-shell/page";
import { cn } from "@/lib/cn";
import { useProjectHealth } from "./api";
import { hoursScopeCaption } from "./format";

/** Project health (/reports; the mobile Table view): estimated against logged hours per assignee. */
export function ProjectHealth({ projectId }: { projectId: string }) {
  const health = useProjectHealth(projectId);
  if (health.isPending) return <Skeleton className="h-48 w-full rounded-xl" />;
  if (health.isError)
    return <EmptyState title="Could not load the project health">{health.error.message}</EmptyState>;
  const { rows, totals } = health.data;
  if (rows.length === 0) {
    return (
      <EmptyState title="No estimates or time yet">
        Estimates of assigned tasks and logged time appear here per person.
      </EmptyState>
    );
  }
  return (
    <section aria-label="Project health" className="rounded-xl border bg-card">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b p-4">
        <h2 className="font-semibold">Estimated vs logged hours</h2>
        <p className="text-xs text-muted-foreground">
          {hoursScopeCaption(health.data)} · revenue columns appear once rate cards are set up
        </p>
      </header>
      <ScrollRegion label="Estimated vs logged hours">
        <table className="w-full text-sm">
          <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
            <tr>
              <th className="px-3 py-2 font-medium">Assignee</th>
              <th className="px-3 py-2 text-right font-medium">Tasks</th>
              <th className="px-3 py-2 text-right font-medium">Estimated</th>
              <th className="px-3 py-2 text-right font-medium">Logged</th>
              <th className="px-3 py-2 text-right font-medium">Variance</th>
              <th className="px-3 py-2 font-medium">Used</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.assigneeId} className="border-t" data-testid="health-row">
                <td className="px-3 py-2 font-medium">{r.name}</td>
                <td className="px-3 py-2 text-right tabular-nums">{r.taskCount}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatHours(r.estimatedHours)}</td>
                <td className="px-3 py-2 text-right tabular-nums">{formatHours(r.loggedHours)}</td>
                <td
                  className={cn(
                    "px-3 py-2 text-right tabular-nums",
                    r.varianceHours > 0 ? "text-destructive" : "text-muted-foreground",
                  )}
                >
                  {r.varianceHours > 0 ? "+" : ""}
                  {formatHours(r.varianceHours)}
                </td>
                <td className="px-3 py-2">
                  <UsedBar percent={r.percentUsed} />
                </td>
              </tr>
            ))}
          </tbody>
          <tfoot className="border-t bg-muted/30 font-medium">
            <tr>
              <td className="px-3 py-2">Project total</td>
              <td />
              <td className="px-3 py-2 text-right tabular-nums">{formatHours(totals.estimatedHours)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{formatHours(totals.loggedHours)}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {totals.varianceHours > 0 ? "+" : ""}
                {formatHours(totals.varianceHours)}
              </td>
              <td className="px-3 py-2">
                <UsedBar percent={totals.percentUsed} />
              </td>
            </tr>
          </tfoot>
        </table>
      </ScrollRegion>
    </section>
  );
}

function UsedBar({ percent }: { percent: number }) {
  return (
    <div className="flex items-center gap-2">
      <div className="h-1.5 w-20 overflow-hidden rounded-full bg-muted">
        <div
          className={cn(
            "h-full",
            percent > 100 ? "bg-destructive" : percent > 85 ? "bg-amber-500" : "bg-primary",
          )}
          style={{ width: `${clampPercent(percent)}%` }}
        />
      </div>
      <span className="w-10 text-xs tabular-nums">{percent}%</span>
    </div>
  );
}
