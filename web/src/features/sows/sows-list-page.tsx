import { useMemo, useState } from "react";
import { Download, Plus, Search } from "lucide-react";
import { Link } from "react-router";
import { formatListDay } from "@domain/index";
import { SOW_STATUS_LABEL, SOW_STATUSES } from "@domain/sows";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { SortHeader } from "@/components/sort-header";
import { EmptyState, Page } from "@/features/app-shell/page";
import { Money } from "@/features/budgets/status-badge";
import { useClientList } from "@/features/invoices/api";
import { useNavProjects } from "@/features/navigation/use-nav-data";
import { SELECT_CLASS } from "@/features/settings/form-fields";
import { useAppToday } from "@/features/vendor-bills/api";
import { cn } from "@/lib/cn";
import { useListUrlState } from "@/lib/list-url-state";
import {
  sowExportHref,
  sowHref,
  useSowList,
  type SowListItem,
  type SowListResponse,
  type SowSortKey,
} from "./api";
import { NewSowDialog } from "./new-sow-dialog";
import { SowStatusBadge } from "./status-badge";

const SORTS: { value: `${SowSortKey}:${"asc" | "desc"}`; label: string }[] = [
  { value: "number:desc", label: "Number (newest first)" },
  { value: "number:asc", label: "Number (oldest first)" },
  { value: "date:desc", label: "Date (latest first)" },
  { value: "date:asc", label: "Date (earliest first)" },
  { value: "fee:desc", label: "Fee (highest first)" },
  { value: "title:asc", label: "Title (A–Z)" },
  { value: "client:asc", label: "Client (A–Z)" },
  { value: "status:asc", label: "Status" },
  { value: "updatedAt:desc", label: "Last changed" },
];

/**
 * Statements of work (/finance/sows): every SOW with its client, project, date, status, version
 * and fee; the server's fee totals per currency of everything filtered; filters, sort and page in
 * the URL; the CSV is the server's export of exactly the same query.
 */
