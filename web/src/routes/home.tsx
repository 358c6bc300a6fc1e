import { lazy, Suspense } from "react";
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
  if (session.isPending) return <PageSpinner />;
  if (!session.data) {
    return (
      <Suspense fallback={<PageSpinner />}>
        <LandingPage />
      </Suspense>
    );
  }
  if (session.data.organizations.length === 0) return <Navigate to="/setup" replace />;
  return (
    <Suspense fallback={<PageSpinner />}>
      <AppLayout />
    </Suspense>
  );
}
