import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { preloadGets } from "@/lib/api";
import { createQueryClient } from "@/lib/query-client";
import { toIsoDate } from "@domain/dates";
import { startOfWeek } from "@domain/week";
import { probablySignedIn, sessionQuery } from "@/features/session/use-session";
import { createRouter } from "./router";
import "./index.css";

const queryClient = createQueryClient();
// Every screen starts from the session: ask for it while the first screen's code downloads.
void queryClient.prefetchQuery(sessionQuery);
// A visitor of / who was not signed in here before will see the landing page: start its code now
// rather than once the "/" route's chunk has run (one round trip less before the first content).
if (window.location.pathname === "/" && !probablySignedIn()) {
  void import("@/features/landing/landing-page");
}
// A signed-in visitor of the dashboard: ask for its panels beside the session instead of after it.
if (["/", "/dashboard"].includes(window.location.pathname) && probablySignedIn()) {
  const monday = toIsoDate(startOfWeek(new Date())) as string;
  preloadGets([
    "/api/dashboard",
    `/api/dashboard/week?date=${encodeURIComponent(monday)}`,
    "/api/dashboard/projects",
    "/api/dashboard/other-tasks",
  ]);
}
const router = createRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
