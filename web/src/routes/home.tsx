import { Navigate } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { AppLayout } from "@/features/app-shell/app-layout";
import { LandingPage } from "@/features/landing/landing-page";
import { useSession } from "@/features/session/use-session";

/** "/": the landing page when signed out, the dashboard home when signed in. */
export function Component() {
  const session = useSession();
  if (session.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (!session.data) return <LandingPage />;
  if (session.data.organizations.length === 0) return <Navigate to="/setup" replace />;
  return <AppLayout />;
}
