import { DashboardPage } from "@/features/dashboard/dashboard-page";

/** / (signed in) and /dashboard: the personal dashboard (spec §2). */
export function Component() {
  return <DashboardPage />;
}
