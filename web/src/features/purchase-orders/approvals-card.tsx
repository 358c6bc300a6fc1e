import { useState } from "react";
import { ClipboardCheck } from "lucide-react";
import { Link } from "react-router";
import { formatListDay } from "@domain/index";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { toast } from "@/components/ui/toaster";
import { Money } from "@/features/budgets/status-badge";
import { usePermissions } from "@/features/navigation/use-nav-data";
import { purchaseOrderHref, useApprovePurchaseOrder, usePurchaseOrderApprovals } from "./api";

/**
 * "Purchase orders waiting for approval" (PRODUCT.md → Purchase orders: a member approves up to
 * their purchasing limit): on the dashboard of owners, admins and anyone with a purchasing limit,
 * while something waits. Each PO says what it is for and costs; Approve when the caller may
 * (the server decides again), else the reason — above the limit, another currency. Members
 * without financial permission see no link to the PO page, which is not theirs to open.
 */
export function PurchaseOrderApprovalsCard({ today }: { today: string }) {
  const [page, setPage] = useState(1);
  const approvals = usePurchaseOrderApprovals(page);
  const approve = useApprovePurchaseOrder();
  const financial = usePermissions().canViewFinancials;
  const data = approvals.data;
  if (!data || data.total === 0) return null;

  return (
    <section
      aria-labelledby="po-approvals-title"
      data-testid="po-approvals"
      className="min-w-0 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h2
        id="po-approvals-title"
        className="flex items-center gap-2 text-sm font-semibold text-muted-foreground"
      >
        <ClipboardCheck aria-hidden className="size-4" />
        Purchase orders waiting for approval ({data.total})
      </h2>
      {data.purchasingLimitMinor !== null && !financial ? (
        <p className="mt-1 text-xs text-muted-foreground">
          You approve up to <Money value={data.purchasingLimitMinor} currency={data.currency} />.
        </p>
      ) : null}
      <ul className="mt-3 divide-y">
        {data.items.map((po) => (
          <li
            key={po.id}
            className="flex flex-wrap items-center gap-x-4 gap-y-2 py-2"
            data-testid="po-approval"
          >
            <div className="min-w-0 flex-1">
              <div className="flex flex-wrap items-baseline gap-x-2">
                {financial ? (
                  <Link to={purchaseOrderHref(po.id)} className="font-medium hover:underline">
                    {po.displayNumber}
                  </Link>
                ) : (
                  <span className="font-medium">{po.displayNumber}</span>
                )}
                <span className="truncate">{po.vendorName}</span>
              </div>
              <div className="truncate text-xs text-muted-foreground">
                {[po.projectName, po.description, formatListDay(po.orderDate, today)]
                  .filter(Boolean)
                  .join(" · ")}
              </div>
            </div>
            <Money value={po.amountMinor} currency={po.currency} className="font-medium" />
            {po.refusal === null ? (
              <Button
                size="sm"
                disabled={approve.isPending}
                onClick={() =>
                  approve.mutate(po.id, {
                    onSuccess: (next) =>
                      toast.success(`${next.displayNumber} approved`, { description: next.vendorName }),
                    onError: (error) => toast.error("Could not approve", { description: error.message }),
                  })
                }
              >
                Approve
              </Button>
            ) : (
              <p
                className="w-full text-xs text-muted-foreground sm:w-auto sm:max-w-xs"
                data-testid="po-approval-refusal"
              >
                {po.refusal}
              </p>
            )}
          </li>
        ))}
      </ul>
      {data.total > data.pageSize ? (
        <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
      ) : null}
    </section>
  );
}
