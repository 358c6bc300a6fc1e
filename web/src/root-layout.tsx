import { lazy, Suspense } from "react";
import { Outlet, ScrollRestoration } from "react-router";
import { Spinner } from "@/components/ui/spinner";

/** Loaded beside the first screen rather than in the entry: the landing page never toasts. */
const Toaster = lazy(() => import("@/components/ui/toaster").then((m) => ({ default: m.Toaster })));

export function RootLayout() {
  return (
    <>
      <Outlet />
      <Suspense fallback={null}>
        <Toaster richColors closeButton />
      </Suspense>
      <ScrollRestoration />
    </>
  );
}

/** The whole-page spinner while a screen's code or the session loads. */
export function PageSpinner() {
  return (
    <div className="flex min-h-dvh items-center justify-center">
      <Spinner className="size-8" />
    </div>
  );
}