export function SowsListPage() {
  const [creating, setCreating] = useState(false);
  const { params, update, search, setSearch } = useListUrlState();
  const list = useSowList(params.toString());
  const clients = useClientList("archived=all&sort=name&dir=asc&pageSize=200");
  const navProjects = useNavProjects();
  const today = useAppToday() ?? "";
  const data = list.data;
  const sort = (params.get("sort") as SowSortKey | null) ?? "number";
  const dir = params.get("dir") === "asc" ? "asc" : "desc";
  const status = params.get("status") ?? "";
  const clientId = params.get("clientId") ?? "";
  const projectId = params.get("projectId") ?? "";
  const from = params.get("from") ?? "";
  const to = params.get("to") ?? "";
  const filtered = Boolean(status || clientId || projectId || from || to || params.get("search"));

  // A SOW's project is a ClickUp folder: the projects that have one, by name.
  const projects = useMemo(
    () =>
      (navProjects.data?.projects ?? [])
        .filter((p): p is typeof p & { folderId: string } => p.folderId !== null)
        .sort((a, b) => a.name.localeCompare(b.name)),
    [navProjects.data],
  );

  const toggleSort = (key: SowSortKey) =>
    update({ sort: key, dir: sort === key && dir === "asc" ? "desc" : "asc" }, false);

  return (
    <Page
      title="Statements of Work"
      description="Scope, deliverables, fee and payment schedule agreed with clients, per project."
      actions={
        <Button size="sm" onClick={() => setCreating(true)}>
          <Plus aria-hidden /> New SOW
        </Button>
      }
    >
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
                aria-label="Search statements of work"
                placeholder="Search number, title or client…"
                className="pl-9"
                value={search}
                onChange={(e) => setSearch(e.target.value)}
              />
            </div>
            <p className="text-sm text-muted-foreground sm:ml-auto" aria-live="polite">
              {data
                ? `${data.total} SOW${data.total === 1 ? "" : "s"}${filtered ? (data.total === 1 ? " matches" : " match") : ""}`
                : null}
            </p>
            <Button asChild variant="outline" size="sm">
              <a href={sowExportHref(params)} download>
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
              {SOW_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {SOW_STATUS_LABEL[s]}
                </option>
              ))}
              {status && !status.split(",").every((s) => s in SOW_STATUS_LABEL) ? (
                <option value={status}>{status}</option>
              ) : null}
            </select>
            <select
              aria-label="Client"
              className={SELECT_CLASS}
              value={clientId}
              onChange={(e) => update({ clientId: e.target.value || null })}
            >
              <option value="">All clients</option>
              {(clients.data?.items ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                  {c.archived ? " (archived)" : ""}
                </option>
              ))}
            </select>
            <select
              aria-label="Project"
              className={SELECT_CLASS}
              value={projectId}
              onChange={(e) => update({ projectId: e.target.value || null })}
            >
              <option value="">All projects</option>
              {projects.map((p) => (
                <option key={p.folderId} value={p.folderId}>
                  {p.name}
                </option>
              ))}
            </select>
            <Input
              type="date"
              aria-label="Dated from"
              value={from}
              max={to || undefined}
              onChange={(e) => update({ from: e.target.value || null })}
            />
            <Input
              type="date"
              aria-label="Dated to"
              value={to}
              min={from || undefined}
              onChange={(e) => update({ to: e.target.value || null })}
            />
            <select
              aria-label="Sort by"
              className={SELECT_CLASS}
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
          <EmptyState title="Could not load statements of work">{list.error.message}</EmptyState>
        ) : data && data.total === 0 ? (
          filtered ? (
            <EmptyState title="No statements of work match">
              Try another search or clear the filters.
            </EmptyState>
          ) : (
            <EmptyState title="No statements of work yet">
              Agree the work with a client with New SOW: pick the project and client, write the scope, choose
              the deliverables, set the fee and the payment schedule, then send it to be signed.
              <div className="mt-4">
                <Button size="sm" onClick={() => setCreating(true)}>
                  <Plus aria-hidden /> New SOW
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
              <table className="w-full text-sm" aria-label="Statements of work">
                <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                  <tr>
                    <SortHeader label="Number" col="number" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader label="Title" col="title" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader label="Client" col="client" sort={sort} dir={dir} onSort={toggleSort} />
                    <th scope="col" className="px-3 py-2 font-medium">
                      Project · Budget
                    </th>
                    <SortHeader label="Date" col="date" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader label="Status" col="status" sort={sort} dir={dir} onSort={toggleSort} />
                    <SortHeader label="Fee" col="fee" sort={sort} dir={dir} onSort={toggleSort} numeric />
                  </tr>
                </thead>
                <tbody>
                  {data.items.map((sow) => (
                    <SowRow key={sow.id} sow={sow} today={today} />
                  ))}
                </tbody>
                <tfoot className="border-t bg-muted/30 font-medium" data-testid="sow-totals">
                  {data.totals.map((t) => (
                    <tr key={t.currency}>
                      <th scope="row" colSpan={6} className="px-3 py-2 text-left">
                        Total of {t.count} SOW{t.count === 1 ? "" : "s"}
                        {data.totals.length > 1 ? ` in ${t.currency}` : ""}
                        {data.total > data.items.length ? (
                          <span className="font-normal text-muted-foreground"> (every page)</span>
                        ) : null}
                      </th>
                      <td className="px-3 py-2 text-right" data-col="fee">
                        <Money value={t.feeMinor} currency={t.currency} />
                      </td>
                    </tr>
                  ))}
                </tfoot>
              </table>
            </div>
            <ul className="space-y-2 md:hidden" aria-label="Statements of work">
              {data.items.map((sow) => (
                <SowCard key={sow.id} sow={sow} today={today} />
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
      <NewSowDialog open={creating} onOpenChange={setCreating} />
    </Page>
  );
}

const day = (value: string, today: string) => (today ? formatListDay(value, today) : value);

/** "v2" — and, when an earlier version is the signed one, "v3 · v2 signed". */
function versionText(sow: SowListItem): string {
  return sow.signedVersion !== null && sow.signedVersion !== sow.version
    ? `v${sow.version} · v${sow.signedVersion} signed`
    : `v${sow.version}`;
}

function SowRow({ sow, today }: { sow: SowListItem; today: string }) {
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30" data-testid="sow-row">
      <td className="px-3 py-2 whitespace-nowrap">
        <Link to={sowHref(sow.id)} className="font-medium hover:underline">
          {sow.displayNumber}
        </Link>
        <div className="text-xs text-muted-foreground">{versionText(sow)}</div>
      </td>
      <td className="max-w-64 px-3 py-2">
        <div className="truncate">{sow.title}</div>
      </td>
      <td className="max-w-56 px-3 py-2">
        <div className="truncate">{sow.clientName}</div>
      </td>
      <td className="max-w-64 px-3 py-2">
        <div className="truncate">{sow.projectName ?? "Unknown project"}</div>
        {sow.budgetId ? (
          <Link
            to={`/finance/budgets/${encodeURIComponent(sow.budgetId)}`}
            className="block truncate text-xs text-muted-foreground hover:underline"
          >
            {sow.budgetName}
          </Link>
        ) : (
          <span className="block text-xs text-muted-foreground">No budget</span>
        )}
      </td>
      <td className="px-3 py-2 whitespace-nowrap text-muted-foreground">{day(sow.date, today)}</td>
      <td className="px-3 py-2">
        <SowStatusBadge status={sow.status} />
      </td>
      <td className="px-3 py-2 text-right">
        <Money value={sow.feeMinor} currency={sow.currency} />
      </td>
    </tr>
  );
}

function SowCard({ sow, today }: { sow: SowListItem; today: string }) {
  return (
    <li>
      <Link
        to={sowHref(sow.id)}
        className="block rounded-xl border bg-card p-3 shadow-xs active:bg-muted/40"
        data-testid="sow-card"
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate font-medium">
              {sow.displayNumber} · {sow.clientName}
            </p>
            <p className="truncate text-xs text-muted-foreground">
              {sow.title} · {sow.projectName ?? "Unknown project"}
            </p>
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <SowStatusBadge status={sow.status} />
          </div>
        </div>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
          <div>
            <dt className="text-muted-foreground">Fee</dt>
            <dd>
              <Money value={sow.feeMinor} currency={sow.currency} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Version</dt>
            <dd>{versionText(sow)}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Date</dt>
            <dd>{day(sow.date, today)}</dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}

/** Below 768 px the table's footer is a card: the fee totals of every page of the filtered set. */
function TotalsCard({ totals }: { totals: SowListResponse["totals"] }) {
  if (totals.length === 0) return null;
  return (
    <div
      className="mt-2 space-y-2 rounded-xl border bg-muted/30 p-3 text-xs md:hidden"
      data-testid="sow-totals-card"
    >
      {totals.map((t) => (
        <div key={t.currency} className="flex justify-between gap-2">
          <p className="font-medium">
            Total of {t.count} SOW{t.count === 1 ? "" : "s"}
            {totals.length > 1 ? ` in ${t.currency}` : ""}
          </p>
          <Money value={t.feeMinor} currency={t.currency} className="font-medium" />
        </div>
      ))}
    </div>
  );
}
