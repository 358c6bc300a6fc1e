import { useState } from "react";
import { Download, Plus, Search } from "lucide-react";
import { Link } from "react-router";
import { BUDGET_STATUSES } from "@domain/budget-lifecycle";
import { formatDateTime, formatListDay } from "@domain/index";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, Page } from "@/features/app-shell/page";
import { useNavProjects } from "@/features/navigation/use-nav-data";
import { SELECT_CLASS } from "@/features/settings/form-fields";
import { cn } from "@/lib/cn";
import { listSort, useListUrlState } from "@/lib/list-url-state";
import { useBudgetList, type BudgetListItem, type BudgetSortKey } from "./api";
import { listExportHref, revisionName, STATUS_LABEL } from "./figures";
import { NewBudgetDialog } from "./new-budget-dialog";
import { BudgetStatusBadge, Money, Variance } from "./status-badge";
import { SortHeader } from "@/components/sort-header";

const SORTS: { value: `${BudgetSortKey}:${"asc" | "desc"}`; label: string }[] = [
  { value: "updatedAt:desc", label: "Last changed (newest first)" },
  { value: "updatedAt:asc", label: "Last changed (oldest first)" },
  { value: "name:asc", label: "Name (A–Z)" },
  { value: "name:desc", label: "Name (Z–A)" },
  { value: "grandTotal:desc", label: "Grand total (highest first)" },
  { value: "grandTotal:asc", label: "Grand total (lowest first)" },
];

/**
 * Budgets (/finance/budgets): every budget with project, client, revision, status, grand total,
 * actual to date and variance. Filters, sort and page live in the URL; the CSV holds exactly
 * what is filtered (the server's export of the same query).
 */
