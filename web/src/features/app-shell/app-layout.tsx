import { Outlet } from "react-router";
import { MobileTabBar } from "@/features/navigation/mobile-tab-bar";
import { AppHeader } from "./app-header";

/** First tab stop of every signed-in screen: past the navigation, straight to the page. */
function SkipLink() {
  return (
    <a
      href="#main"
      onClick={(event) => {
        // Move focus (not only the scroll position) and keep the URL without a fragment.
        event.preventDefault();
        const main = document.getElementById("main");
        main?.focus();
        main?.scrollIntoView();
      }}
      className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-sm font-medium text-primary-foreground shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      Skip to main content
    </a>
  );
}

/** Frame of every signed-in screen: navigation on top, the routed page below. */
export function AppLayout() {
  return (
    <div className="flex min-h-dvh flex-col bg-muted/30">
      <SkipLink />
      <AppHeader />
      <main id="main" tabIndex={-1} className="flex-1 pb-20 outline-none md:pb-0">
        <Outlet />
      </main>
      <MobileTabBar />
    </div>
  );
}
