import { useState } from "react";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { formatDetailDay, formatListDay } from "@domain/index";
import {
  AGEING_BUCKET_LABEL,
  AGEING_BUCKETS,
  OPEN_STATUSES,
  VENDOR_BILL_STATUS_LABEL,
  VENDOR_BILL_STATUSES,
} from "@domain/vendor-bills";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { EmptyState, Page } from "@/features/app-shell/page";
import { Money } from "@/features/budgets/status-badge";
import { useVendorList } from "@/features/purchase-orders/api";
import { cn } from "@/lib/cn";
import { listSort, useListUrlState } from "@/lib/list-url-state";
import {
  useVendorBillList,
  vendorBillExportHref,
  vendorBillHref,
  type VendorBillListItem,
  type VendorBillListResponse,
  type VendorBillSortKey,
} from "./api";
import { NewVendorBillDialog } from "./new-vendor-bill-dialog";
import { VendorBillStatusBadge } from "./status-badge";
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

const NOUN = ["bill", "bills"] as const;
type Totals = VendorBillListResponse["totals"][number];
const TOTAL_FIGURES = [
  { label: "Amount", value: (t: Totals) => t.amountMinor },
  { label: "Open", value: (t: Totals) => t.openMinor },
  { label: "Paid", value: (t: Totals) => t.paidMinor },
];

const SORTS: SortOption<VendorBillSortKey>[] = [
  { value: "dueDate:asc", label: "Due date (soonest first)" },
  { value: "dueDate:desc", label: "Due date (latest first)" },
  { value: "number:desc", label: "Number (newest first)" },
  { value: "number:asc", label: "Number (oldest first)" },
  { value: "billDate:desc", label: "Bill date (latest first)" },
  { value: "amount:desc", label: "Amount (highest first)" },
  { value: "amount:asc", label: "Amount (lowest first)" },
  { value: "vendor:asc", label: "Vendor (A–Z)" },
  { value: "status:asc", label: "Status" },
  { value: "updatedAt:desc", label: "Last changed" },
];

const OPEN_FILTER = OPEN_STATUSES.join(",");

/**
 * Vendor bills (/finance/bills): every bill with vendor, PO, budget, bill and due dates, status
 * and amount; the server's totals and ageing of everything filtered; filters, sort and page in
 * the URL; the CSV is the server's export of exactly the same query.
 */
