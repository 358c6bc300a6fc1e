import { useEffect, useMemo, useState, type ReactNode } from "react";
import {
  ChevronLeft,
  ChevronRight,
  Download,
  Plus,
  RefreshCw,
  Search,
  SlidersHorizontal,
  TriangleAlert,
} from "lucide-react";
import { Link, useSearchParams } from "react-router";
import { toast } from "sonner";
import { formatHours, isAdminRole, MESSAGES, toIsoDate, UNKNOWN_SPACE_NAME } from "@domain/index";
import { formatBasisPoints } from "@domain/money";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, Page } from "@/features/app-shell/page";
import { useClickupStatus } from "@/features/clickup/api";
import { useNavProjects } from "@/features/navigation/use-nav-data";
import { useIsMobile } from "@/features/projects/use-is-mobile";
import { TimeOffDialog } from "@/features/settings/time-off-dialog";
import { currentWorkspace, useSession } from "@/features/session/use-session";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import {
  UNASSIGNED,
  useCapacityPeople,
  useWorkload,
  useWorkspaceSettings,
  type WorkloadPerson,
  type WorkloadResponse,
} from "./api";
import { CellDialog, type OpenCell } from "./cell-dialog";
import { BAR_CLASS, FILL_CLASS, HATCH, OVER_CLASS } from "./cell-style";
import {
  dayInfos,
  gridItems,
  minutesToHours,
  moneyFigure,
  searchPeople,
  showUnassigned,
  targetState,
  UNASSIGNED_LABEL,
} from "./model";
import {
  shiftView,
  viewWindow,
  weekStartsOn,
  windowLabel,
  workloadQuery,
  writeView,
  readView,
  ZOOM_LABEL,
  ZOOMS,
  type ViewChanges,
  type WorkloadView,
} from "./view";
import { WorkloadGrid } from "./workload-grid";
import { WorkloadMobile } from "./workload-mobile";

/** requireTenant's refusal of a user with no workspace (server/auth/middleware.ts). */
function isNoWorkspace(error: unknown): boolean {
  return (
    error instanceof ApiError && error.status === 403 && /assigned to an organization/i.test(error.message)
  );
}

/** Spec §8: 'No Organization Access' for a user without a workspace. */
export function toastNoOrganizationAccess(): void {
  toast.error(MESSAGES.noOrganizationAccess.title, {
    id: "no-organization-access",
    description: MESSAGES.noOrganizationAccess.description,
  });
}

/**
 * Workload (/workload, PRODUCT.md → Workload): a person × day grid of booked hours against
 * capacity for 2 weeks, a month or a quarter, filters in the URL, tasks behind every cell.
 */
