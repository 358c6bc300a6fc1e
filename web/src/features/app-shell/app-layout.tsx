import { Outlet } from "react-router";
import { MobileTabBar } from "@/features/navigation/mobile-tab-bar";
import { AppHeader } from "./app-header";

/** Frame of every signed-in screen: navigation on top, the routed page below. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/30">
      <AppHeader />
      <main id="main" className="flex-1 pb-20 md:pb-0">
        <Outlet />
      </main>
      <MobileTabBar />
    </div>
  );
}
