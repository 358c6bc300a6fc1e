import { useEffect, useMemo, useRef, useState } from "react";
import {
  CalendarDays,
  CalendarRange,
  ChevronLeft,
  ChevronRight,
  List,
  PanelLeft,
  RefreshCw,
  SlidersHorizontal,
} from "lucide-react";
import { Link } from "react-router";
import { toIsoDate } from "@domain/index";
import { Button } from "@/components/ui/button";
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from "@/components/ui/sheet";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, Page } from "@/features/app-shell/page";
import { useClickupStatus } from "@/features/clickup/api";
import { useIsMobile } from "@/features/projects/use-is-mobile";
import { useWorkspaceSettings } from "@/features/workload/api";
import { weekStartsOn } from "@/features/workload/view";
import { ApiError } from "@/lib/api";
import { cn } from "@/lib/cn";
import {
  useCachedItem,
  useCalendar,
  useMoveItem,
  usePendingMoves,
  type CalendarItem,
  type CalendarResponse,
} from "./api";
import { ItemDialog } from "./item-dialog";
import {
  filterParams,
  isFiltered,
  monthGridDays,
  monthOf,
  shiftDate,
  showsDay,
  sidebarProjects,
  VIEW_LABEL,
  VIEW_MODES,
  viewLabel,
  viewRange,
  weekDaysOf,
} from "./model";
import { CalendarSidebar } from "./sidebar";
import { useCalendarUiState, type CalendarStateChange, type CalendarUiState } from "./ui-state";
import { ListView, MonthView, WeekView } from "./views";

const VIEW_ICON = { month: CalendarDays, week: CalendarRange, list: List } as const;

/** The search is sent once typing pauses this long. */
const SEARCH_DELAY_MS = 250;