export function WorkloadPage() {
  const session = useSession();
  const workspace = currentWorkspace(session.data);
  const admin = isAdminRole(workspace?.role);
  const [params, setParams] = useSearchParams();
  const today = toIsoDate(new Date()) as string;
  const view = readView(params, today);
  const settings = useWorkspaceSettings();
  const starts = weekStartsOn(settings.data?.weekStart);
  const window = viewWindow(view.zoom, view.date, starts);
  const query = workloadQuery(view, window);
  const workload = useWorkload(query, !settings.isPending);
  const data = workload.data;
  const isMobile = useIsMobile();
  const [openCell, setOpenCell] = useState<OpenCell | null>(null);
  const [timeOffOpen, setTimeOffOpen] = useState(false);

  const update = (changes: ViewChanges) => setParams(writeView(params, changes), { replace: true });

  // Spec §8 toasts: no workspace, else the fetch failure.
  useEffect(() => {
    if (!workload.error) return;
    if (isNoWorkspace(workload.error)) toastNoOrganizationAccess();
    else {
      toast.error(MESSAGES.workloadFetchFailed.title, {
        id: "workload-fetch-failed",
        description: MESSAGES.workloadFetchFailed.description,
      });
    }
  }, [workload.error]);

  const csvHref = `/api/workload.csv?${query.toString()}`;
  const inWindow = today >= window.from && today <= window.to;

  return (
    <Page
      title="Workload"
      description="Booked hours against capacity, person by person and day by day."
      actions={
        <div className="flex flex-wrap gap-2">
          <TimeOffButton data={data} admin={admin} onOpen={() => setTimeOffOpen(true)} />
          <Button asChild variant="outline" size="sm">
            <a href={csvHref} download data-testid="workload-csv">
              <Download aria-hidden /> Export CSV
            </a>
          </Button>
        </div>
      }
    >
      <Toolbar
        view={view}
        label={windowLabel(view.zoom, window)}
        inWindow={inWindow}
        onChange={update}
        onShift={(direction) => update({ date: shiftView(view.zoom, view.date, direction, starts) })}
        onToday={() => update({ date: null })}
      />
      <Filters view={view} data={data} onChange={update} />

      {admin && data && data.unresolvedNames > 0 ? (
        <p
          data-testid="unresolved-names"
          className="mb-3 flex items-center gap-2 rounded-lg border border-warning/50 bg-warning/10 px-3 py-2 text-sm"
        >
          <TriangleAlert aria-hidden className="size-4 shrink-0" />
          {data.unresolvedNames} {data.unresolvedNames === 1 ? "person shows" : "people show"} as &lsquo;User
          &#123;id&#125;&rsquo;: their names did not resolve from ClickUp users, time entries or e-mail.
        </p>
      ) : null}

      {workload.isPending ? (
        <div className="space-y-2" aria-busy="true">
          {Array.from({ length: 8 }, (_, i) => (
            <Skeleton key={i} className="h-12 w-full" />
          ))}
        </div>
      ) : !data ? (
        <EmptyState title="Could not load the workload">
          <p>
            {isNoWorkspace(workload.error) ? MESSAGES.noOrganizationAccess.description : "Try again shortly."}
          </p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void workload.refetch()}>
            <RefreshCw aria-hidden /> Try again
          </Button>
        </EmptyState>
      ) : (
        <WorkloadBody
          data={data}
          view={view}
          starts={starts}
          stale={workload.isPlaceholderData}
          isMobile={isMobile}
          onClear={() =>
            update({ space: null, project: null, person: null, role: null, q: "", tentative: true })
          }
          onOpenCell={setOpenCell}
          onOpenPerson={(person) => update({ zoom: "month", person })}
        />
      )}

      <CellDialog cell={openCell} filters={query} onClose={() => setOpenCell(null)} />
      <TimeOffDialog open={timeOffOpen} onOpenChange={setTimeOffOpen} day={inWindow ? today : window.from} />
    </Page>
  );
}

function WorkloadBody({
  data,
  view,
  starts,
  stale,
  isMobile,
  onClear,
  onOpenCell,
  onOpenPerson,
}: {
  data: WorkloadResponse;
  view: WorkloadView;
  starts: 0 | 1;
  stale: boolean;
  isMobile: boolean;
  onClear: () => void;
  onOpenCell: (cell: OpenCell) => void;
  onOpenPerson: (person: string) => void;
}) {
  const clickup = useClickupStatus();
  const days = useMemo(() => dayInfos(data, starts), [data, starts]);
  const people = useMemo(() => searchPeople(data.people, view.q), [data.people, view.q]);
  const unassigned = showUnassigned(data, view.q, view.person);
  const items = useMemo(
    () => gridItems(data, people, view.group, unassigned),
    [data, people, view.group, unassigned],
  );
  const filtered = Boolean(view.q.trim() || view.space || view.project || view.person || view.role);

  const openCell = (person: string, day: string) => {
    const index = data.days.indexOf(day);
    if (person === UNASSIGNED) {
      onOpenCell({
        person,
        name: UNASSIGNED_LABEL,
        day,
        booked: data.unassigned.booked[index] ?? 0,
        tentative: data.unassigned.tentative[index] ?? 0,
        capacity: null,
        timeOff: 0,
      });
      return;
    }
    const row = data.people.find((p) => p.id === person);
    if (!row) return;
    onOpenCell({
      person,
      name: row.name,
      day,
      booked: row.booked[index] ?? 0,
      tentative: row.tentative[index] ?? 0,
      capacity: row.capacity[index] ?? 0,
      timeOff: row.timeOff[index] ?? 0,
    });
  };

  if (people.length === 0 && !unassigned) {
    const notConnected = clickup.data && clickup.data.workspace === null;
    return notConnected ? (
      <EmptyState title="Connect ClickUp to see the workload">
        <p>The grid is built from ClickUp tasks, their assignees and estimates.</p>
        <Button asChild size="sm" className="mt-3">
          <Link to="/settings?tab=clickup">Go to Settings</Link>
        </Button>
      </EmptyState>
    ) : filtered ? (
      <EmptyState title="No one matches these filters">
        <p>Try another search, or clear the filters to see everyone.</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onClear}>
          Clear filters
        </Button>
      </EmptyState>
    ) : (
      <EmptyState title="No people to show yet">
        The grid lists the ClickUp users of this workspace once a sync has brought them in. Start a sync in
        Settings.
      </EmptyState>
    );
  }

  return (
    <div className={cn("transition-opacity", stale && "opacity-60")} aria-busy={stale || undefined}>
      <Summary
        data={data}
        person={
          view.person && view.person !== UNASSIGNED
            ? (data.people.find((p) => p.id === view.person) ?? null)
            : null
        }
      />
      {data.totals.booked + data.totals.tentative === 0 ? (
        <p data-testid="no-estimated-work" className="mb-3 rounded-lg border border-dashed px-3 py-2 text-sm">
          No estimated work from {data.from} to {data.to}. Work shows here when ClickUp tasks have an estimate
          (or an h/d est field) and a start or due date — add them in ClickUp, or look at another window.
        </p>
      ) : null}
      {isMobile ? (
        <WorkloadMobile
          data={data}
          people={people}
          unassigned={unassigned}
          days={days}
          onOpenCell={openCell}
          onOpenPerson={onOpenPerson}
        />
      ) : (
        <>
          <WorkloadGrid
            data={data}
            items={items}
            days={days}
            zoom={view.zoom}
            onOpenCell={openCell}
            onOpenPerson={onOpenPerson}
          />
          <Legend financial={data.canViewFinancials} />
        </>
      )}
    </div>
  );
}

