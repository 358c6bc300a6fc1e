import { NavLink } from "react-router";
import { cn } from "@/lib/cn";
import { visibleNavItems } from "./nav-items";
import { ProjectsMenu } from "./projects-menu";
import { usePermissions } from "./use-nav-data";

export const navLinkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "rounded-md px-3 py-1.5 text-sm whitespace-nowrap text-muted-foreground outline-none hover:bg-accent hover:text-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50",
    isActive && "bg-accent font-medium text-foreground",
  );

/** Top bar items (spec §2): the Projects menu, then the items the role may see. */
export function DesktopNav() {
  const permissions = usePermissions();
  return (
    <div className="flex items-center gap-1">
      <ProjectsMenu />
      {visibleNavItems(permissions).map((item) => (
        <NavLink key={item.to} to={item.to} className={navLinkClass}>
          {item.label}
        </NavLink>
      ))}
    </div>
  );
}
