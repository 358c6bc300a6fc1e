import { QueryClientProvider } from "@tanstack/react-query";
import { startTransition, StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createQueryClient } from "@/lib/query-client";
import { sessionQuery } from "@/features/session/use-session";
import { createRouter } from "./router";

/**
 * The app itself: React, the router, the query cache. main.tsx loads it after starting the first
 * screen's requests (the HTML preloads its chunks, so nothing waits for main.tsx to ask).
 */
export async function startApp(root: HTMLElement): Promise<void> {
  const queryClient = createQueryClient();
  // Every screen starts from the session (its request is already under way: main.tsx).
  void queryClient.prefetchQuery(sessionQuery);
  // Building the router (matching every route) is a task of its own: with this module's evaluation
  // it was one of ~80 ms on a phone, blocking input (issue 10 §4: Total Blocking Time).
  await new Promise((resolve) => setTimeout(resolve, 0));
  const router = createRouter();
  const app = createRoot(root);
  /*
   * The first render as a transition: React builds it in slices of a few milliseconds, yielding to
   * the browser between them, instead of one task of ~120 ms on a phone (issue 10 §4: Total
   * Blocking Time). The HTML's spinner stays on screen until it commits.
   */
  startTransition(() =>
    app.render(
      <StrictMode>
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </StrictMode>,
    ),
  );
}