function Toolbar({
  view,
  label,
  inWindow,
  onChange,
  onShift,
  onToday,
}: {
  view: WorkloadView;
  label: string;
  inWindow: boolean;
  onChange: (changes: ViewChanges) => void;
  onShift: (direction: 1 | -1) => void;
  onToday: () => void;
}) {
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          className="size-10 md:size-9"
          aria-label="Previous"
          onClick={() => onShift(-1)}
        >
          <ChevronLeft />
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-10 md:size-9"
          aria-label="Next"
          onClick={() => onShift(1)}
        >
          <ChevronRight />
        </Button>
        {!inWindow ? (
          <Button variant="outline" size="sm" className="h-10 md:h-9" onClick={onToday}>
            Today
          </Button>
        ) : null}
      </div>
      <h2 data-testid="window-label" className="min-w-40 text-base font-semibold">
        {label}
      </h2>
      <div role="group" aria-label="Zoom" className="ml-auto flex rounded-lg bg-muted p-0.5">
        {ZOOMS.map((zoom) => (
          <button
            key={zoom}
            type="button"
            aria-pressed={view.zoom === zoom}
            onClick={() => onChange({ zoom })}
            className={cn(
              "h-9 rounded-md px-3 text-sm font-medium md:h-8",
              view.zoom === zoom ? "bg-background shadow-sm" : "text-muted-foreground hover:text-foreground",
            )}
          >
            {ZOOM_LABEL[zoom]}
          </button>
        ))}
      </div>
    </div>
  );
}

