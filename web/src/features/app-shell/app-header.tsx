import { NavLink } from "react-router";
import { cn } from "@/lib/cn";

const items = [
  { to: "/dashboard", label: "Dashboard" },
  { to: "/projects", label: "Projects" },
  { to: "/calendar", label: "Milestones" },
  { to: "/workload", label: "Workload" },
  { to: "/finance", label: "Finance" },
  { to: "/reporting", label: "Reports" },
  { to: "/templates/folders", label: "Templates" },
  { to: "/settings", label: "Settings" },
];

/** Top navigation bar of the signed-in app. */
export function AppHeader() {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur">
      <nav
        aria-label="Main"
        className="mx-auto flex h-14 max-w-7xl items-center gap-1 overflow-x-auto px-4 md:px-8"
      >
        <NavLink to="/" className="mr-4 font-semibold whitespace-nowrap">
          Agency Hub
        </NavLink>
        {items.map((item) => (
          <NavLink
            key={item.to}
            to={item.to}
            className={({ isActive }) =>
              cn(
                "rounded-md px-3 py-1.5 text-sm whitespace-nowrap text-muted-foreground hover:bg-accent hover:text-foreground",
                isActive && "bg-accent text-foreground",
              )
            }
          >
            {item.label}
          </NavLink>
        ))}
      </nav>
    </header>
  );
}
