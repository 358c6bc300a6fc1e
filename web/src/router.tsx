import { lazy, Suspense } from "react";
import { createBrowserRouter, Navigate, type RouteObject } from "react-router";
import { RouteErrorBoundary } from "@/features/app-shell/error-screens";
import { NotFoundPage } from "@/features/app-shell/not-found-page";
import { ProtectedRoute } from "@/features/app-shell/protected-route";
import { RateCardsErrorFallback } from "@/features/finance/rate-cards-error-fallback";
import { PageSpinner, RootLayout } from "./root-layout";

const reportPages: RouteObject[] = [
  { path: "accrual", lazy: () => import("./routes/reporting/accrual") },
  { path: "actual", lazy: () => import("./routes/reporting/actual") },
  { path: "client", lazy: () => import("./routes/reporting/client") },
  { path: "utilization", lazy: () => import("./routes/reporting/utilization") },
  { path: "user-directory", lazy: () => import("./routes/reporting/user-directory") },
  { path: "webhook-activity", lazy: () => import("./routes/reporting/webhook-activity") },
  { path: "timesheet-approval", lazy: () => import("./routes/reporting/timesheet-approval") },
  // Two paths, one page (spec §2).
  { path: "time-sync", lazy: () => import("./routes/reporting/time-sync") },
  { path: "time-sync-validation", lazy: () => import("./routes/reporting/time-sync") },
];

const projectDashboard = () => import("./routes/project/project-dashboard");

/*
 * The dashboard as the index of "/" is not a lazy route: the router loads every matched lazy route
 * up front, which would send the dashboard's code to every signed-out visitor of the landing page.
 * It is rendered (and so loaded) only when home.tsx shows the signed-in side.
 */
const HomeDashboard = lazy(() => import("./routes/dashboard").then((m) => ({ default: m.Component })));

/** The signed-in frame; a lazy route so the landing page never loads the header and navigation. */
const appLayout = async () => ({
  Component: (await import("@/features/app-shell/app-layout")).AppLayout,
});

/** Spec §2 route table. Every screen is a lazy module; protected screens sit behind the gate. */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteErrorBoundary />,
    // Shown while the first screen's lazy code loads.
    hydrateFallbackElement: <PageSpinner />,
    children: [
      {
        path: "/",
        lazy: () => import("./routes/home"),
        children: [
          {
            errorElement: <RouteErrorBoundary />,
            children: [
              {
                index: true,
                element: (
                  <Suspense fallback={null}>
                    <HomeDashboard />
                  </Suspense>
                ),
              },
            ],
          },
        ],
      },
      { path: "auth", lazy: () => import("./routes/auth") },
      { path: "auth/clickup/callback", lazy: () => import("./routes/oauth-callback") },
      { path: "auth/clickup/personal/callback", lazy: () => import("./routes/oauth-callback") },
      { path: "terms", lazy: () => import("./routes/terms") },
      { path: "privacy", lazy: () => import("./routes/privacy") },
      { path: "setup", lazy: () => import("./routes/setup") },
      { path: "invite/:token", lazy: () => import("./routes/invite") },
      { path: "organization", element: <Navigate to="/settings" replace /> },
      { path: "organization/settings", element: <Navigate to="/settings" replace /> },
      {
        element: <ProtectedRoute />,
        children: [
          {
            lazy: appLayout,
            children: [
              {
                errorElement: <RouteErrorBoundary />,
                children: [
                  { path: "dashboard", lazy: () => import("./routes/dashboard") },
                  { path: "projects", lazy: () => import("./routes/projects") },
                  {
                    path: "projects/:projectId",
                    lazy: () => import("./routes/project"),
                    children: [
                      { index: true, lazy: projectDashboard },
                      { path: "dashboard", lazy: projectDashboard },
                      { path: "calendar", lazy: () => import("./routes/project/project-calendar") },
                      { path: "time-report", lazy: () => import("./routes/project/project-time-report") },
                      { path: "reports", lazy: () => import("./routes/project/project-reports") },
                    ],
                  },
                  { path: "calendar", lazy: () => import("./routes/calendar") },
                  { path: "workload", lazy: () => import("./routes/workload") },
                  {
                    path: "reporting",
                    children: [{ index: true, lazy: () => import("./routes/reporting") }, ...reportPages],
                  },
                  { path: "finance", lazy: () => import("./routes/finance") },
                  { path: "finance/budgets", lazy: () => import("./routes/finance/budgets") },
                  { path: "finance/budgets/:budgetId", lazy: () => import("./routes/finance/budget") },
                  { path: "finance/invoices", lazy: () => import("./routes/finance/invoices") },
                  { path: "finance/invoices/:invoiceId", lazy: () => import("./routes/finance/invoice") },
                  { path: "finance/clients", lazy: () => import("./routes/finance/clients") },
                  { path: "finance/bills", lazy: () => import("./routes/finance/bills") },
                  { path: "finance/bills/:billId", lazy: () => import("./routes/finance/bill") },
                  { path: "finance/purchase-orders", lazy: () => import("./routes/finance/purchase-orders") },
                  {
                    path: "finance/purchase-orders/:poId",
                    lazy: () => import("./routes/finance/purchase-order"),
                  },
                  { path: "finance/sows", lazy: () => import("./routes/finance/sows") },
                  { path: "finance/sows/:sowId", lazy: () => import("./routes/finance/sow") },
                  {
                    path: "finance/rate-cards",
                    lazy: () => import("./routes/finance/rate-cards"),
                    errorElement: <RateCardsErrorFallback />,
                  },
                  { path: "finance/audit", lazy: () => import("./routes/finance/audit") },
                  { path: "templates/folders", lazy: () => import("./routes/templates-folders") },
                  { path: "templates/folders/:id", lazy: () => import("./routes/template-folder") },
                  { path: "settings", lazy: () => import("./routes/settings") },
                ],
              },
            ],
          },
        ],
      },
      { path: "*", element: <NotFoundPage /> },
    ],
  },
];

export function createRouter() {
  return createBrowserRouter(routes);
}
