import { ArrowDown, ArrowUp, ArrowUpDown, Download, Search } from "lucide-react";
import { Link } from "react-router";
import {
  clampPercent,
  formatHours,
  formatListDay,
  UNKNOWN_SPACE_NAME,
  type ProjectPhase,
} from "@domain/index";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, Page } from "@/features/app-shell/page";
import { cn } from "@/lib/cn";
import { useListUrlState } from "@/lib/list-url-state";
import { useProjectList, type ProjectListItem, type ProjectSortKey } from "./api";
import { PHASE_LABEL } from "./format";
import { StatusPill } from "@/components/status-pill";

const COLUMNS: { key: ProjectSortKey; label: string; className?: string; numeric?: boolean }[] = [
  { key: "jobCode", label: "Job Code" },
  { key: "name", label: "Project" },
  { key: "client", label: "Client" },
  { key: "phase", label: "Phase" },
  { key: "status", label: "Status" },
  { key: "producer", label: "Producer" },
  { key: "startDate", label: "Start" },
  { key: "endDate", label: "End" },
  { key: "percentComplete", label: "% Complete", numeric: true },
  { key: "loggedHours", label: "Hours (logged / est.)", numeric: true },
];

const PHASES: ProjectPhase[] = ["bid", "creative", "post", "other"];

