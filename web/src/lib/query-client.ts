import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "./api";

/** Spec §9: query cache stale time 5 minutes, 1 retry (never retrying a refusal). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60 * 1000,
        retry: (failureCount, error) =>
          failureCount < 1 && !(error instanceof ApiError && error.status >= 400 && error.status < 500),
        refetchOnWindowFocus: false,
      },
    },
  });
}
