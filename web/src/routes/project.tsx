import { NavLink, Outlet, useParams } from "react-router";
import { cn } from "@/lib/cn";

const tabs = [
  { to: "dashboard", label: "Dashboard" },
  { to: "calendar", label: "Timeline" },
  { to: "time-report", label: "Time Report" },
  { to: "reports", label: "Health" },
];

/** Project page frame: header and child-route tabs (index and /dashboard show the project dashboard). */
export function Component() {
  const { projectId } = useParams();
  return (
    <div className="mx-auto w-full max-w-7xl px-4 py-6 md:px-8">
      <p className="text-sm text-muted-foreground">Project {projectId}</p>
      <nav aria-label="Project views" className="mt-4 flex gap-1 border-b">
        {tabs.map((t) => (
          <NavLink
            key={t.to}
            to={t.to}
            className={({ isActive }) =>
              cn(
                "-mb-px border-b-2 border-transparent px-3 py-2 text-sm text-muted-foreground hover:text-foreground",
                isActive && "border-primary text-foreground",
              )
            }
          >
            {t.label}
          </NavLink>
        ))}
      </nav>
      <Outlet />
    </div>
  );
}