/** `value`, once it has stayed the same for `ms`. */
function useSettled<T>(value: T, ms: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * Milestones (/calendar, PRODUCT.md → Milestones): milestones, deliverables, shoots, creative
 * and approval tasks by due date, coloured by project; drag one to another day (or pick a date in
 * its detail) to move its due date in ClickUp.
 */
export function CalendarPage() {
  const today = toIsoDate(new Date()) as string;
  const isMobile = useIsMobile();
  const [state, update] = useCalendarUiState(today, isMobile);
  const settings = useWorkspaceSettings();
  const starts = weekStartsOn(settings.data?.weekStart);
  const range = viewRange(state.viewMode, state.currentDate, starts);
  // The sidebar's filters go to the server (SQL filters and counts); the search once typing pauses.
  const searchTerm = useSettled(state.searchTerm, SEARCH_DELAY_MS);
  const filters = useMemo(
    () =>
      filterParams({
        searchTerm,
        visibleFolders: state.visibleFolders,
        visibleMetaTasks: state.visibleMetaTasks,
        selectedFolder: state.selectedFolder,
        selectedMetaTask: state.selectedMetaTask,
      }),
    [searchTerm, state.visibleFolders, state.visibleMetaTasks, state.selectedFolder, state.selectedMetaTask],
  );
  const calendar = useCalendar(
    { ...range, view: state.viewMode === "month" ? "month" : "full", filters },
    !settings.isPending,
  );
  const data = calendar.data;
  const move = useMoveItem();
  const pending = usePendingMoves();
  const [openId, setOpenId] = useState<string | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);

  // The detail follows the cache (an optimistic move shows at once; an item of a '+N more' day is
  // in that day's answer); the last known copy stays while a refetch is on its way.
  const lastOpen = useRef<CalendarItem | null>(null);
  const fromCache = useCachedItem(openId);
  if (fromCache) lastOpen.current = fromCache;
  const openItem = openId ? (fromCache ?? lastOpen.current) : null;

  const projects = useMemo(
    () => (data ? sidebarProjects(data.projects, data.metaTasks, data.noProjectCount, state.searchTerm) : []),
    [data, state.searchTerm],
  );

  const moveTo = (item: CalendarItem, day: string) => {
    if (item.day === day || pending.has(item.id)) return;
    move.mutate({ item, day });
  };
  const moveById = (itemId: string, day: string) => {
    const item = data?.items.find((i) => i.id === itemId);
    if (item) moveTo(item, day);
  };

  const sidebar = (prefix: string) => (
    <CalendarSidebar state={state} projects={projects} onChange={update} idPrefix={prefix} />
  );

  return (
    <Page
      title="Milestones"
      description="Milestones, deliverables, shoots and approvals across your projects, by due date."
    >
      <Toolbar
        state={state}
        label={viewLabel(state.viewMode, state.currentDate, starts)}
        showsToday={showsDay(state.viewMode, state.currentDate, data?.today ?? today, starts)}
        isMobile={isMobile}
        onChange={update}
        onToday={() => update({ currentDate: data?.today ?? today })}
        onOpenSheet={() => setSheetOpen(true)}
      />
      <div className="flex items-start gap-4">
        {!isMobile && state.sidebarVisible ? (
          <aside
            aria-label="Projects and meta tasks"
            className="sticky top-4 flex max-h-[calc(100dvh-8rem)] w-64 shrink-0 flex-col"
          >
            {sidebar("calendar-side")}
          </aside>
        ) : null}
        <section aria-label={VIEW_LABEL[state.viewMode]} className="min-w-0 flex-1">
          <Body
            data={data}
            isPending={calendar.isPending}
            error={calendar.error}
            stale={calendar.isPlaceholderData}
            onRetry={() => void calendar.refetch()}
            state={state}
            filters={filters}
            starts={starts}
            today={data?.today ?? today}
            pending={pending}
            onOpen={(item) => setOpenId(item.id)}
            onMove={moveById}
            onClearFilters={() =>
              update({
                searchTerm: "",
                visibleFolders: {},
                visibleMetaTasks: {},
                selectedFolder: null,
                selectedMetaTask: null,
              })
            }
          />
        </section>
      </div>

      {isMobile ? (
        <Sheet open={sheetOpen} onOpenChange={setSheetOpen}>
          <SheetContent side="left" className="w-[85%] overflow-y-auto p-4">
            <SheetHeader className="p-0 pr-8">
              <SheetTitle>Projects</SheetTitle>
              <SheetDescription>Search, show or hide projects, or focus one.</SheetDescription>
            </SheetHeader>
            {sidebar("calendar-sheet")}
          </SheetContent>
        </Sheet>
      ) : null}

      <ItemDialog
        item={openItem}
        timeZone={data?.timeZone}
        pending={openItem ? pending.has(openItem.id) : false}
        onMove={moveTo}
        onClose={() => setOpenId(null)}
      />
    </Page>
  );
}

function Toolbar({
  state,
  label,
  showsToday,
  isMobile,
  onChange,
  onToday,
  onOpenSheet,
}: {
  state: CalendarUiState;
  label: string;
  showsToday: boolean;
  isMobile: boolean;
  onChange: (change: CalendarStateChange) => void;
  onToday: () => void;
  onOpenSheet: () => void;
}) {
  const shift = (direction: 1 | -1) =>
    onChange((s) => ({ currentDate: shiftDate(s.viewMode, s.currentDate, direction) }));
  return (
    <div className="mb-3 flex flex-wrap items-center gap-2">
      {isMobile ? (
        <Button variant="outline" className="h-10" onClick={onOpenSheet} data-testid="calendar-sheet-button">
          <SlidersHorizontal aria-hidden /> Projects
        </Button>
      ) : (
        <Button
          variant="outline"
          size="icon"
          aria-label={state.sidebarVisible ? "Hide sidebar" : "Show sidebar"}
          aria-pressed={state.sidebarVisible}
          onClick={() => onChange((s) => ({ sidebarVisible: !s.sidebarVisible }))}
        >
          <PanelLeft />
        </Button>
      )}
      <div className="flex items-center gap-1">
        <Button
          variant="outline"
          size="icon"
          className="size-10 md:size-9"
          aria-label="Previous"
          onClick={() => shift(-1)}
        >
          <ChevronLeft />
        </Button>
        <Button variant="outline" size="sm" className="h-10 md:h-9" onClick={onToday} disabled={showsToday}>
          Today
        </Button>
        <Button
          variant="outline"
          size="icon"
          className="size-10 md:size-9"
          aria-label="Next"
          onClick={() => shift(1)}
        >
          <ChevronRight />
        </Button>
      </div>
      <h2 data-testid="calendar-label" aria-live="polite" className="min-w-36 text-base font-semibold">
        {label}
      </h2>
      <div role="group" aria-label="View" className="ml-auto flex rounded-lg bg-muted p-0.5">
        {VIEW_MODES.map((mode) => {
          const Icon = VIEW_ICON[mode];
          return (
            <button
              key={mode}
              type="button"
              aria-pressed={state.viewMode === mode}
              onClick={() => onChange({ viewMode: mode })}
              className={cn(
                "inline-flex h-9 items-center gap-1.5 rounded-md px-3 text-sm font-medium md:h-8",
                state.viewMode === mode
                  ? "bg-background shadow-sm"
                  : "text-muted-foreground hover:text-foreground",
              )}
            >
              <Icon aria-hidden className="size-4" />
              {VIEW_LABEL[mode]}
            </button>
          );
        })}
      </div>
    </div>
  );
}

