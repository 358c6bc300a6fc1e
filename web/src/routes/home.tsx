import { lazy, Suspense, useDeferredValue } from "react";
import { Navigate } from "react-router";
import { probablySignedIn, useSession } from "@/features/session/use-session";
import { PageSpinner } from "../root-layout";

/*
 * "/" is two pages in one route: the public landing page and the signed-in dashboard home. Each
 * side's code is its own chunk, loaded only for the side shown (issue 10 §4: a signed-out visitor
 * downloads none of the dashboard's code); the dashboard itself is the index child in router.tsx.
 */
const loadLanding = () => import("@/features/landing/landing-page");
const loadAppLayout = () => import("@/features/app-shell/app-layout");
const loadDashboard = () => import("./dashboard");

const LandingPage = lazy(() => loadLanding().then((m) => ({ default: m.LandingPage })));
const AppLayout = lazy(() => {
  void loadDashboard(); // the index child's code, fetched beside the frame instead of after it
  return loadAppLayout().then((m) => ({ default: m.AppLayout }));
});

// While the session is read, fetch the side this browser will most likely show (main.tsx starts
// the landing page's code even earlier on a first load of /).
if (probablySignedIn()) {
  void loadAppLayout();
  void loadDashboard();
} else {
  void loadLanding();
}

/** "/": the landing page when signed out, the dashboard home when signed in. */
export function Component() {
  const session = useSession();
  const side = session.isPending
    ? "pending"
    : !session.data
      ? "landing"
      : session.data.organizations.length === 0
        ? "setup"
        : "app";
  /*
   * The session's answer arrives as an urgent update; the side it reveals (a page of some thousand
   * elements) is rendered as a deferred one, which React splits into short slices instead of one
   * long task that would block input (issue 10 §4: Total Blocking Time). The spinner stays until then.
   */
  const shown = useDeferredValue(side);
  if (shown === "pending") return <PageSpinner />;
  if (shown === "landing") {
    return (
      <Suspense fallback={<PageSpinner />}>
        <LandingPage />
      </Suspense>
    );
  }
  if (shown === "setup") return <Navigate to="/setup" replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <AppLayout />
    </Suspense>
  );
}
