import { Outlet, ScrollRestoration } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { Toaster } from "@/components/ui/toaster";

export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster richColors closeButton />
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
