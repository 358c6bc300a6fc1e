import { useState } from "react";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { formatListDay } from "@domain/index";
import { PURCHASE_ORDER_STATUS_LABEL, PURCHASE_ORDER_STATUSES } from "@domain/purchase-orders";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { EmptyState, Page } from "@/features/app-shell/page";
import { useBudgetList } from "@/features/budgets/api";
import { Money } from "@/features/budgets/status-badge";
import { listSort, useListUrlState } from "@/lib/list-url-state";
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
import {
  countLabel,
  DateRangeFilter,
  FilterSelect,
  ListBody,
  ListTable,
  ListToolbar,
  SortSelect,
  totalsTitle,
  TotalsCard,
  type SortOption,
} from "@/components/document-list";

const NOUN = ["purchase order", "purchase orders"] as const;
type Totals = PurchaseOrderListResponse["totals"][number];
const TOTAL_FIGURES = [
  { label: "Amount", value: (t: Totals) => t.amountMinor },
  { label: "Billed", value: (t: Totals) => t.billedMinor },
  { label: "Committed", value: (t: Totals) => t.committedMinor },
];

const SORTS: SortOption<PurchaseOrderSortKey>[] = [
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
  const { sort, dir, toggleSort, setSort } = listSort<PurchaseOrderSortKey>(
    params,
    update,
    { sort: "number", dir: "desc" },
    "desc",
  );
  const status = params.get("status") ?? "";
  const vendorId = params.get("vendorId") ?? "";
  const budgetId = params.get("budgetId") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const filtered = Boolean(status || vendorId || budgetId || from || to || params.get("search"));
  const today = new Date().toISOString().slice(0, 10);

  return (
    <div className="space-y-4">
      <ListToolbar
        searchLabel="Search purchase orders"
        searchPlaceholder="Search number, vendor or description…"
        search={search}
        onSearch={setSearch}
        count={data ? countLabel(data.total, NOUN, filtered) : null}
        exportHref={purchaseOrderExportHref(params)}
        columns={6}
      >
        <FilterSelect
          label="Status"
          allLabel="All statuses"
          value={status}
          options={[
            { value: OPEN_FILTER, label: "Open (not billed or cancelled)" },
            ...PURCHASE_ORDER_STATUSES.map((s) => ({ value: s, label: PURCHASE_ORDER_STATUS_LABEL[s] })),
          ]}
          onChange={(v) => update({ status: v })}
        />
        <FilterSelect
          label="Vendor"
          allLabel="All vendors"
          value={vendorId}
          options={(vendors.data?.items ?? []).map((v) => ({
            value: v.id,
            label: `${v.name}${v.archived ? " (archived)" : ""}`,
          }))}
          onChange={(v) => update({ vendorId: v })}
        />
        <FilterSelect
          label="Budget"
          allLabel="All budgets"
          className="col-span-2 md:col-span-1"
          value={budgetId}
          options={(budgets.data?.items ?? []).map((b) => ({ value: b.id, label: b.name }))}
          onChange={(v) => update({ budgetId: v })}
        />
        <DateRangeFilter
          fromLabel="Order date from"
          toLabel="Order date to"
          from={from}
          to={to}
          onFrom={(v) => update({ from: v })}
          onTo={(v) => update({ to: v })}
        />
        <SortSelect
          options={SORTS}
          sort={sort}
          dir={dir}
          className="col-span-2 md:col-span-1"
          onChange={setSort}
        />
      </ListToolbar>

      <ListBody
        query={list}
        total={data?.total}
        filtered={filtered}
        errorTitle="Could not load purchase orders"
        noMatchTitle="No purchase orders match"
        empty={
          <EmptyState title="No purchase orders yet">
            Raise one from an approved budget: choose New purchase order, pick the budget, tick the lines you
            are ordering and the vendor, then submit it for approval.
            <div className="mt-4">
              <Button size="sm" onClick={onCreate}>
                <Plus aria-hidden /> New purchase order
              </Button>
            </div>
          </EmptyState>
        }
      >
        {data ? (
          <>
            <ListTable label="Purchase orders" dimmed={list.isPlaceholderData}>
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
                      {totalsTitle(t, NOUN, data.totals.length)}
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
            </ListTable>
            <ul className="space-y-2 md:hidden" aria-label="Purchase orders">
              {data.items.map((po) => (
                <PurchaseOrderCard key={po.id} po={po} today={today} />
              ))}
            </ul>
            <TotalsCard totals={data.totals} noun={NOUN} figures={TOTAL_FIGURES} testId="po-totals-card" />
            <Pager
              page={data.page}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(next) => update({ page: String(next) }, false)}
            />
          </>
        ) : null}
      </ListBody>
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
