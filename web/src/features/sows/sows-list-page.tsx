import { useMemo, useState } from "react";
import { Plus } from "lucide-react";
import { Link } from "react-router";
import { formatListDay } from "@domain/index";
import { SOW_STATUS_LABEL, SOW_STATUSES } from "@domain/sows";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { SortHeader } from "@/components/sort-header";
import {
  countLabel,
  DateRangeFilter,
  FilterSelect,
  ListBody,
  ListTable,
  ListToolbar,
  SortSelect,
  TotalsCard,
  totalsTitle,
  type SortOption,
} from "@/components/document-list";
import { EmptyState, Page } from "@/features/app-shell/page";
import { Money } from "@/features/budgets/status-badge";
import { useClientList } from "@/features/invoices/api";
import { useNavProjects } from "@/features/navigation/use-nav-data";
import { useAppToday } from "@/features/vendor-bills/api";
import { listSort, useListUrlState } from "@/lib/list-url-state";
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

const NOUN = ["SOW", "SOWs"] as const;
const TOTAL_FIGURES = [{ label: "Fee", value: (t: SowListResponse["totals"][number]) => t.feeMinor }];

const SORTS: SortOption<SowSortKey>[] = [
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
  const { sort, dir, toggleSort, setSort } = listSort<SowSortKey>(params, update, {
    sort: "number",
    dir: "desc",
  });
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
        <ListToolbar
          searchLabel="Search statements of work"
          searchPlaceholder="Search number, title or client…"
          search={search}
          onSearch={setSearch}
          count={data ? countLabel(data.total, NOUN, filtered) : null}
          exportHref={sowExportHref(params)}
          columns={6}
        >
          <FilterSelect
            label="Status"
            allLabel="All statuses"
            value={status}
            options={SOW_STATUSES.map((s) => ({ value: s, label: SOW_STATUS_LABEL[s] }))}
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
            options={projects.map((p) => ({ value: p.folderId, label: p.name }))}
            onChange={(v) => update({ projectId: v })}
          />
          <DateRangeFilter
            fromLabel="Dated from"
            toLabel="Dated to"
            from={from}
            to={to}
            onFrom={(v) => update({ from: v })}
            onTo={(v) => update({ to: v })}
          />
          <SortSelect options={SORTS} sort={sort} dir={dir} onChange={setSort} />
        </ListToolbar>

        <ListBody
          query={list}
          total={data?.total}
          filtered={filtered}
          errorTitle="Could not load statements of work"
          noMatchTitle="No statements of work match"
          empty={
            <EmptyState title="No statements of work yet">
              Agree the work with a client with New SOW: pick the project and client, write the scope, choose
              the deliverables, set the fee and the payment schedule, then send it to be signed.
              <div className="mt-4">
                <Button size="sm" onClick={() => setCreating(true)}>
                  <Plus aria-hidden /> New SOW
                </Button>
              </div>
            </EmptyState>
          }
        >
          {data ? (
            <>
              <ListTable label="Statements of work" dimmed={list.isPlaceholderData}>
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
                        {totalsTitle(t, NOUN, data.totals.length)}
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
              </ListTable>
              <ul className="space-y-2 md:hidden" aria-label="Statements of work">
                {data.items.map((sow) => (
                  <SowCard key={sow.id} sow={sow} today={today} />
                ))}
              </ul>
              <TotalsCard totals={data.totals} noun={NOUN} figures={TOTAL_FIGURES} testId="sow-totals-card" />
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
