import { useState } from "react";
import { Download, Plus, Search } from "lucide-react";
import { Link } from "react-router";
import { formatListDay } from "@domain/index";
import { PURCHASE_ORDER_STATUS_LABEL, PURCHASE_ORDER_STATUSES } from "@domain/purchase-orders";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { EmptyState, Page } from "@/features/app-shell/page";
import { useBudgetList } from "@/features/budgets/api";
import { Money } from "@/features/budgets/status-badge";
import { SELECT_CLASS } from "@/features/settings/form-fields";
import { cn } from "@/lib/cn";
import { useListUrlState } from "@/lib/list-url-state";
import {
  purchaseOrderExportHref,
  purchaseOrderHref,
  usePurchaseOrderList,
  useVendorList,
  type PurchaseOrderListItem,
  type PurchaseOrderListResponse,
  type PurchaseOrderSortKey,
} from "./api";
import { OPEN_STATUSES } from "./figures";
import { NewPurchaseOrderDialog } from "./new-purchase-order-dialog";
import { PurchaseOrderStatusBadge } from "./status-badge";
import { VendorsPanel } from "./vendors-panel";
import { SortHeader } from "@/components/sort-header";

const SORTS: { value: `${PurchaseOrderSortKey}:${"asc" | "desc"}`; label: string }[] = [
  { value: "number:desc", label: "Number (newest first)" },
  { value: "number:asc", label: "Number (oldest first)" },
  { value: "orderDate:desc", label: "Order date (latest first)" },
  { value: "orderDate:asc", label: "Order date (earliest first)" },
  { value: "amount:desc", label: "Amount (highest first)" },
  { value: "amount:asc", label: "Amount (lowest first)" },
  { value: "vendor:asc", label: "Vendor (A–Z)" },
  { value: "status:asc", label: "Status" },
  { value: "updatedAt:desc", label: "Last changed" },
];

const OPEN_FILTER = OPEN_STATUSES.join(",");

/**
 * Purchase orders (/finance/purchase-orders): every PO with vendor, budget, date, status,
 * amount, billed and committed; the totals of everything filtered (the server's); filters, sort
 * and page in the URL; the CSV is the server's export of exactly the same query. The Vendors tab
 * keeps the suppliers POs are made out to.
 */
export function PurchaseOrdersListPage() {
  const { params, update } = useListUrlState();
  const tab = params.get("tab") === "vendors" ? "vendors" : "orders";
  const [creating, setCreating] = useState(false);

  return (
    <Page
      title="Purchase Orders"
      description="Money committed to vendors, raised from approved budget lines."
      actions={
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> New purchase order
        </Button>
      }
    >
      <Tabs
        value={tab}
        onValueChange={(next) => update({ tab: next === "vendors" ? "vendors" : null }, false)}
      >
        <TabsList aria-label="Purchase orders or vendors" className="mb-2">
          <TabsTrigger value="orders">Purchase orders</TabsTrigger>
          <TabsTrigger value="vendors">Vendors</TabsTrigger>
        </TabsList>
        <TabsContent value="orders">
          {tab === "orders" ? <OrdersList onCreate={() => setCreating(true)} /> : null}
        </TabsContent>
        <TabsContent value="vendors">{tab === "vendors" ? <VendorsPanel /> : null}</TabsContent>
      </Tabs>
      <NewPurchaseOrderDialog open={creating} onOpenChange={setCreating} />
    </Page>
  );
}

