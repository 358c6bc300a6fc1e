import { Navigate } from "react-router";
import { Spinner } from "@/components/ui/spinner";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { PublicBar } from "@/features/landing/public-bar";
import { useSession } from "@/features/session/use-session";
import { CreateWorkspaceForm } from "./create-workspace-dialog";
import { useSignOutEverywhere } from "./use-workspaces";

/** /setup (spec §2): a signed-in user without a workspace creates the first one; no navigation here. */
export function SetupPage() {
  const session = useSession();
  const signOut = useSignOutEverywhere();
  if (session.isPending) {
    return (
      <div className="flex min-h-dvh items-center justify-center">
        <Spinner className="size-8" />
      </div>
    );
  }
  if (!session.data) return <Navigate to="/auth" replace />;
  const hasWorkspace = session.data.organizations.length > 0;
  return (
    <div className="min-h-dvh bg-muted/30">
      <PublicBar signedIn onSignOut={() => signOut.mutate()} />
      <main className="mx-auto flex max-w-lg justify-center px-4 py-16">
        <Card className="w-full">
          <CardHeader>
            <CardTitle className="text-2xl">Set up your workspace</CardTitle>
            <CardDescription>
              {hasWorkspace
                ? "Create another workspace. You become its owner."
                : `Welcome, ${session.data.user.displayName}. Create the workspace your team will share — you become its owner and can invite your colleagues. If a colleague already uses Agency Hub, ask them to invite ${session.data.user.email} instead.`}
            </CardDescription>
          </CardHeader>
          <CardContent>
            <CreateWorkspaceForm />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