export function VendorBillsListPage() {
  const [creating, setCreating] = useState(false);
  const { params, update, search, setSearch } = useListUrlState();
  const list = useVendorBillList(params.toString());
  const vendors = useVendorList("archived=all&sort=name&dir=asc&pageSize=200");
  const data = list.data;
  const { sort, dir, toggleSort, setSort } = listSort<VendorBillSortKey>(params, update, {
    sort: "dueDate",
    dir: "asc",
  });
  const status = params.get("status") ?? "";
  const vendorId = params.get("vendorId") ?? "";
  const dueFrom = params.get("dueFrom") ?? "";
  const dueTo = params.get("dueTo") ?? "";
  const withoutPo = params.get("withoutPo") ?? "";
  const filtered = Boolean(status || vendorId || dueFrom || dueTo || withoutPo || params.get("search"));
  const today = data?.asOf ?? "";

  return (
    <Page
      title="Vendor Bills"
      description="Bills received from vendors, against purchase orders or budget lines."
      actions={
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> New bill
        </Button>
      }
    >
      <div className="space-y-4">
        <ListToolbar
          searchLabel="Search vendor bills"
          searchPlaceholder="Search number, invoice number or vendor…"
          search={search}
          onSearch={setSearch}
          count={data ? countLabel(data.total, NOUN, filtered) : null}
          exportHref={vendorBillExportHref(params)}
          columns={6}
        >
          <FilterSelect
            label="Status"
            allLabel="All statuses"
            value={status}
            options={[
              { value: OPEN_FILTER, label: "Open (received or approved)" },
              ...VENDOR_BILL_STATUSES.map((s) => ({ value: s, label: VENDOR_BILL_STATUS_LABEL[s] })),
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
            label="Purchase order"
            allLabel="Any PO"
            value={withoutPo}
            options={[
              { value: "true", label: "Without PO (flagged)" },
              { value: "false", label: "Against a PO only" },
            ]}
            onChange={(v) => update({ withoutPo: v })}
          />
          <DateRangeFilter
            fromLabel="Due from"
            toLabel="Due to"
            from={dueFrom}
            to={dueTo}
            onFrom={(v) => update({ dueFrom: v })}
            onTo={(v) => update({ dueTo: v })}
          />
          <SortSelect options={SORTS} sort={sort} dir={dir} onChange={setSort} />
        </ListToolbar>

        <ListBody
          query={list}
          total={data?.total}
          filtered={filtered}
          errorTitle="Could not load vendor bills"
          noMatchTitle="No bills match"
          empty={
            <EmptyState title="No vendor bills yet">
              Enter a vendor&apos;s invoice with New bill: pick the vendor and the purchase order it bills (or
              budget lines without a PO), then approve it.
              <div className="mt-4">
                <Button size="sm" onClick={() => setCreating(true)}>
                  <Plus aria-hidden /> New bill
                </Button>
              </div>
            </EmptyState>
          }
        >
          {data ? (
            <>
              <Ageing ageing={data.ageing} asOf={data.asOf} />
              <ListTable label="Vendor bills" dimmed={list.isPlaceholderData}>
                <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <SortHeader label="Number" col="number" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader label="Vendor" col="vendor" sort={sort} dir={dir} onSort={toggleSort} />
                    <th scope="col" className="px-3 py-2 font-medium">
                      PO · Budget
                    </th>
                    <SortHeader label="Bill date" col="billDate" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader label="Due" col="dueDate" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader label="Status" col="status" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader
                      label="Amount"
                      col="amount"
                      sort={sort}
                      dir={dir}
                      onSort={toggleSort}
                      numeric
                    />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((bill) => (
                    <BillRow key={bill.id} bill={bill} today={today} />
                  ))}
                </tbody>
                <tfoot className="border-t bg-muted/30 font-medium" data-testid="bill-totals">
                  {data.totals.map((t) => (
                    <tr key={t.currency}>
                      <th scope="row" colSpan={6} className="px-3 py-2 text-left">
                        {totalsTitle(t, NOUN, data.totals.length)}
                        {data.total > data.items.length ? (
                          <span className="font-normal text-muted-foreground"> (every page)</span>
                        ) : null}
                        <span className="block text-xs font-normal text-muted-foreground">
                          Open <Money value={t.openMinor} currency={t.currency} /> · Paid{" "}
                          <Money value={t.paidMinor} currency={t.currency} />
                        </span>
                      </th>
                      <td className="px-3 py-2 text-right align-top" data-col="amount">
                        <Money value={t.amountMinor} currency={t.currency} />
                      </td>
                    </tr>
                  ))}
                </tfoot>
              </ListTable>
              <ul className="space-y-2 md:hidden" aria-label="Vendor bills">
                {data.items.map((bill) => (
                  <BillCard key={bill.id} bill={bill} today={today} />
                ))}
              </ul>
              <TotalsCard
                totals={data.totals}
                noun={NOUN}
                figures={TOTAL_FIGURES}
                testId="bill-totals-card"
              />
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
      <NewVendorBillDialog open={creating} onOpenChange={setCreating} />
    </Page>
  );
}

/** What the filtered set still owes, by how long past due (the server's buckets as of `asOf`). */
function Ageing({ ageing, asOf }: { ageing: VendorBillListResponse["ageing"]; asOf: string }) {
  if (ageing.length === 0) return null;
  return (
    <section aria-labelledby="bill-ageing-heading" className="space-y-2" data-testid="bill-ageing">
      <h2 id="bill-ageing-heading" className="text-sm font-medium">
        Still owed, by age{" "}
        <span className="font-normal text-muted-foreground">(as of {formatDetailDay(asOf)})</span>
      </h2>
      {ageing.map((a) => (
        <dl key={a.currency} className="grid grid-cols-3 gap-2 sm:grid-cols-5">
          {AGEING_BUCKETS.map((bucket) => (
            <div key={bucket} className="min-w-0 rounded-xl border bg-card p-2 sm:p-3" data-bucket={bucket}>
              <dt className="text-xs text-muted-foreground">
                {AGEING_BUCKET_LABEL[bucket]}
                {ageing.length > 1 ? ` · ${a.currency}` : ""}
              </dt>
              <dd className="mt-1 truncate text-sm font-semibold sm:text-base">
                <Money value={a.buckets[bucket]} currency={a.currency} />
              </dd>
            </div>
          ))}
        </dl>
      ))}
    </section>
  );
}

/** "Due in 3 days", "12 days overdue" for an open bill; nothing for a paid or void one. */
function dueNote(bill: VendorBillListItem): string | null {
  const days = bill.daysPastDue;
  if (days === null) return null;
  if (days > 0) return `${days} day${days === 1 ? "" : "s"} overdue`;
  if (days === 0) return "Due today";
  return null;
}

function WithoutPoFlag() {
  return (
    <Badge variant="outline" className="ml-1" data-testid="without-po">
      No PO
    </Badge>
  );
}

function BillRow({ bill, today }: { bill: VendorBillListItem; today: string }) {
  const note = dueNote(bill);
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30" data-testid="bill-row">
      <td className="px-3 py-2 whitespace-nowrap">
        <Link to={vendorBillHref(bill.id)} className="font-medium hover:underline">
          {bill.displayNumber}
        </Link>
        <div className="text-xs text-muted-foreground">{bill.invoiceNumber}</div>
      </td>
      <td className="max-w-56 px-3 py-2">
        <div className="truncate">{bill.vendorName}</div>
      </td>
      <td className="max-w-64 px-3 py-2">
        <div className="truncate">
          {bill.purchaseOrderId ? (
            <Link
              to={`/finance/purchase-orders/${encodeURIComponent(bill.purchaseOrderId)}`}
              className="hover:underline"
            >
              {bill.purchaseOrderNumber}
            </Link>
          ) : null}
          {bill.withoutPo ? <WithoutPoFlag /> : null}
        </div>
        <Link
          to={`/finance/budgets/${encodeURIComponent(bill.budgetId)}`}
          className="block truncate text-xs text-muted-foreground hover:underline"
        >
          {bill.budgetName}
        </Link>
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">
        {today ? formatListDay(bill.billDate, today) : bill.billDate}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">
        {today ? formatListDay(bill.dueDate, today) : bill.dueDate}
        {note ? (
          <span
            className={cn(
              "block text-xs",
              bill.daysPastDue! > 0 ? "text-destructive" : "text-muted-foreground",
            )}
          >
            {note}
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2">
        <VendorBillStatusBadge status={bill.status} />
      </td>
      <td className="px-3 py-2 text-right">
        <Money value={bill.amountMinor} currency={bill.currency} />
      </td>
    </tr>
  );
}

function BillCard({ bill, today }: { bill: VendorBillListItem; today: string }) {
  const note = dueNote(bill);
  return (
    <li>
      <Link
        to={vendorBillHref(bill.id)}
        className="block rounded-xl border bg-card p-3 shadow-xs active:bg-muted/40"
        data-testid="bill-card"
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate font-medium">
              {bill.displayNumber} · {bill.vendorName}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {bill.purchaseOrderNumber ?? "No PO"} · {bill.budgetName}
            </p>
          </div>
          <VendorBillStatusBadge status={bill.status} />
        </div>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
          <div>
            <dt className="text-muted-foreground">Amount</dt>
            <dd>
              <Money value={bill.amountMinor} currency={bill.currency} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Due</dt>
            <dd>{today ? formatListDay(bill.dueDate, today) : bill.dueDate}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Invoice</dt>
            <dd className="truncate">{bill.invoiceNumber}</dd>
          </div>
        </dl>
        {note ? <p className="mt-1 text-xs text-muted-foreground">{note}</p> : null}
      </Link>
    </li>
  );
}
