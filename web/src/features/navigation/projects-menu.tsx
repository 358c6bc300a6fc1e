import { ChevronDown, FolderOpen } from "lucide-react";
import { Link, useLocation } from "react-router";
import { groupProjectsByPhase, isCompletedJobsSpace, MESSAGES, type ProjectPhase } from "@domain/index";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuSeparator,
  DropdownMenuSub,
  DropdownMenuSubContent,
  DropdownMenuSubTrigger,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { cn } from "@/lib/cn";
import { useNavProjects } from "./use-nav-data";

const SUBMENUS: { phase: Exclude<ProjectPhase, "other">; label: string; empty: string }[] = [
  { phase: "bid", label: "Bid", empty: MESSAGES.nav.noBidProjects },
  { phase: "creative", label: "Creative", empty: MESSAGES.nav.noCreativeProjects },
  { phase: "post", label: "Post", empty: MESSAGES.nav.noPostProjects },
];

/** Desktop Projects menu (spec §2): All (count), then Bid, Creative and Post submenus by status. */
export function ProjectsMenu() {
  const nav = useNavProjects();
  const location = useLocation();
  const projects = (nav.data?.projects ?? []).filter((p) => !isCompletedJobsSpace(p.spaceName));
  const groups = groupProjectsByPhase(projects);
  const active = location.pathname.startsWith("/projects");

  return (
    <DropdownMenu modal={false}>
      <DropdownMenuTrigger
        className={cn(
          "inline-flex items-center gap-1 rounded-md px-3 py-1.5 text-sm whitespace-nowrap text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50 data-[state=open]:bg-accent data-[state=open]:text-foreground",
          active && "bg-accent text-foreground",
        )}
      >
        Projects <ChevronDown aria-hidden className="size-3.5 opacity-70" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" className="w-56">
        <DropdownMenuItem asChild>
          <Link to="/projects" className="justify-between">
            <span className="flex items-center gap-2">
              <FolderOpen aria-hidden className="size-4" /> All
            </span>
            <span className="rounded-full bg-muted px-2 py-0.5 text-xs tabular-nums text-muted-foreground">
              {nav.isPending ? "…" : projects.length}
            </span>
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        {SUBMENUS.map(({ phase, label, empty }) => (
          <DropdownMenuSub key={phase}>
            <DropdownMenuSubTrigger>
              <span className="flex-1">{label}</span>
              {nav.data ? (
                <span className="text-xs tabular-nums text-muted-foreground">{groups[phase].length}</span>
              ) : null}
            </DropdownMenuSubTrigger>
            <DropdownMenuSubContent className="max-h-[min(70vh,28rem)] w-72 overflow-y-auto">
              {nav.isPending ? (
                <DropdownMenuItem disabled>{MESSAGES.nav.loading}</DropdownMenuItem>
              ) : nav.isError ? (
                <DropdownMenuItem disabled>Could not load projects</DropdownMenuItem>
              ) : groups[phase].length === 0 ? (
                <DropdownMenuItem disabled>{empty}</DropdownMenuItem>
              ) : (
                groups[phase].map((project) => (
                  <DropdownMenuItem key={project.id} asChild>
                    <Link to={`/projects/${encodeURIComponent(project.id)}`} title={project.name}>
                      <span className="truncate">{project.name}</span>
                    </Link>
                  </DropdownMenuItem>
                ))
              )}
            </DropdownMenuSubContent>
          </DropdownMenuSub>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
