import { NavLink } from "react-router";
import { cn } from "@/lib/cn";
import { NAV_ITEMS } from "./nav-items";
import { usePermissions } from "./use-nav-data";

/** Fixed bottom tab bar below 768 px (spec §2): Finance and Reports only with canViewFinancials. */
export function MobileTabBar() {
  const permissions = usePermissions();
  const tabs = NAV_ITEMS.filter((item) => item.tab && (!item.permission || permissions[item.permission]));
  return (
    <nav
      aria-label="Tabs"
      className="fixed inset-x-0 bottom-0 z-30 border-t bg-background/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
    >
      <ul className="flex h-16 items-stretch justify-around">
        {tabs.map(({ to, label, icon: Icon }) => (
          <li key={to} className="flex-1">
            <NavLink
              to={to}
              className={({ isActive }) =>
                cn(
                  "flex h-full flex-col items-center justify-center gap-1 text-[11px] text-muted-foreground",
                  isActive && "font-medium text-primary",
                )
              }
            >
              <Icon aria-hidden className="size-5" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
