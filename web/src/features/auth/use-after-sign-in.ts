import { useQueryClient } from "@tanstack/react-query";
import { sessionQueryKey } from "@/features/session/use-session";

/** After a session is created: drop cached data of any previous user and load the new session. */
export function useAfterSignIn() {
  const queryClient = useQueryClient();
  return async () => {
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
    await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    await queryClient.refetchQueries({ queryKey: sessionQueryKey });
  };
}