function OrdersList({ onCreate }: { onCreate: () => void }) {
  const { params, update, search, setSearch } = useListUrlState();
  const query = new URLSearchParams(params);
  query.delete("tab");
  const list = usePurchaseOrderList(query.toString());
  const vendors = useVendorList("archived=all&sort=name&dir=asc&pageSize=200");
  const budgets = useBudgetList("sort=name&dir=asc&pageSize=200");
  const data = list.data;
  const sort = (params.get("sort") as PurchaseOrderSortKey | null) ?? "number";
  const dir = params.get("dir") === "asc" ? "asc" : "desc";
  const status = params.get("status") ?? "";
  const vendorId = params.get("vendorId") ?? "";
  const budgetId = params.get("budgetId") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const filtered = Boolean(status || vendorId || budgetId || from || to || params.get("search"));
  const today = new Date().toISOString().slice(0, 10);

  const toggleSort = (key: PurchaseOrderSortKey) =>
    update({ sort: key, dir: sort === key && dir === "desc" ? "asc" : "desc" }, false);

  return (
    <div className="space-y-4">
      <div className="flex flex-col gap-3">
        <div className="flex flex-col gap-2 sm:flex-row sm:items-center">
          <div className="relative sm:w-80">
            <Search
              aria-hidden
              className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              type="search"
              aria-label="Search purchase orders"
              placeholder="Search number, vendor or description…"
              className="pl-9"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
            />
          </div>
          <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
            {data
              ? `${data.total} purchase order${data.total === 1 ? "" : "s"}${filtered ? (data.total === 1 ? " matches" : " match") : ""}`
              : null}
          </p>
          <Button asChild variant="outline" size="sm">
            <a href={purchaseOrderExportHref(params)} download>
              <Download aria-hidden /> Export CSV
            </a>
          </Button>
        </div>
        <div className="grid grid-cols-2 gap-2 md:grid-cols-3 xl:grid-cols-6">
          <select
            aria-label="Status"
            className={SELECT_CLASS}
            value={status}
            onChange={(e) => update({ status: e.target.value || null })}
          >
            <option value="">All statuses</option>
            <option value={OPEN_FILTER}>Open (not billed or cancelled)</option>
            {PURCHASE_ORDER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {PURCHASE_ORDER_STATUS_LABEL[s]}
              </option>
            ))}
            {status &&
            status !== OPEN_FILTER &&
            !status.split(",").every((s) => s in PURCHASE_ORDER_STATUS_LABEL) ? (
              <option value={status}>{status}</option>
            ) : null}
          </select>
          <select
            aria-label="Vendor"
            className={SELECT_CLASS}
            value={vendorId}
            onChange={(e) => update({ vendorId: e.target.value || null })}
          >
            <option value="">All vendors</option>
            {(vendors.data?.items ?? []).map((v) => (
              <option key={v.id} value={v.id}>
                {v.name}
                {v.archived ? " (archived)" : ""}
              </option>
            ))}
          </select>
          <select
            aria-label="Budget"
            className={cn(SELECT_CLASS, "col-span-2 md:col-span-1")}
            value={budgetId}
            onChange={(e) => update({ budgetId: e.target.value || null })}
          >
            <option value="">All budgets</option>
            {(budgets.data?.items ?? []).map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
          <Input
            type="date"
            aria-label="Order date from"
            value={from}
            max={to || undefined}
            onChange={(e) => update({ from: e.target.value || null })}
          />
          <Input
            type="date"
            aria-label="Order date to"
            value={to}
            min={from || undefined}
            onChange={(e) => update({ to: e.target.value || null })}
          />
          <select
            aria-label="Sort by"
            className={cn(SELECT_CLASS, "col-span-2 md:col-span-1")}
            value={`${sort}:${dir}`}
            onChange={(e) => {
              const [key, d] = e.target.value.split(":");
              update({ sort: key ?? null, dir: d ?? null }, false);
            }}
          >
            {SORTS.some((o) => o.value === `${sort}:${dir}`) ? null : (
              <option value={`${sort}:${dir}`}>Custom order</option>
            )}
            {SORTS.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      </div>

      {list.isPending ? (
        <div className="space-y-2">
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} className="h-11 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState title="Could not load purchase orders">{list.error.message}</EmptyState>
      ) : data && data.total === 0 ? (
        filtered ? (
          <EmptyState title="No purchase orders match">Try another search or clear the filters.</EmptyState>
        ) : (
          <EmptyState title="No purchase orders yet">
            Raise one from an approved budget: choose New purchase order, pick the budget, tick the lines you
            are ordering and the vendor, then submit it for approval.
            <div className="mt-4">
              <Button size="sm" onClick={onCreate}>
                <Plus aria-hidden /> New purchase order
              </Button>
            </div>
          </EmptyState>
        )
      ) : data ? (
        <>
          <div
            className={cn(
              "relative hidden overflow-x-auto rounded-xl border bg-card md:block",
              list.isPlaceholderData && "opacity-60",
            )}
          >
            <table className="w-full text-sm" aria-label="Purchase orders">
              <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                <tr>
                  <SortHeader label="Number" col="number" sort={sort} dir={dir} onSort={toggleSort} />
                  <SortHeader label="Vendor" col="vendor" sort={sort} dir={dir} onSort={toggleSort} />
                  <th scope="col" className="px-3 py-2 font-medium">
                    Budget
                  </th>
                  <SortHeader label="Date" col="orderDate" sort={sort} dir={dir} onSort={toggleSort} />
                  <SortHeader label="Status" col="status" sort={sort} dir={dir} onSort={toggleSort} />
                  <SortHeader label="Amount" col="amount" sort={sort} dir={dir} onSort={toggleSort} numeric />
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Billed
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Committed
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((po) => (
                  <PurchaseOrderRow key={po.id} po={po} today={today} />
                ))}
              </tbody>
              <tfoot className="border-t bg-muted/30 font-medium" data-testid="po-totals">
                {data.totals.map((t) => (
                  <tr key={t.currency}>
                    <th scope="row" colSpan={5} className="px-3 py-2 text-left">
                      Total of {t.count} purchase order{t.count === 1 ? "" : "s"}
                      {data.totals.length > 1 ? ` in ${t.currency}` : ""}
                      {data.total > data.items.length ? (
                        <span className="font-normal text-muted-foreground"> (every page)</span>
                      ) : null}
                    </th>
                    <td className="px-3 py-2 text-right" data-col="amount">
                      <Money value={t.amountMinor} currency={t.currency} />
                    </td>
                    <td className="px-3 py-2 text-right" data-col="billed">
                      <Money value={t.billedMinor} currency={t.currency} />
                    </td>
                    <td className="px-3 py-2 text-right" data-col="committed">
                      <Money value={t.committedMinor} currency={t.currency} />
                    </td>
                  </tr>
                ))}
              </tfoot>
            </table>
          </div>
          <ul className="space-y-2 md:hidden" aria-label="Purchase orders">
            {data.items.map((po) => (
              <PurchaseOrderCard key={po.id} po={po} today={today} />
            ))}
          </ul>
          <TotalsCard totals={data.totals} />
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(next) => update({ page: String(next) }, false)}
          />
        </>
      ) : null}
    </div>
  );
}

