import { useMemo, useState } from "react";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { formatListDay } from "@domain/index";
import { INVOICE_KIND_LABEL, INVOICE_STATUS_LABEL, INVOICE_STATUSES } from "@domain/invoices";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { EmptyState, Page } from "@/features/app-shell/page";
import { useBudgetList } from "@/features/budgets/api";
import { Money } from "@/features/budgets/status-badge";
import { useAppToday } from "@/features/vendor-bills/api";
import { cn } from "@/lib/cn";
import { listSort, useListUrlState } from "@/lib/list-url-state";
import {
  invoiceExportHref,
  invoiceHref,
  useClientList,
  useInvoiceList,
  type InvoiceListItem,
  type InvoiceListResponse,
  type InvoiceSortKey,
} from "./api";
import { NewInvoiceDialog } from "./new-invoice-dialog";
import { InvoiceStatusBadge, OverdueBadge } from "./status-badge";
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

const NOUN = ["invoice", "invoices"] as const;
const TOTAL_FIGURES = [
  { label: "Total", value: (t: InvoiceListResponse["totals"][number]) => t.totalMinor },
  { label: "Paid", value: (t: InvoiceListResponse["totals"][number]) => t.paidMinor },
  { label: "Outstanding", value: (t: InvoiceListResponse["totals"][number]) => t.outstandingMinor },
];

const SORTS: SortOption<InvoiceSortKey>[] = [
  { value: "number:desc", label: "Number (newest first)" },
  { value: "number:asc", label: "Number (oldest first)" },
  { value: "issueDate:desc", label: "Issue date (latest first)" },
  { value: "dueDate:asc", label: "Due date (soonest first)" },
  { value: "dueDate:desc", label: "Due date (latest first)" },
  { value: "amount:desc", label: "Amount (highest first)" },
  { value: "outstanding:desc", label: "Outstanding (most first)" },
  { value: "client:asc", label: "Client (A–Z)" },
  { value: "status:asc", label: "Status" },
  { value: "updatedAt:desc", label: "Last changed" },
];

/**
 * Client invoices (/finance/invoices): every invoice with client, project, dates, status,
 * total, paid and outstanding; overdue ones marked; the server's totals of everything filtered;
 * filters, sort and page in the URL; the CSV is the server's export of exactly the same query.
 */