export function BudgetsListPage() {
  const { params, update, search, setSearch } = useListUrlState();
  const [creating, setCreating] = useState(false);
  const list = useBudgetList(params.toString());
  const projects = useNavProjects();
  const data = list.data;
  const { sort, dir, toggleSort } = listSort<BudgetSortKey>(
    params,
    update,
    { sort: "updatedAt", dir: "desc" },
    "desc",
  );
  const status = params.get("status") ?? "";
  const projectId = params.get("projectId") ?? "";
  const filtered = Boolean(status || projectId || params.get("search"));
  const folders = (projects.data?.projects ?? [])
    .filter((p): p is typeof p & { folderId: string } => p.folderId !== null)
    .sort((a, b) => a.name.localeCompare(b.name));

  return (
    <Page
      title="Budgets"
      description={
        data
          ? `${data.total} budget${data.total === 1 ? "" : "s"}${filtered ? (data.total === 1 ? " matches" : " match") : ""}`
          : "Budgets on the AICP bid form."
      }
      actions={
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="outline" size="sm">
            <a href={listExportHref(params)} download>
              <Download aria-hidden /> Export CSV
            </a>
          </Button>
          <Button size="sm" onClick={() => setCreating(true)}>
            <Plus aria-hidden /> New budget
          </Button>
        </div>
      }
    >
      <div className="mb-4 flex flex-col gap-3 lg:flex-row lg:items-center">
        <div className="relative lg:w-80">
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search budgets"
            placeholder="Search budget or project…"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap lg:ml-auto">
          <select
            aria-label="Status"
            className={cn(SELECT_CLASS, "sm:w-40")}
            value={status}
            onChange={(e) => update({ status: e.target.value || null })}
          >
            <option value="">All statuses</option>
            {BUDGET_STATUSES.filter((s) => s !== "superseded").map((s) => (
              <option key={s} value={s}>
                {STATUS_LABEL[s]}
              </option>
            ))}
          </select>
          <select
            aria-label="Project"
            className={cn(SELECT_CLASS, "sm:w-56")}
            value={projectId}
            onChange={(e) => update({ projectId: e.target.value || null })}
          >
            <option value="">All projects</option>
            {folders.map((p) => (
              <option key={p.folderId} value={p.folderId}>
                {p.name}
              </option>
            ))}
          </select>
          <select
            aria-label="Sort by"
            className={cn(SELECT_CLASS, "col-span-2 sm:w-60")}
            value={`${sort}:${dir}`}
            onChange={(e) => {
              const [key, d] = e.target.value.split(":");
              update({ sort: key ?? null, dir: d ?? null }, false);
            }}
          >
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
        <EmptyState title="Could not load budgets">{list.error.message}</EmptyState>
      ) : data && data.total === 0 ? (
        filtered ? (
          <EmptyState title="No budgets match">Try another search or clear the filters.</EmptyState>
        ) : (
          <EmptyState title="No budgets yet">
            Create a budget to estimate a job on the AICP standard bid form: choose New budget, pick the
            project, then enter its lines section by section.
            <div className="mt-4">
              <Button size="sm" onClick={() => setCreating(true)}>
                <Plus aria-hidden /> New budget
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
            <table className="w-full text-sm" aria-label="Budgets">
              <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                <tr>
                  <SortHeader label="Budget" col="name" sort={sort} dir={dir} onSort={toggleSort} />
                  <th scope="col" className="px-3 py-2 font-medium">
                    Client
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Version
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Status
                  </th>
                  <SortHeader
                    label="Grand total"
                    col="grandTotal"
                    sort={sort}
                    dir={dir}
                    onSort={toggleSort}
                    numeric
                  />
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Actual to date
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Variance
                  </th>
                  <SortHeader
                    label="Changed"
                    col="updatedAt"
                    sort={sort}
                    dir={dir}
                    onSort={toggleSort}
                    numeric
                  />
                </tr>
              </thead>
              <tbody>
                {data.items.map((b) => (
                  <BudgetRow key={b.id} budget={b} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-2 md:hidden" aria-label="Budgets">
            {data.items.map((b) => (
              <BudgetCard key={b.id} budget={b} />
            ))}
          </ul>
          <LabourAsOf items={data.items} />
          <Pager
            page={data.page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(next) => update({ page: String(next) }, false)}
          />
        </>
      ) : null}
      <NewBudgetDialog open={creating} onOpenChange={setCreating} />
    </Page>
  );
}

const budgetHref = (id: string) => `/finance/budgets/${encodeURIComponent(id)}`;

function BudgetRow({ budget: b }: { budget: BudgetListItem }) {
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30" data-testid="budget-row">
      <td className="max-w-72 px-3 py-2">
        <Link to={budgetHref(b.id)} className="font-medium hover:underline">
          {b.name}
        </Link>
        <div className="truncate text-xs text-muted-foreground">{b.projectName ?? "Unknown project"}</div>
      </td>
      <td className="px-3 py-2">{b.clientName ?? <span className="text-muted-foreground">—</span>}</td>
      <td className="px-3 py-2 whitespace-nowrap">{revisionName(b.latestRevisionNumber)}</td>
      <td className="px-3 py-2">
        <BudgetStatusBadge status={b.status} />
      </td>
      <td className="px-3 py-2 text-right">
        <Money value={b.grandTotalMinor} currency={b.currency} />
      </td>
      <td className="px-3 py-2 text-right">
        <Money value={b.actualMinor} currency={b.currency} />
      </td>
      <td className="px-3 py-2 text-right">
        <Variance value={b.varianceMinor} currency={b.currency} />
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap text-muted-foreground">
        {formatListDay(b.updatedAt.slice(0, 10), Date.now())}
      </td>
    </tr>
  );
}

function BudgetCard({ budget: b }: { budget: BudgetListItem }) {
  return (
    <li>
      <Link
        to={budgetHref(b.id)}
        className="block rounded-xl border bg-card p-3 shadow-xs active:bg-muted/40"
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate font-medium">{b.name}</p>
            <p className="truncate text-xs text-muted-foreground">
              {b.projectName ?? "Unknown project"} · {b.clientName ?? "No client"} ·{" "}
              {revisionName(b.latestRevisionNumber)}
            </p>
          </div>
          <BudgetStatusBadge status={b.status} />
        </div>
        <dl className="mt-2 grid grid-cols-3 gap-2 text-xs">
          <div>
            <dt className="text-muted-foreground">Grand total</dt>
            <dd>
              <Money value={b.grandTotalMinor} currency={b.currency} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Actual</dt>
            <dd>
              <Money value={b.actualMinor} currency={b.currency} />
            </dd>
          </div>
          <div>
            <dt className="text-muted-foreground">Variance</dt>
            <dd>
              <Variance value={b.varianceMinor} currency={b.currency} />
            </dd>
          </div>
        </dl>
      </Link>
    </li>
  );
}

/** When the page's labour from time entries was summed (its oldest); a budget's own page is live. */
function LabourAsOf({ items }: { items: readonly { labourAsOf: string | null }[] }) {
  const times = items.map((b) => b.labourAsOf).filter((t): t is string => t !== null);
  if (times.length === 0) return null;
  const oldest = times.reduce((a, b) => (a < b ? a : b));
  return (
    <p className="mt-2 text-xs text-muted-foreground" data-testid="labour-as-of">
      Actual to date includes labour from time entries as summed on {formatDateTime(oldest)}; a budget&apos;s
      own page shows it live.
    </p>
  );
}