function PurchaseOrderRow({ po, today }: { po: PurchaseOrderListItem; today: string }) {
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30" data-testid="po-row">
      <td className="px-3 py-2 whitespace-nowrap">
        <Link to={purchaseOrderHref(po.id)} className="font-medium hover:underline">
          {po.displayNumber}
        </Link>
      </td>
      <td className="max-w-56 px-3 py-2">
        <div className="truncate">{po.vendorName}</div>
        {po.description ? (
          <div className="truncate text-xs text-muted-foreground">{po.description}</div>
        ) : null}
      </td>
      <td className="max-w-64 px-3 py-2">
        <Link
          to={`/finance/budgets/${encodeURIComponent(po.budgetId)}`}
          className="block truncate hover:underline"
        >
          {po.budgetName}
        </Link>
        <div className="truncate text-xs text-muted-foreground">{po.projectName ?? "Unknown project"}</div>
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
        {formatListDay(po.orderDate, today)}
      </td>
      <td className="px-3 py-2">
        <PurchaseOrderStatusBadge status={po.status} />
      </td>
      <td className="px-3 py-2 text-right">
        <Money value={po.amountMinor} currency={po.currency} />
      </td>
      <td className="px-3 py-2 text-right">
        <Money value={po.billedMinor} currency={po.currency} />
      </td>
      <td className="px-3 py-2 text-right">
        <Money value={po.committedMinor} currency={po.currency} />
      </td>
    </tr>
  );
}

function PurchaseOrderCard({ po, today }: { po: PurchaseOrderListItem; today: string }) {
  return (
    <li>
      <Link
        to={purchaseOrderHref(po.id)}
        className="block rounded-xl border bg-card p-3 shadow-xs active:bg-muted/40"
        data-testid="po-card"
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate font-medium">
              {po.displayNumber} · {po.vendorName}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {po.budgetName} · {formatListDay(po.orderDate, today)}
            </p>
          </div>
          <PurchaseOrderStatusBadge status={po.status} />
        </div>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
          <div>
            <dt className="text-muted-foreground">Amount</dt>
            <dd>
              <Money value={po.amountMinor} currency={po.currency} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Billed</dt>
            <dd>
              <Money value={po.billedMinor} currency={po.currency} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Committed</dt>
            <dd>
              <Money value={po.committedMinor} currency={po.currency} />
            </dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}

/** Below 768 px the table's footer is a card: the totals of every page of the filtered set. */
function TotalsCard({ totals }: { totals: PurchaseOrderListResponse["totals"] }) {
  if (totals.length === 0) return null;
  return (
    <div
      className="mt-2 space-y-2 rounded-xl border bg-muted/30 p-3 text-xs md:hidden"
      data-testid="po-totals-card"
    >
      {totals.map((t) => (
        <div key={t.currency}>
          <p className="font-medium">
            Total of {t.count} purchase order{t.count === 1 ? "" : "s"}
            {totals.length > 1 ? ` in ${t.currency}` : ""}
          </p>
          <dl className="mt-1 grid grid-cols-3 gap-2">
            <div>
              <dt className="text-muted-foreground">Amount</dt>
              <dd>
                <Money value={t.amountMinor} currency={t.currency} />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Billed</dt>
              <dd>
                <Money value={t.billedMinor} currency={t.currency} />
              </dd>
            </div>
            <div>
              <dt className="text-muted-foreground">Committed</dt>
              <dd>
                <Money value={t.committedMinor} currency={t.currency} />
              </dd>
            </div>
          </dl>
        </div>
      ))}
    </div>
  );
}