function Body({
  data,
  isPending,
  error,
  stale,
  onRetry,
  state,
  filters,
  starts,
  today,
  pending,
  onOpen,
  onMove,
  onClearFilters,
}: {
  data: CalendarResponse | undefined;
  isPending: boolean;
  error: Error | null;
  stale: boolean;
  onRetry: () => void;
  state: CalendarUiState;
  filters: Record<string, string>;
  starts: 0 | 1;
  today: string;
  pending: Set<string>;
  onOpen: (item: CalendarItem) => void;
  onMove: (itemId: string, day: string) => void;
  onClearFilters: () => void;
}) {
  const clickup = useClickupStatus();
  if (isPending) {
    return (
      <div className="space-y-2" aria-busy="true">
        {Array.from({ length: 6 }, (_, i) => (
          <Skeleton key={i} className="h-20 w-full" />
        ))}
      </div>
    );
  }
  if (!data) {
    return (
      <EmptyState title="Could not load the milestones">
        <p>{error instanceof ApiError ? error.message : "Try again shortly."}</p>
        <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
          <RefreshCw aria-hidden /> Try again
        </Button>
      </EmptyState>
    );
  }
  const items = data.items;
  const view = { items, today, pending, onOpen, onMove };
  const filtered = isFiltered(state);
  const notice =
    data.rangeTotal === 0 ? (
      clickup.data && clickup.data.workspace === null ? (
        <p className="mb-3 rounded-lg border border-dashed px-3 py-2 text-sm">
          Connect ClickUp to see milestones: they are ClickUp tasks.{" "}
          <Link to="/settings?tab=clickup" className="font-medium underline">
            Go to Settings
          </Link>
        </p>
      ) : (
        <p data-testid="calendar-empty" className="mb-3 rounded-lg border border-dashed px-3 py-2 text-sm">
          Nothing is due in this range. Milestones, deliverables, shoots, creative and approval tasks with a
          due date in ClickUp show here — try another {state.viewMode === "week" ? "week" : "month"}.
        </p>
      )
    ) : data.total === 0 && filtered ? (
      <p
        data-testid="calendar-filtered"
        className="mb-3 flex flex-wrap items-center gap-2 rounded-lg border border-dashed px-3 py-2 text-sm"
      >
        Your search, hidden projects or focus leave nothing to show.
        <Button variant="outline" size="sm" onClick={onClearFilters}>
          Show everything
        </Button>
      </p>
    ) : null;

  return (
    <div className={cn("transition-opacity", stale && "opacity-60")} aria-busy={stale || undefined}>
      {notice}
      {state.viewMode === "month" ? (
        <MonthView
          {...view}
          days={monthGridDays(state.currentDate, starts)}
          month={monthOf(state.currentDate)}
          counts={new Map(data.days.map((d) => [d.day, d.count]))}
          filters={filters}
        />
      ) : state.viewMode === "week" ? (
        <WeekView {...view} days={weekDaysOf(state.currentDate, starts)} />
      ) : items.length > 0 ? (
        <ListView {...view} />
      ) : null}
    </div>
  );
}