/** All Projects (/projects): server-side search, filters, sort and paging; CSV from the server. */
export function AllProjectsPage() {
  const { params, update, search, setSearch } = useListUrlState();
  const list = useProjectList(params);
  const data = list.data;
  const sort = (params.get("sort") as ProjectSortKey | null) ?? "name";
  const dir = params.get("dir") === "desc" ? "desc" : "asc";
  const phase = params.get("phase") ?? "";
  const spaceId = params.get("spaceId") ?? "";

  const toggleSort = (key: ProjectSortKey) =>
    update({ sort: key, dir: sort === key && dir === "asc" ? "desc" : "asc" }, false);

  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  exportParams.delete("pageSize");
  const exportHref = `/api/projects/export.csv${exportParams.size ? `?${exportParams}` : ""}`;
  const page = data?.page ?? 1;

  return (
    <Page
      title="All Projects"
      description={data ? `${data.totalAll} projects in this workspace` : "Every project of this workspace."}
      actions={
        <Button asChild variant="outline" size="sm">
          <a href={exportHref} download>
            <Download aria-hidden /> Export CSV
          </a>
        </Button>
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
            aria-label="Search projects"
            placeholder="Search name, job code, client, producer…"
            className="pl-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div role="group" aria-label="Phase" className="flex flex-wrap gap-1">
          <PhaseChip active={!phase} onClick={() => update({ phase: null })} label="All phases" />
          {PHASES.map((p) => (
            <PhaseChip
              key={p}
              active={phase === p}
              onClick={() => update({ phase: phase === p ? null : p })}
              label={PHASE_LABEL[p]}
              count={data?.phaseCounts[p]}
            />
          ))}
        </div>
        <select
          aria-label="Space"
          className="h-9 rounded-md border bg-background px-3 text-sm lg:ml-auto"
          value={spaceId}
          onChange={(e) => update({ spaceId: e.target.value || null })}
        >
          <option value="">All spaces</option>
          {data?.spaces.map((s) => (
            <option key={s.id ?? "none"} value={s.id ?? "none"}>
              {s.name ?? UNKNOWN_SPACE_NAME} ({s.count})
            </option>
          ))}
        </select>
      </div>

      {list.isPending ? (
        <div className="space-y-2">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-11 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState title="Could not load projects">{list.error.message}</EmptyState>
      ) : data && data.total === 0 ? (
        <EmptyState title={data.totalAll === 0 ? "No projects yet" : "No projects match"}>
          {data.totalAll === 0
            ? "Projects appear here after the workspace is connected to ClickUp and synced."
            : "Try another search or clear the filters."}
        </EmptyState>
      ) : data ? (
        <>
          <div
            className={cn(
              "hidden overflow-x-auto rounded-xl border bg-card md:block",
              list.isPlaceholderData && "opacity-60",
            )}
          >
            <table className="w-full text-sm">
              <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                <tr>
                  {COLUMNS.map((c) => (
                    <th
                      key={c.key}
                      scope="col"
                      aria-sort={sort === c.key ? (dir === "asc" ? "ascending" : "descending") : "none"}
                      className={cn("px-3 py-2 font-medium whitespace-nowrap", c.numeric && "text-right")}
                    >
                      <button
                        type="button"
                        onClick={() => toggleSort(c.key)}
                        className="inline-flex items-center gap-1 hover:text-foreground"
                      >
                        {c.label}
                        {sort === c.key ? (
                          dir === "asc" ? (
                            <ArrowUp aria-hidden className="size-3" />
                          ) : (
                            <ArrowDown aria-hidden className="size-3" />
                          )
                        ) : (
                          <ArrowUpDown aria-hidden className="size-3 opacity-40" />
                        )}
                      </button>
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {data.items.map((p) => (
                  <ProjectRow key={p.id} project={p} />
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-2 md:hidden">
            {data.items.map((p) => (
              <ProjectCard key={p.id} project={p} />
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(next) => update({ page: String(next) }, false)}
          />
        </>
      ) : null}
    </Page>
  );
}

function PhaseChip({
  active,
  onClick,
  label,
  count,
}: {
  active: boolean;
  onClick: () => void;
  label: string;
  count?: number;
}) {
  return (
    <button
      type="button"
      aria-pressed={active}
      onClick={onClick}
      className={cn(
        "rounded-full border px-3 py-1 text-xs font-medium transition-colors",
        active ? "border-primary bg-primary text-primary-foreground" : "bg-background hover:bg-accent",
      )}
    >
      {label}
      {count !== undefined ? <span className="ml-1 opacity-70">{count}</span> : null}
    </button>
  );
}

function Percent({ value }: { value: number }) {
  return (
    <div className="flex items-center justify-end gap-2">
      <div className="h-1.5 w-14 overflow-hidden rounded-full bg-muted">
        <div className="h-full rounded-full bg-primary" style={{ width: `${clampPercent(value)}%` }} />
      </div>
      <span className="w-10 text-right tabular-nums">{value}%</span>
    </div>
  );
}

function ProjectRow({ project: p }: { project: ProjectListItem }) {
  const today = Date.now();
  const href = `/projects/${encodeURIComponent(p.id)}`;
  return (
    <tr className="border-b last:border-0 hover:bg-muted/30">
      <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{p.jobCode}</td>
      <td className="max-w-64 px-3 py-2">
        <Link to={href} className="font-medium hover:underline">
          {p.name}
        </Link>
        <div className="truncate text-xs text-muted-foreground">{p.spaceName ?? UNKNOWN_SPACE_NAME}</div>
      </td>
      <td className="px-3 py-2">{p.client ?? <span className="text-muted-foreground">—</span>}</td>
      <td className="px-3 py-2">{PHASE_LABEL[p.phase]}</td>
      <td className="px-3 py-2">
        <StatusPill status={p.status} rule="project" />
      </td>
      <td className="max-w-40 truncate px-3 py-2">
        {p.producer || <span className="text-muted-foreground">—</span>}
      </td>
      <td className="px-3 py-2 whitespace-nowrap">{formatListDay(p.startDate, today)}</td>
      <td className="px-3 py-2 whitespace-nowrap">{formatListDay(p.endDate, today)}</td>
      <td className="px-3 py-2">
        <Percent value={p.percentComplete} />
      </td>
      <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
        {formatHours(p.loggedHours)} / {formatHours(p.estimatedHours)}
      </td>
    </tr>
  );
}

function ProjectCard({ project: p }: { project: ProjectListItem }) {
  const today = Date.now();
  return (
    <li>
      <Link
        to={`/projects/${encodeURIComponent(p.id)}`}
        className="block rounded-xl border bg-card p-3 shadow-xs active:bg-muted/40"
      >
        <div className="flex items-start justify-between gap-2">
          <div className="min-w-0">
            <p className="truncate font-medium">{p.name}</p>
            <p className="truncate text-xs text-muted-foreground">
              {p.jobCode} · {p.client ?? "No client"} · {PHASE_LABEL[p.phase]}
            </p>
          </div>
          <StatusPill status={p.status} rule="project" />
        </div>
        <div className="mt-2 flex items-center justify-between text-xs text-muted-foreground">
          <span>
            {formatListDay(p.startDate, today)} – {formatListDay(p.endDate, today)}
          </span>
          <span className="tabular-nums">
            {formatHours(p.loggedHours)} / {formatHours(p.estimatedHours)} · {p.percentComplete}%
          </span>
        </div>
      </Link>
    </li>
  );
}
