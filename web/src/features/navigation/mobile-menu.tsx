import { useState } from "react";
import { Building2, ChevronRight, FolderOpen, LogOut, Menu, Settings } from "lucide-react";
import { Link, NavLink } from "react-router";
import { displayName, groupProjectsBySpace, initials, MESSAGES } from "@domain/index";
import { Button } from "@/components/ui/button";
import { Collapsible, CollapsibleContent, CollapsibleTrigger } from "@/components/ui/collapsible";
import { Sheet, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from "@/components/ui/sheet";
import { BrandMark } from "@/features/landing/brand-mark";
import { currentWorkspace, useSession } from "@/features/session/use-session";
import { cn } from "@/lib/cn";
import { visibleNavItems } from "./nav-items";
import { useSignOutEverywhere } from "@/features/workspaces/use-workspaces";
import { usePermissions, useNavProjects } from "./use-nav-data";

const itemClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-md px-3 py-2.5 text-sm text-foreground/80 hover:bg-accent hover:text-foreground",
    isActive && "bg-accent font-medium text-foreground",
  );

/** Mobile header (below 768 px): menu button opening the left slide-out of spec §2. */
export function MobileHeader() {
  const [open, setOpen] = useState(false);
  const session = useSession().data;
  const workspace = currentWorkspace(session);
  const permissions = usePermissions();
  const nav = useNavProjects();
  const signOut = useSignOutEverywhere();
  const close = () => setOpen(false);
  const spaces = groupProjectsBySpace(nav.data?.projects ?? []);
  const person = session?.user
    ? { firstName: session.user.firstName, lastName: session.user.lastName, email: session.user.email }
    : null;

  return (
    <div className="flex h-14 items-center gap-2 px-2 md:hidden">
      <Sheet open={open} onOpenChange={setOpen}>
        <SheetTrigger asChild>
          <Button variant="ghost" size="icon" aria-label="Open menu">
            <Menu className="size-5" />
          </Button>
        </SheetTrigger>
        <SheetContent side="left" className="w-[85vw] max-w-sm gap-0 overflow-y-auto p-0">
          <div className="border-b p-4 pr-10">
            <SheetTitle className="sr-only">Menu</SheetTitle>
            <SheetDescription className="sr-only">Navigation and account</SheetDescription>
            <div className="flex items-center gap-3">
              <span
                aria-hidden
                className="flex size-10 shrink-0 items-center justify-center rounded-full bg-primary/10 text-sm font-semibold text-primary"
              >
                {session?.user.initials ?? initials(person)}
              </span>
              <div className="min-w-0">
                <p className="truncate font-medium" data-testid="mobile-user-name">
                  {session?.user.displayName ?? displayName(person)}
                </p>
                <p className="truncate text-xs text-muted-foreground">{session?.user.email}</p>
              </div>
            </div>
            {workspace ? (
              <div className="mt-3 flex items-center gap-2 rounded-md bg-muted px-3 py-2 text-sm">
                <Building2 aria-hidden className="size-4 text-muted-foreground" />
                <span className="min-w-0 flex-1 truncate" data-testid="mobile-workspace">
                  {workspace.name}
                </span>
                <span className="text-xs text-muted-foreground capitalize">{workspace.role}</span>
              </div>
            ) : null}
          </div>

          <nav aria-label="Mobile" className="flex flex-col gap-0.5 p-2">
            {visibleNavItems(permissions).map(({ to, label, icon: Icon }) => (
              <NavLink key={to} to={to} className={itemClass} onClick={close}>
                <Icon aria-hidden className="size-4" /> {label}
              </NavLink>
            ))}

            <Collapsible className="mt-1">
              <CollapsibleTrigger className="group flex w-full items-center gap-3 rounded-md px-3 py-2.5 text-sm text-foreground/80 hover:bg-accent">
                <FolderOpen aria-hidden className="size-4" />
                <span className="flex-1 text-left">Projects</span>
                <ChevronRight
                  aria-hidden
                  className="size-4 transition-transform group-data-[state=open]:rotate-90"
                />
              </CollapsibleTrigger>
              <CollapsibleContent className="pb-1 pl-4">
                <Link
                  to="/projects"
                  onClick={close}
                  className="block rounded-md px-3 py-2 text-sm hover:bg-accent"
                >
                  All Projects
                  {nav.data ? <span className="ml-1 text-muted-foreground">({nav.data.total})</span> : null}
                </Link>
                {nav.isPending ? (
                  <p className="px-3 py-2 text-sm text-muted-foreground">{MESSAGES.nav.loading}</p>
                ) : (
                  spaces.map((space) => (
                    <div key={space.spaceId ?? "none"} className="mt-1" data-testid="mobile-space">
                      <p className="px-3 pt-2 pb-1 text-xs font-semibold tracking-wide text-muted-foreground uppercase">
                        {space.spaceName}
                      </p>
                      {space.projects.map((p) => (
                        <Link
                          key={p.id}
                          to={`/projects/${encodeURIComponent(p.id)}`}
                          onClick={close}
                          className="block truncate rounded-md px-3 py-1.5 text-sm hover:bg-accent"
                        >
                          {p.name}
                        </Link>
                      ))}
                      {space.hiddenCount > 0 ? (
                        <Link
                          to={`/projects?spaceId=${encodeURIComponent(space.spaceId ?? "none")}`}
                          onClick={close}
                          className="block px-3 py-1.5 text-xs font-medium text-primary"
                        >
                          {MESSAGES.nav.moreProjects(space.hiddenCount)}
                        </Link>
                      ) : null}
                    </div>
                  ))
                )}
              </CollapsibleContent>
            </Collapsible>

            <div className="my-2 border-t" />
            <NavLink to="/organization/settings" className={itemClass} onClick={close}>
              <Building2 aria-hidden className="size-4" /> Organization
            </NavLink>
            <NavLink to="/settings" className={itemClass} onClick={close}>
              <Settings aria-hidden className="size-4" /> Settings
            </NavLink>
            <button
              type="button"
              className="flex items-center gap-3 rounded-md px-3 py-2.5 text-left text-sm text-destructive hover:bg-destructive/10"
              onClick={() => signOut.mutate()}
              disabled={signOut.isPending}
            >
              <LogOut aria-hidden className="size-4" /> Sign Out
            </button>
          </nav>
        </SheetContent>
      </Sheet>
      <Link to="/" className="flex items-center gap-2 font-semibold">
        <BrandMark /> Agency Hub
      </Link>
    </div>
  );
}
