import { QueryClientProvider } from "@tanstack/react-query";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { RouterProvider } from "react-router";
import { createQueryClient } from "@/lib/query-client";
import { sessionQuery } from "@/features/session/use-session";
import { createRouter } from "./router";
import "./index.css";

const queryClient = createQueryClient();
// Every screen starts from the session: ask for it while the first screen's code downloads.
void queryClient.prefetchQuery(sessionQuery);
const router = createRouter();

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  </StrictMode>,
);
