import { lazy, Suspense, useState } from "react";
import { Check, LogOut, Plus, Settings } from "lucide-react";
import { Link } from "react-router";
import { MESSAGES } from "@domain/messages";
import { Avatar, AvatarFallback, AvatarImage } from "@/components/ui/avatar";
import { Button } from "@/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "@/components/ui/dropdown-menu";
import { currentWorkspace, useSession } from "@/features/session/use-session";
import { useOpenedOnce } from "@/lib/use-opened-once";
import { useSignOutEverywhere, useSwitchWorkspace } from "./use-workspaces";

/** Its form (react-hook-form) loads when first opened: every signed-in page draws this menu. */
const CreateWorkspaceDialog = lazy(() =>
  import("./create-workspace-dialog").then((m) => ({ default: m.CreateWorkspaceDialog })),
);

const ROLE_LABEL = { owner: "Owner", admin: "Admin", member: "Member" } as const;

/**
 * User menu (spec §2): initials avatar, display name, e-mail, Settings, 'All Workspaces' (name, role,
 * check on the current one; click switches), 'New workspace' and Sign Out.
 */
export function UserMenu() {
  const session = useSession().data;
  const switchWorkspace = useSwitchWorkspace();
  const signOut = useSignOutEverywhere();
  const [creating, setCreating] = useState(false);
  const createDialog = useOpenedOnce(creating);
  if (!session) return null;
  const current = currentWorkspace(session);
  const { user } = session;

  return (
    <>
      {/* Not modal (like the Projects menu): a modal menu hides the page with aria-hidden while its
          buttons stay focusable, which axe reports (aria-hidden-focus). */}
      <DropdownMenu modal={false}>
        <DropdownMenuTrigger asChild>
          {/* Named by its text (no aria-label over it): "User menu", then the workspace name shown from lg up. */}
          <Button variant="ghost" className="h-9 gap-2 px-1.5">
            <Avatar className="size-8" aria-hidden>
              {user.image ? <AvatarImage src={user.image} alt="" /> : null}
              <AvatarFallback className="text-xs font-medium">{user.initials}</AvatarFallback>
            </Avatar>
            <span className="sr-only">User menu</span>
            <span className="hidden max-w-40 truncate text-sm font-medium lg:inline">{current?.name}</span>
          </Button>
        </DropdownMenuTrigger>
        <DropdownMenuContent align="end" className="w-72">
          <DropdownMenuLabel className="font-normal">
            <div className="truncate text-sm font-medium">{user.displayName}</div>
            <div className="truncate text-xs text-muted-foreground">{user.email}</div>
          </DropdownMenuLabel>
          <DropdownMenuSeparator />
          <DropdownMenuItem asChild>
            <Link to="/settings">
              <Settings className="size-4" aria-hidden /> Settings
            </Link>
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuLabel className="text-xs text-muted-foreground">
            {MESSAGES.nav.allWorkspaces}
          </DropdownMenuLabel>
          <DropdownMenuGroup>
            {session.organizations.map((org) => {
              const isCurrent = org.id === current?.id;
              return (
                <DropdownMenuItem
                  key={org.id}
                  aria-current={isCurrent ? "true" : undefined}
                  disabled={switchWorkspace.isPending}
                  onSelect={() => {
                    if (!isCurrent) switchWorkspace.mutate(org.id);
                  }}
                >
                  <div className="min-w-0 flex-1">
                    <div className="truncate">{org.name}</div>
                    <div className="text-xs text-muted-foreground">{ROLE_LABEL[org.role]}</div>
                  </div>
                  {isCurrent ? (
                    <Check className="size-4 text-primary" aria-label="Current workspace" />
                  ) : null}
                </DropdownMenuItem>
              );
            })}
          </DropdownMenuGroup>
          <DropdownMenuItem onSelect={() => setCreating(true)}>
            <Plus className="size-4" aria-hidden /> {MESSAGES.nav.newWorkspace}
          </DropdownMenuItem>
          <DropdownMenuSeparator />
          <DropdownMenuItem onSelect={() => signOut.mutate()} disabled={signOut.isPending}>
            <LogOut className="size-4" aria-hidden /> Sign Out
          </DropdownMenuItem>
        </DropdownMenuContent>
      </DropdownMenu>
      {createDialog ? (
        <Suspense fallback={null}>
          <CreateWorkspaceDialog open={creating} onOpenChange={setCreating} />
        </Suspense>
      ) : null}
    </>
  );
}
