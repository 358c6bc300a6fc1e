import type { ReactNode } from "react";
import { ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { ROLES, can, type Permission, type Role } from "@domain/index";
import { Button } from "@/components/ui/button";
import { usePermissions } from "@/features/navigation/use-nav-data";
import { currentWorkspace, useSession } from "@/features/session/use-session";

const ROLE_PLURAL: Record<Role, string> = { owner: "owners", admin: "admins", member: "members" };

/** 'owners and admins': who holds `permission` (spec §6), for the sentence that says who to ask. */
function holders(permission: Permission): string {
  const names = ROLES.filter((role) => can(role, permission)).map((role) => ROLE_PLURAL[role]);
  return names.length <= 1 ? (names[0] ?? "nobody") : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
}

/**
 * The page a signed-in user sees on a screen their role may not open (spec §6): what it is, who
 * can open it, and a way back — instead of the screen or a placeholder.
 */
export function AccessDenied({
  area,
  permission,
}: {
  /** The screen, as it reads after 'can open' ('Finance', 'the time-sync report'). */
  area: string;
  permission: Permission;
}) {
  const workspace = currentWorkspace(useSession().data)?.name;
  return (
    <div className="flex min-h-[60vh] items-center justify-center p-6" data-testid="access-denied">
      <div className="max-w-md text-center">
        <ShieldAlert aria-hidden className="mx-auto mb-4 size-10 text-muted-foreground" />
        <h1 className="text-2xl font-semibold">You don&apos;t have access</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          Only workspace {holders(permission)}
          {workspace ? ` of ${workspace}` : ""} can open {area}. Ask one of them if you need it.
        </p>
        <Button asChild className="mt-6">
          <Link to="/dashboard">Back to your dashboard</Link>
        </Button>
      </div>
    </div>
  );
}

/** A screen that needs `permission` (spec §6): its content for those who hold it, else {@link AccessDenied}. */
export function RequirePermission({
  permission,
  area,
  children,
}: {
  permission: Permission;
  area: string;
  children: ReactNode;
}) {
  const permissions = usePermissions();
  return permissions[permission] ? children : <AccessDenied area={area} permission={permission} />;
}