function Filters({
  view,
  data,
  onChange,
}: {
  view: WorkloadView;
  data: WorkloadResponse | undefined;
  onChange: (changes: ViewChanges) => void;
}) {
  const [search, setSearch] = useState(view.q);
  // Phones: the filters fold away behind one button so the load is on the first screen.
  const [open, setOpen] = useState(false);
  const active =
    [view.space, view.project, view.person, view.role].filter(Boolean).length + (view.tentative ? 0 : 1);
  const nav = useNavProjects();
  const people = useCapacityPeople(true);

  // The URL follows the search box 250 ms after typing stops.
  useEffect(() => {
    if (search === view.q) return;
    const t = setTimeout(() => onChange({ q: search }), 250);
    return () => clearTimeout(t);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [search]);

  const spaces = new Map<string, string>();
  for (const p of nav.data?.projects ?? [])
    if (p.spaceId) spaces.set(p.spaceId, p.spaceName ?? UNKNOWN_SPACE_NAME);
  for (const s of data?.spaces ?? []) spaces.set(s.id, s.name);
  const projects = (nav.data?.projects ?? []).filter(
    (p) => p.folderId && (!view.space || p.spaceId === view.space),
  );
  const personOptions = new Map<string, string>();
  for (const p of people.data?.people ?? []) personOptions.set(p.clickupUserId, p.name);
  for (const p of data?.people ?? []) personOptions.set(p.id, p.name);
  const roles = new Set<string>();
  for (const p of people.data?.people ?? []) for (const r of p.roleTags) roles.add(r);
  for (const p of data?.people ?? []) for (const r of p.roles) roles.add(r);
  if (view.role) roles.add(view.role);
  const byName = (a: [string, string], b: [string, string]) => a[1].localeCompare(b[1]);

  const select = "h-10 min-w-0 rounded-md border bg-background px-2 text-sm md:h-9";
  return (
    <>
      <Button
        variant="outline"
        className="mb-3 h-11 w-full md:hidden"
        aria-expanded={open}
        aria-controls="workload-filters"
        onClick={() => setOpen((o) => !o)}
      >
        <SlidersHorizontal aria-hidden /> {open ? "Hide filters" : "Search and filters"}
        {active ? ` (${active})` : ""}
      </Button>
      <div
        id="workload-filters"
        className={cn(
          "mb-3 grid-cols-2 gap-2 md:flex md:flex-wrap md:items-center",
          open ? "grid" : "hidden",
        )}
      >
        <div className="relative col-span-2 md:w-56">
          <Search
            aria-hidden
            className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            type="search"
            aria-label="Search people"
            placeholder="Search people…"
            className="h-10 pl-9 md:h-9"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <select
          aria-label="Space"
          className={select}
          value={view.space ?? ""}
          onChange={(e) => onChange({ space: e.target.value || null, project: null })}
        >
          <option value="">All spaces</option>
          {[...spaces].sort(byName).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
        </select>
        <select
          aria-label="Project"
          className={cn(select, "md:max-w-56")}
          value={view.project ?? ""}
          onChange={(e) => onChange({ project: e.target.value || null })}
        >
          <option value="">All projects</option>
          {projects.map((p) => (
            <option key={p.id} value={p.folderId ?? ""}>
              {p.name}
            </option>
          ))}
        </select>
        <select
          aria-label="Person"
          className={cn(select, "md:max-w-48")}
          value={view.person ?? ""}
          onChange={(e) => onChange({ person: e.target.value || null })}
        >
          <option value="">All people</option>
          {[...personOptions].sort(byName).map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
          <option value={UNASSIGNED}>{UNASSIGNED_LABEL}</option>
        </select>
        <select
          aria-label="Role"
          className={select}
          value={view.role ?? ""}
          onChange={(e) => onChange({ role: e.target.value || null })}
        >
          <option value="">All roles</option>
          {[...roles].sort().map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
        <label className="flex h-10 items-center gap-2 text-sm md:h-9">
          <input
            type="checkbox"
            className="size-4"
            checked={view.tentative}
            onChange={(e) => onChange({ tentative: e.target.checked })}
          />
          Include tentative
        </label>
        <div
          role="group"
          aria-label="Group rows by"
          className="hidden items-center gap-1 text-sm md:ml-auto md:flex"
        >
          <span className="text-muted-foreground">Group by</span>
          {(["role", "space"] as const).map((group) => (
            <button
              key={group}
              type="button"
              aria-pressed={view.group === group}
              onClick={() => onChange({ group })}
              className={cn(
                "h-9 rounded-md border px-2.5 md:h-8",
                view.group === group ? "border-primary bg-primary/10 font-medium" : "text-muted-foreground",
              )}
            >
              {group === "role" ? "Role" : "Space"}
            </button>
          ))}
        </div>
      </div>
    </>
  );
}

/**
 * The window's totals; with a person open (their month), theirs and their utilisation target.
 * Money only for canViewFinancials, through the domain formatter, saying what is unpriced.
 */
function Summary({ data, person }: { data: WorkloadResponse; person: WorkloadPerson | null }) {
  const t = person ? person.totals : data.totals;
  const target = person?.utilisationTargetBp ?? null;
  const state = targetState(t.utilisationBp, target);
  const facts: [string, ReactNode][] = [
    ["Booked", formatHours(minutesToHours(t.booked))],
    ["Tentative", formatHours(minutesToHours(t.tentative))],
    ["Capacity", formatHours(minutesToHours(t.capacity))],
    [
      "Utilisation",
      <span
        key="u"
        data-testid="summary-utilisation"
        data-vs-target={state ?? undefined}
        className={cn(state === "below" && "text-amber-800", state === "met" && "text-emerald-800")}
      >
        {t.utilisationBp === null ? "—" : formatBasisPoints(t.utilisationBp)}
      </span>,
    ],
  ];
  if (target !== null) {
    facts.push([
      "Target",
      <span key="t" data-testid="summary-target">
        {formatBasisPoints(target)}
        {state ? ` (${state === "met" ? "met" : "below"})` : ""}
      </span>,
    ]);
  }
  if (t.overdueTasks > 0) facts.push(["Overdue tasks", String(t.overdueTasks)]);
  if (data.canViewFinancials) {
    for (const [label, figure] of [
      ["Cost", moneyFigure("Cost", t.cost, t.unpricedCostMinutes, data.currency)],
      ["Revenue", moneyFigure("Revenue", t.revenue, t.unpricedRevenueMinutes, data.currency)],
    ] as const) {
      facts.push([
        label,
        <span key={label} data-testid={`summary-${label.toLowerCase()}`} title={figure.description}>
          {figure.text}
          {figure.partly ? (
            <span className="ml-1 text-xs font-normal text-amber-800">(partly unpriced)</span>
          ) : null}
        </span>,
      ]);
    }
  }
  return (
    <dl data-testid="workload-summary" className="mb-3 flex flex-wrap gap-x-6 gap-y-1 text-sm">
      {person ? (
        <div className="flex gap-1.5">
          <dt className="sr-only">Person</dt>
          <dd className="font-semibold">{person.name}</dd>
        </div>
      ) : null}
      {facts.map(([label, value]) => (
        <div key={label} className="flex gap-1.5">
          <dt className="text-muted-foreground">{label}</dt>
          <dd className="font-medium tabular-nums">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Legend({ financial }: { financial: boolean }) {
  const swatch = "inline-block h-3.5 w-5 rounded-sm align-middle";
  return (
    <ul aria-label="Legend" className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-xs text-muted-foreground">
      <li>
        <span className={cn(swatch, FILL_CLASS.green)}>
          <span className={cn("block h-1 w-1/3 translate-y-2.5", BAR_CLASS.green)} />
        </span>{" "}
        up to 4h
      </li>
      <li>
        <span className={cn(swatch, FILL_CLASS.blue)} /> up to 8h
      </li>
      <li>
        <span className={cn(swatch, FILL_CLASS.orange)} /> up to 10h
      </li>
      <li>
        <span className={cn(swatch, FILL_CLASS.red)} /> above 10h
      </li>
      <li>
        <span className={cn(swatch, "bg-card", OVER_CLASS)} /> over 8h
      </li>
      <li>
        <span className={cn(swatch, "bg-violet-50")} style={HATCH} /> tentative (Bid)
      </li>
      <li>
        <span className={cn(swatch, "relative bg-violet-100/60")}>
          <span className="absolute inset-x-0 top-0 h-1 bg-violet-500" />
        </span>{" "}
        time off
      </li>
      <li>
        <span className={cn(swatch, "bg-muted/70")} /> day off
      </li>
      <li>
        <span className="inline-block size-2 rounded-full bg-destructive align-middle" /> overdue
      </li>
      <li>
        <span className="font-medium text-emerald-800">✓</span> /{" "}
        <span className="font-medium text-amber-800">↓</span> utilisation target met / below
      </li>
      {financial ? (
        <li>
          <span className="text-amber-800">*</span> partly unpriced (hours without a rate)
        </li>
      ) : null}
    </ul>
  );
}

/** Admins enter time off for anyone; a member for their own linked ClickUp user. */
function TimeOffButton({
  data,
  admin,
  onOpen,
}: {
  data: WorkloadResponse | undefined;
  admin: boolean;
  onOpen: () => void;
}) {
  const clickup = useClickupStatus();
  if (!data || (!admin && !clickup.data?.me)) return null;
  return (
    <Button variant="outline" size="sm" onClick={onOpen}>
      <Plus aria-hidden /> Add time off
    </Button>
  );
}
