import { Navigate, Outlet, useLocation } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { useSession } from "@/features/session/use-session";
import { FormError } from "@/components/ui/text-field";

/**
 * Spec §2 gate: a spinner (plus any authentication error) while loading; no user → /auth;
 * a user with no organizations → /setup.
 */
export function ProtectedRoute() {
  const session = useSession();
  const location = useLocation();
  if (session.isPending || (session.isError && session.data === undefined)) {
    return (
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-3" aria-busy="true">
        <Spinner className="size-8" />
        <FormError message={session.error?.message} />
      </div>
    );
  }
  if (!session.data) {
    return <Navigate to="/auth" replace state={{ from: location.pathname + location.search }} />;
  }
  if (session.data.organizations.length === 0) return <Navigate to="/setup" replace />;
  return <Outlet />;
}
