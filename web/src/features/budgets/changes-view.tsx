import { formatMoney } from "@domain/money";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useRevisionDiff, type BudgetDetail } from "./api";
import { revisionName } from "./figures";

const KIND_LABEL = { added: "Added", removed: "Removed", changed: "Changed" } as const;
const KIND_VARIANT = { added: "success", removed: "destructive", changed: "warning" } as const;

function signed(amount: number, currency: string): string {
  return `${amount > 0 ? "+" : ""}${formatMoney(amount, currency)}`;
}

/** A change order's lines against the last approved revision: added, removed, changed (before → after). */
export function ChangesView({ budget }: { budget: BudgetDetail }) {
  const number = budget.revision.number;
  const diff = useRevisionDiff(budget.id, number, number > 0);
  const currency = budget.currency;
  if (number === 0) return null;
  return (
    <section aria-labelledby="changes-heading" className="space-y-3" data-testid="changes">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="changes-heading" className="text-lg font-semibold">
          Changes
        </h2>
        {diff.data ? (
          <p className="text-sm text-muted-foreground">
            {revisionName(number)} against{" "}
            {diff.data.againstRevisionNumber === null
              ? "nothing approved"
              : revisionName(diff.data.againstRevisionNumber)}
            : estimate{" "}
            <span className="font-medium text-foreground tabular-nums">
              {signed(diff.data.estimateDelta, currency)}
            </span>
            {diff.data.totals.before ? (
              <>
                {" "}
                · grand total {formatMoney(diff.data.totals.before.grandTotal, currency)} →{" "}
                {formatMoney(diff.data.totals.after.grandTotal, currency)}
              </>
            ) : null}
          </p>
        ) : null}
      </div>
      {diff.isPending ? (
        <Skeleton className="h-20" />
      ) : diff.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {diff.error.message}
        </p>
      ) : diff.data.changes.length === 0 ? (
        <p className="rounded-md border border-dashed p-3 text-sm text-muted-foreground">
          No line differs from {revisionName(diff.data.againstRevisionNumber ?? 0)} yet. Edit lines below;
          each change is listed here.
        </p>
      ) : (
        <div className="relative overflow-x-auto rounded-lg border [contain:inline-size]">
          <table className="w-full text-sm" aria-label="Changes">
            <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Change
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Line
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  Before
                </th>
                <th scope="col" className="px-2 py-1.5 font-medium">
                  After
                </th>
                <th scope="col" className="px-2 py-1.5 text-right font-medium">
                  Estimate change
                </th>
              </tr>
            </thead>
            <tbody>
              {diff.data.changes.map((c) => (
                <tr key={c.key} className="border-t align-top" data-kind={c.kind}>
                  <td className="px-2 py-1.5">
                    <Badge variant={KIND_VARIANT[c.kind]}>{KIND_LABEL[c.kind]}</Badge>
                  </td>
                  <td className="px-2 py-1.5 whitespace-nowrap">
                    {c.section} {c.number}
                  </td>
                  {(["before", "after"] as const).map((side) => {
                    const line = c[side];
                    return (
                      <td key={side} className="px-2 py-1.5">
                        {line ? (
                          <div
                            className={cn(
                              side === "before" && c.kind === "changed" && "text-muted-foreground",
                            )}
                          >
                            <div>
                              {line.description || (
                                <span className="text-muted-foreground">No description</span>
                              )}
                            </div>
                            <div className="tabular-nums">{formatMoney(line.estimate, currency)}</div>
                            {line.notes ? (
                              <div className="text-xs text-muted-foreground">{line.notes}</div>
                            ) : null}
                          </div>
                        ) : (
                          <span className="text-muted-foreground">—</span>
                        )}
                      </td>
                    );
                  })}
                  <td
                    className={cn(
                      "px-2 py-1.5 text-right tabular-nums whitespace-nowrap",
                      c.estimateDelta > 0 && "text-destructive",
                    )}
                  >
                    {signed(c.estimateDelta, currency)}
                    {c.kind === "changed" ? (
                      <div className="text-xs text-muted-foreground">{c.fields.join(", ")}</div>
                    ) : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
