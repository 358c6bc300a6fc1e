import { Outlet, ScrollRestoration } from "react-router";
import { Toaster } from "@/components/ui/toaster";

export function RootLayout() {
  return (
    <>
      <Outlet />
      <Toaster richColors closeButton position="top-right" />
      <ScrollRestoration />
    </>
  );
}