export function InvoicesListPage() {
  const [creating, setCreating] = useState(false);
  const { params, update, search, setSearch } = useListUrlState();
  const list = useInvoiceList(params.toString());
  const clients = useClientList("archived=all&sort=name&dir=asc&pageSize=200");
  const budgets = useBudgetList("sort=name&dir=asc&pageSize=200");
  const today = useAppToday() ?? "";
  const data = list.data;
  const { sort, dir, toggleSort, setSort } = listSort<InvoiceSortKey>(params, update, {
    sort: "number",
    dir: "desc",
  });
  const status = params.get("status") ?? "";
  const clientId = params.get("clientId") ?? "";
  const projectId = params.get("projectId") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const overdue = params.get("overdue") === "true";
  const filtered = Boolean(status || clientId || projectId || from || to || overdue || params.get("search"));

  // The projects that have a budget (invoices bill a budget's job), by name.
  const projects = useMemo(() => {
    const seen = new Map<string, string>();
    for (const b of budgets.data?.items ?? []) seen.set(b.projectId, b.projectName ?? "Unknown project");
    return [...seen].sort((a, b) => a[1].localeCompare(b[1]));
  }, [budgets.data]);

  return (
    <Page
      title="Client Invoices"
      description="Deposits, progress and final invoices billed to clients from approved budgets."
      actions={
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> New invoice
        </Button>
      }
    >
      <div className="space-y-4">
        <ListToolbar
          searchLabel="Search invoices"
          searchPlaceholder="Search number, client or client PO…"
          search={search}
          onSearch={setSearch}
          count={data ? countLabel(data.total, NOUN, filtered) : null}
          exportHref={invoiceExportHref(params)}
          columns={7}
        >
          <FilterSelect
            label="Status"
            allLabel="All statuses"
            value={status}
            options={INVOICE_STATUSES.map((s) => ({ value: s, label: INVOICE_STATUS_LABEL[s] }))}
            onChange={(v) => update({ status: v })}
          />
          <FilterSelect
            label="Client"
            allLabel="All clients"
            value={clientId}
            options={(clients.data?.items ?? []).map((c) => ({
              value: c.id,
              label: `${c.name}${c.archived ? " (archived)" : ""}`,
            }))}
            onChange={(v) => update({ clientId: v })}
          />
          <FilterSelect
            label="Project"
            allLabel="All projects"
            value={projectId}
            options={projects.map(([id, name]) => ({ value: id, label: name }))}
            onChange={(v) => update({ projectId: v })}
          />
          <DateRangeFilter
            fromLabel="Issued from"
            toLabel="Issued to"
            from={from}
            to={to}
            onFrom={(v) => update({ from: v })}
            onTo={(v) => update({ to: v })}
          />
          <label className="flex h-9 items-center gap-2 rounded-md border border-input px-3 text-sm">
            <input
              type="checkbox"
              className="size-4 accent-primary"
              checked={overdue}
              onChange={(e) => update({ overdue: e.target.checked ? "true" : null })}
            />
            Overdue only
          </label>
          <SortSelect options={SORTS} sort={sort} dir={dir} onChange={setSort} />
        </ListToolbar>

        <ListBody
          query={list}
          total={data?.total}
          filtered={filtered}
          errorTitle="Could not load invoices"
          noMatchTitle="No invoices match"
          empty={
            <EmptyState title="No invoices yet">
              Bill a client with New invoice: pick an approved budget and a deposit, progress or final
              invoice, check the proposed lines, then send it.
              <div className="mt-4">
                <Button size="sm" onClick={() => setCreating(true)}>
                  <Plus aria-hidden /> New invoice
                </Button>
              </div>
            </EmptyState>
          }
        >
          {data ? (
            <>
              <ListTable label="Client invoices" dimmed={list.isPlaceholderData}>
                <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <SortHeader label="Number" col="number" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader label="Client" col="client" sort={sort} dir={dir} onSort={toggleSort} />
                    <th scope="col" className="px-3 py-2 font-medium">
                      Project · Budget
                    </th>
                    <SortHeader label="Issued" col="issueDate" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader label="Due" col="dueDate" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader label="Status" col="status" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader
                      label="Total"
                      col="amount"
                      sort={sort}
                      dir={dir}
                      onSort={toggleSort}
                      numeric
                    />
                    <th scope="col" className="px-3 py-2 text-right font-medium">
                      Paid
                    </th>
                    <SortHeader
                      label="Outstanding"
                      col="outstanding"
                      sort={sort}
                      dir={dir}
                      onSort={toggleSort}
                      numeric
                    />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((invoice) => (
                    <InvoiceRow key={invoice.id} invoice={invoice} today={today} />
                  ))}
                </tbody>
                <tfoot className="border-t bg-muted/30 font-medium" data-testid="invoice-totals">
                  {data.totals.map((t) => (
                    <tr key={t.currency}>
                      <th scope="row" colSpan={6} className="px-3 py-2 text-left">
                        {totalsTitle(t, NOUN, data.totals.length)}
                        {data.total > data.items.length ? (
                          <span className="font-normal text-muted-foreground"> (every page)</span>
                        ) : null}
                      </th>
                      <td className="px-3 py-2 text-right" data-col="total">
                        <Money value={t.totalMinor} currency={t.currency} />
                      </td>
                      <td className="px-3 py-2 text-right" data-col="paid">
                        <Money value={t.paidMinor} currency={t.currency} />
                      </td>
                      <td className="px-3 py-2 text-right" data-col="outstanding">
                        <Money value={t.outstandingMinor} currency={t.currency} />
                      </td>
                    </tr>
                  ))}
                </tfoot>
              </ListTable>
              <ul className="space-y-2 md:hidden" aria-label="Client invoices">
                {data.items.map((invoice) => (
                  <InvoiceCard key={invoice.id} invoice={invoice} today={today} />
                ))}
              </ul>
              <TotalsCard
                totals={data.totals}
                noun={NOUN}
                figures={TOTAL_FIGURES}
                testId="invoice-totals-card"
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
      <NewInvoiceDialog open={creating} onOpenChange={setCreating} />
    </Page>
  );
}

const day = (value: string, today: string) => (today ? formatListDay(value, today) : value);

function InvoiceRow({ invoice, today }: { invoice: InvoiceListItem; today: string }) {
  return (
    <tr
      className={cn("border-b last:border-0 hover:bg-muted/30", invoice.overdue && "bg-destructive/5")}
      data-testid="invoice-row"
      data-overdue={invoice.overdue || undefined}
    >
      <td className="px-3 py-2 whitespace-nowrap">
        <Link to={invoiceHref(invoice.id)} className="font-medium hover:underline">
          {invoice.displayNumber}
        </Link>
        <div className="text-xs text-muted-foreground">{INVOICE_KIND_LABEL[invoice.kind]}</div>
      </td>
      <td className="max-w-56 px-3 py-2">
        <div className="truncate">{invoice.clientName}</div>
        {invoice.clientPoNumber ? (
          <div className="truncate text-xs text-muted-foreground">PO {invoice.clientPoNumber}</div>
        ) : null}
      </td>
      <td className="max-w-64 px-3 py-2">
        <div className="truncate">{invoice.projectName ?? "Unknown project"}</div>
        <Link
          to={`/finance/budgets/${encodeURIComponent(invoice.budgetId)}`}
          className="block truncate text-xs text-muted-foreground hover:underline"
        >
          {invoice.budgetName}
        </Link>
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">{day(invoice.issueDate, today)}</td>
      <td className="px-3 py-2 whitespace-nowrap">
        {day(invoice.dueDate, today)}
        {invoice.overdue ? (
          <span className="block text-xs text-destructive">
            {invoice.daysOverdue} day{invoice.daysOverdue === 1 ? "" : "s"} overdue
          </span>
        ) : null}
      </td>
      <td className="px-3 py-2">
        <InvoiceStatusBadge status={invoice.status} />
      </td>
      <td className="px-3 py-2 text-right">
        <Money value={invoice.totalMinor} currency={invoice.currency} />
      </td>
      <td className="px-3 py-2 text-right text-muted-foreground">
        <Money value={invoice.paidMinor} currency={invoice.currency} />
      </td>
      <td className={cn("px-3 py-2 text-right", invoice.overdue && "font-medium text-destructive")}>
        <Money value={invoice.outstandingMinor} currency={invoice.currency} />
      </td>
    </tr>
  );
}

function InvoiceCard({ invoice, today }: { invoice: InvoiceListItem; today: string }) {
  return (
    <li>
      <Link
        to={invoiceHref(invoice.id)}
        className={cn(
          "block rounded-xl border bg-card p-3 shadow-xs active:bg-muted/40",
          invoice.overdue && "border-destructive/50",
        )}
        data-testid="invoice-card"
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate font-medium">
              {invoice.displayNumber} · {invoice.clientName}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {INVOICE_KIND_LABEL[invoice.kind]} · {invoice.projectName ?? invoice.budgetName}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <InvoiceStatusBadge status={invoice.status} />
            {invoice.overdue ? <OverdueBadge days={invoice.daysOverdue} /> : null}
          </div>
        </div>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
          <div>
            <dt className="text-muted-foreground">Total</dt>
            <dd>
              <Money value={invoice.totalMinor} currency={invoice.currency} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Outstanding</dt>
            <dd>
              <Money value={invoice.outstandingMinor} currency={invoice.currency} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Due</dt>
            <dd>{day(invoice.dueDate, today)}</dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}
