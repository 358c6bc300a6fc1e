import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Link, useNavigate, useParams } from "react-router";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { PublicBar } from "@/features/landing/public-bar";
import { sessionQueryKey, useSession } from "@/features/session/use-session";
import { ApiError, apiFetch } from "@/lib/api";
import { acceptInvitationResponseSchema, invitationViewSchema } from "./api";

/** /invite/{token}: see the invitation, sign up or sign in with the invited address, then join. */
export function InvitePage() {
  const { token = "" } = useParams();
  const session = useSession();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const invitation = useQuery({
    queryKey: ["invitation", token],
    queryFn: () => apiFetch(`/api/invitations/token/${encodeURIComponent(token)}`, invitationViewSchema),
    retry: false,
  });
  const accept = useMutation({
    mutationFn: () =>
      apiFetch(`/api/invitations/token/${encodeURIComponent(token)}/accept`, acceptInvitationResponseSchema, {
        method: "POST",
        json: {},
      }),
    onSuccess: async () => {
      queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== sessionQueryKey[0] });
      await queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      toast.success("Invitation accepted", {
        description: `You joined ${invitation.data?.workspaceName ?? "the workspace"}`,
      });
      void navigate("/", { replace: true });
    },
    onError: (err) =>
      toast.error("Error", {
        description: err instanceof ApiError ? err.message : "Failed to accept the invitation",
      }),
  });

  const inv = invitation.data;
  const user = session.data?.user;
  const wrongAccount = inv && user && user.email.toLowerCase() !== inv.email.toLowerCase();

  return (
    <div className="min-h-dvh bg-muted/30">
      <PublicBar signedIn={Boolean(user)} />
      <main className="mx-auto flex max-w-lg justify-center px-4 py-16">
        <Card className="w-full">
          {invitation.isPending || session.isPending ? (
            <CardContent className="flex justify-center py-12">
              <Spinner className="size-6" />
            </CardContent>
          ) : !inv ? (
            <CardHeader>
              <CardTitle>Invitation not found</CardTitle>
              <CardDescription>This link is not valid. Ask for a new invitation.</CardDescription>
            </CardHeader>
          ) : (
            <>
              <CardHeader>
                <CardTitle className="text-2xl">Join {inv.workspaceName}</CardTitle>
                <CardDescription>
                  {inv.invitedBy ? `${inv.invitedBy} invited ` : "You are invited: "}
                  {inv.email} as {inv.role}.
                </CardDescription>
              </CardHeader>
              <CardContent className="space-y-4">
                {inv.status !== "pending" ? (
                  <p role="alert" className="text-sm text-destructive">
                    This invitation is {inv.status}. Ask an admin of {inv.workspaceName} for a new one.
                  </p>
                ) : !user ? (
                  <>
                    <p className="text-sm text-muted-foreground">
                      Sign in — or sign up — with {inv.email} to accept.
                    </p>
                    <Button asChild className="w-full">
                      <Link to="/auth" state={{ from: `/invite/${token}` }}>
                        Sign in or sign up to accept
                      </Link>
                    </Button>
                  </>
                ) : wrongAccount ? (
                  <p role="alert" className="text-sm text-destructive">
                    You are signed in as {user.email}, but this invitation is for {inv.email}. Sign out and
                    sign in with that address.
                  </p>
                ) : (
                  <Button className="w-full" disabled={accept.isPending} onClick={() => accept.mutate()}>
                    {accept.isPending ? "Joining..." : "Accept invitation"}
                  </Button>
                )}
              </CardContent>
            </>
          )}
        </Card>
      </main>
    </div>
  );
}
