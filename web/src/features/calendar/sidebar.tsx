import { Focus, Search, X } from "lucide-react";
import { CALENDAR_SEARCH_MAX } from "@domain/calendar";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { cn } from "@/lib/cn";
import { paletteOf } from "./item-chip";
import type { SidebarProject } from "./model";
import type { CalendarStateChange, CalendarUiState } from "./ui-state";

/**
 * The calendar's sidebar: search, a visibility box per project and per meta task (the project
 * swatches are the colour legend) with its number of items in the range (counted by the server
 * under the search), show all / hide all, and a click on a name to focus it.
 */
export function CalendarSidebar({
  state,
  projects,
  onChange,
  idPrefix,
}: {
  state: CalendarUiState;
  projects: SidebarProject[];
  onChange: (change: CalendarStateChange) => void;
  /** Desktop panel and mobile sheet may both be mounted: their ids must differ. */
  idPrefix: string;
}) {
  const focused = state.selectedFolder !== null || state.selectedMetaTask !== null;
  const focusName =
    state.selectedMetaTask !== null
      ? projects.flatMap((p) => p.metaTasks).find((m) => m.id === state.selectedMetaTask)?.name
      : projects.find((p) => p.key === state.selectedFolder)?.name;

  const setAll = (visible: boolean) =>
    onChange(() => {
      if (visible) return { visibleFolders: {}, visibleMetaTasks: {} };
      const folders: Record<string, boolean> = {};
      const metas: Record<string, boolean> = {};
      for (const p of projects) {
        folders[p.key] = false;
        for (const m of p.metaTasks) metas[m.id] = false;
      }
      return { visibleFolders: { ...state.visibleFolders, ...folders }, visibleMetaTasks: metas };
    });

  return (
    <div className="flex min-h-0 flex-col gap-3" data-testid="calendar-sidebar">
      <div className="relative">
        <Search
          aria-hidden
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          id={`${idPrefix}-search`}
          type="search"
          aria-label="Search projects and milestones"
          placeholder="Search…"
          maxLength={CALENDAR_SEARCH_MAX}
          className="h-10 pl-9 md:h-9"
          value={state.searchTerm}
          onChange={(e) => onChange({ searchTerm: e.target.value })}
        />
      </div>

      {focused ? (
        <div
          data-testid="calendar-focus"
          className="flex items-center gap-2 rounded-md border border-primary/40 bg-primary/5 px-2 py-1.5 text-sm"
        >
          <Focus aria-hidden className="size-4 shrink-0 text-primary" />
          <span className="min-w-0 flex-1 truncate">
            Only <span className="font-medium">{focusName ?? "the selection"}</span>
          </span>
          <Button
            variant="ghost"
            size="icon"
            className="size-7"
            aria-label="Clear focus"
            onClick={() => onChange({ selectedFolder: null, selectedMetaTask: null })}
          >
            <X />
          </Button>
        </div>
      ) : null}

      <div className="flex gap-2">
        <Button variant="outline" size="sm" className="flex-1" onClick={() => setAll(true)}>
          Show all
        </Button>
        <Button variant="outline" size="sm" className="flex-1" onClick={() => setAll(false)}>
          Hide all
        </Button>
      </div>

      {projects.length === 0 ? (
        <p className="text-sm text-muted-foreground">
          {state.searchTerm.trim() ? "No project or milestone matches." : "No projects in this range."}
        </p>
      ) : (
        <ul aria-label="Projects" className="min-h-0 space-y-1 overflow-y-auto text-sm">
          {projects.map((project) => {
            const boxId = `${idPrefix}-project-${project.key}`;
            const visible = state.visibleFolders[project.key] !== false;
            return (
              <li key={project.key} data-testid="calendar-project" data-project={project.key}>
                <div
                  className={cn(
                    "flex items-center gap-2 rounded-md px-1 py-0.5",
                    state.selectedFolder === project.key && "bg-accent",
                  )}
                >
                  <input
                    id={boxId}
                    type="checkbox"
                    className="size-4 shrink-0"
                    checked={visible}
                    aria-label={`Show project ${project.name}`}
                    onChange={(e) =>
                      onChange((s) => ({
                        visibleFolders: { ...s.visibleFolders, [project.key]: e.target.checked },
                      }))
                    }
                  />
                  <span
                    aria-hidden
                    className={cn("size-3 shrink-0 rounded-sm", paletteOf(project.colorIndex).swatch)}
                  />
                  <button
                    type="button"
                    className="min-w-0 flex-1 truncate rounded text-left hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    aria-pressed={state.selectedFolder === project.key}
                    title={project.spaceName ? `${project.name} · ${project.spaceName}` : project.name}
                    onClick={() =>
                      onChange((s) => ({
                        selectedFolder: s.selectedFolder === project.key ? null : project.key,
                        selectedMetaTask: null,
                      }))
                    }
                  >
                    <span className="sr-only">Focus project </span>
                    {project.name}
                  </button>
                  <span
                    data-testid="calendar-project-count"
                    className="shrink-0 text-xs text-muted-foreground tabular-nums"
                    title={`${project.count} ${project.count === 1 ? "item" : "items"} in this range`}
                  >
                    {project.count}
                    <span className="sr-only"> items</span>
                  </span>
                </div>
                {project.metaTasks.length > 0 ? (
                  <ul aria-label={`Meta tasks of ${project.name}`} className="mt-0.5 ml-6 space-y-0.5">
                    {project.metaTasks.map((meta) => (
                      <li key={meta.id} data-testid="calendar-meta-task" data-meta-task={meta.id}>
                        <div
                          className={cn(
                            "flex items-center gap-2 rounded-md px-1 py-0.5 text-xs",
                            state.selectedMetaTask === meta.id && "bg-accent",
                          )}
                        >
                          <input
                            type="checkbox"
                            className="size-3.5 shrink-0"
                            checked={state.visibleMetaTasks[meta.id] !== false}
                            aria-label={`Show meta task ${meta.name}`}
                            onChange={(e) =>
                              onChange((s) => ({
                                visibleMetaTasks: { ...s.visibleMetaTasks, [meta.id]: e.target.checked },
                              }))
                            }
                          />
                          <button
                            type="button"
                            className="min-w-0 flex-1 truncate rounded text-left hover:underline focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                            aria-pressed={state.selectedMetaTask === meta.id}
                            onClick={() =>
                              onChange((s) => ({
                                selectedMetaTask: s.selectedMetaTask === meta.id ? null : meta.id,
                                selectedFolder: null,
                              }))
                            }
                          >
                            <span className="sr-only">Focus meta task </span>
                            {meta.name}
                          </button>
                          <span className="shrink-0 text-muted-foreground tabular-nums">
                            {meta.count}
                            <span className="sr-only"> items</span>
                          </span>
                        </div>
                      </li>
                    ))}
                  </ul>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}
