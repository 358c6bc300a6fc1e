import { Navigate } from "react-router";
import { PublicBar } from "@/features/landing/public-bar";
import { useSession } from "@/features/session/use-session";

export function Component() {
  const session = useSession();
  if (session.data) return <Navigate to="/" replace />;
  return (
    <div className="min-h-dvh bg-muted/30">
      <PublicBar signedIn={false} />
      <main className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-2xl font-semibold">Sign in to Agency Hub</h1>
      </main>
    </div>
  );
}
