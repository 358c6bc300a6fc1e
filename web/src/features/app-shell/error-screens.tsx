import { AlertTriangle, RefreshCw } from "lucide-react";
import { isRouteErrorResponse, useNavigate, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";
import { NotFoundPage } from "./not-found-page";

export const ERROR_BOUNDARY_TEXT =
  "Something went wrong. An error occurred while loading this page. Please try refreshing or contact support if the problem persists.";
export const CHUNK_LOAD_TEXT =
  "Failed to load application component. This usually happens after an app update.";

/** A lazy route module that no longer exists on the server (the app was redeployed). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return (
    error.name === "ChunkLoadError" ||
    /Failed to fetch dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS/i.test(
      error.message,
    )
  );
}

/** Clear Cache Storage and service workers, then reload: the fresh index points at the new chunks. */
export async function clearCachesAndReload(): Promise<void> {
  try {
    if ("caches" in window) {
      const keys = await caches.keys();
      await Promise.all(keys.map((k) => caches.delete(k)));
    }
    if ("serviceWorker" in navigator) {
      const regs = await navigator.serviceWorker.getRegistrations();
      await Promise.all(regs.map((r) => r.unregister()));
    }
  } finally {
    window.location.reload();
  }
}

function Screen({ title, text, children }: { title: string; text: string; children: React.ReactNode }) {
  return (
    <div role="alert" className="flex min-h-[60vh] items-center justify-center p-6">
      <div className="w-full max-w-md rounded-xl border bg-card p-8 text-center shadow-sm">
        <AlertTriangle aria-hidden className="mx-auto mb-4 size-10 text-warning" />
        <h1 className="text-xl font-semibold">{title}</h1>
        <p className="mt-2 text-sm text-muted-foreground">{text}</p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">{children}</div>
      </div>
    </div>
  );
}

export function ChunkLoadErrorScreen({ onRetry }: { onRetry?: () => void }) {
  return (
    <Screen title="App Update Required" text={CHUNK_LOAD_TEXT}>
      <Button onClick={() => void clearCachesAndReload()}>
        <RefreshCw /> Refresh Page
      </Button>
      <Button variant="outline" onClick={onRetry ?? (() => window.location.reload())}>
        Try Again
      </Button>
    </Screen>
  );
}

export function ErrorScreen() {
  const navigate = useNavigate();
  return (
    <Screen title="Something went wrong" text={ERROR_BOUNDARY_TEXT}>
      <Button onClick={() => window.location.reload()}>
        <RefreshCw /> Refresh Page
      </Button>
      <Button variant="outline" onClick={() => navigate(-1)}>
        Go Back
      </Button>
      <Button variant="ghost" className="md:hidden" onClick={() => navigate(0)}>
        Try Again
      </Button>
    </Screen>
  );
}

/** Route errorElement: chunk failures get the update screen, 404 responses the not-found page. */
export function RouteErrorBoundary() {
  const error = useRouteError();
  if (isChunkLoadError(error)) return <ChunkLoadErrorScreen />;
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  if (import.meta.env.DEV) console.error(error);
  return <ErrorScreen />;
}
