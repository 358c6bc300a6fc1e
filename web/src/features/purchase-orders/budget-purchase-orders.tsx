import { useState } from "react";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { Money } from "@/features/budgets/status-badge";
import { purchaseOrderHref, usePurchaseOrderList } from "./api";
import { NewPurchaseOrderDialog } from "./new-purchase-order-dialog";
import { PurchaseOrderStatusBadge } from "./status-badge";

const SHOWN = 10;

/**
 * The budget page's purchase orders: its latest POs (number, vendor, status, amount, committed),
 * the totals of all of them from the list API, a link to the whole filtered list and "Raise PO"
 * while the budget has an approved working revision and is open.
 */
export function BudgetPurchaseOrders({ budgetId, orderable }: { budgetId: string; orderable: boolean }) {
  const [raising, setRaising] = useState(false);
  const list = usePurchaseOrderList(
    `budgetId=${encodeURIComponent(budgetId)}&sort=number&dir=desc&pageSize=${SHOWN}`,
  );
  const all = `/finance/purchase-orders?budgetId=${encodeURIComponent(budgetId)}`;
  return (
    <Card data-testid="budget-purchase-orders">
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-2">
        <h2 className="font-semibold">Purchase orders</h2>
        {orderable ? (
          <Button size="sm" onClick={() => setRaising(true)}>
            <Plus aria-hidden /> Raise PO
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-3 text-sm">
        {list.isPending ? (
          <Skeleton className="h-16" />
        ) : list.isError ? (
          <p role="alert" className="text-destructive">
            {list.error.message}
          </p>
        ) : list.data.items.length === 0 ? (
          <p className="text-muted-foreground">
            No purchase orders yet.{" "}
            {orderable
              ? "Raise one from this budget's lines; once approved, its amount is committed on them."
              : "They can be raised once the budget is approved."}
          </p>
        ) : (
          <>
            <ul className="divide-y rounded-md border">
              {list.data.items.map((po) => (
                <li key={po.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-3 py-2">
                  <Link to={purchaseOrderHref(po.id)} className="font-medium tabular-nums hover:underline">
                    {po.displayNumber}
                  </Link>
                  <span className="min-w-0 flex-1 truncate">{po.vendorName}</span>
                  <PurchaseOrderStatusBadge status={po.status} />
                  <span className="w-28 text-right tabular-nums">
                    <Money value={po.amountMinor} currency={po.currency} />
                  </span>
                </li>
              ))}
            </ul>
            {list.data.totals.map((t) => (
              <p key={t.currency} className="text-muted-foreground" data-testid="budget-po-totals">
                {t.count} purchase order{t.count === 1 ? "" : "s"}:{" "}
                <Money value={t.amountMinor} currency={t.currency} /> ordered,{" "}
                <Money value={t.committedMinor} currency={t.currency} /> committed,{" "}
                <Money value={t.billedMinor} currency={t.currency} /> billed.
              </p>
            ))}
            {list.data.total > list.data.items.length ? (
              <Link to={all} className="font-medium hover:underline">
                All {list.data.total} purchase orders of this budget
              </Link>
            ) : null}
          </>
        )}
      </CardContent>
      <NewPurchaseOrderDialog open={raising} onOpenChange={setRaising} budgetId={budgetId} />
    </Card>
  );
}
