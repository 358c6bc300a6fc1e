import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createQueryClient } from "@/lib/query-client";
import { sessionQuery } from "@/features/session/use-session";
import { createRouter } from "./router";

/**
 * The app itself: React, the router, the query cache. main.tsx loads it after starting the first
 * screen's requests (the HTML preloads its chunks, so nothing waits for main.tsx to ask).
 */
export function startApp(root: HTMLElement): void {
  const queryClient = createQueryClient();
  // Every screen starts from the session (its request is already under way: main.tsx).
  void queryClient.prefetchQuery(sessionQuery);
  const router = createRouter();
  createRoot(root).render(
    <StrictMode>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </StrictMode>,
  );
}
