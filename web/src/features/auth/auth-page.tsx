import { useEffect, useRef } from "react";
import { useQuery } from "@tanstack/react-query";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { MOBILE_AUTH_REDIRECT_DELAY_MS } from "@domain/constants";
import { MESSAGES } from "@domain/messages";
import { Card, CardContent } from "@/components/ui/card";
import { toast } from "@/components/ui/toaster";
import { PublicBar } from "@/features/landing/public-bar";
import { useIsMobile } from "@/features/projects/use-is-mobile";
import { useSession } from "@/features/session/use-session";
import { fetchAuthConfig } from "./auth-api";
import { DesktopAuth } from "./desktop-auth";
import { MobileAuth } from "./mobile-auth";
import { NewPasswordForm } from "./recovery-forms";
import { useAfterSignIn } from "./use-after-sign-in";

/** /auth (spec §2): desktop card or the separate mobile view; signed-in visitors go to / (after ~100 ms on mobile). */
export function AuthPage() {
  const session = useSession();
  const isMobile = useIsMobile();
  const navigate = useNavigate();
  const location = useLocation();
  const [params, setParams] = useSearchParams();
  const afterSignIn = useAfterSignIn();
  const config = useQuery({ queryKey: ["auth-config"], queryFn: fetchAuthConfig, staleTime: Infinity });
  const signedIn = Boolean(session.data);
  const from = (location.state as { from?: string } | null)?.from;
  const target = from && from.startsWith("/") && !from.startsWith("/auth") ? from : "/";

  useEffect(() => {
    if (!signedIn) return;
    const delay = isMobile ? MOBILE_AUTH_REDIRECT_DELAY_MS : 0;
    const timer = setTimeout(() => void navigate(target, { replace: true }), delay);
    return () => clearTimeout(timer);
  }, [signedIn, isMobile, navigate, target]);

  const reported = useRef(false);
  useEffect(() => {
    if (params.get("error") && !reported.current) {
      reported.current = true;
      toast.error(MESSAGES.signIn.googleFailed);
    }
  }, [params]);

  const resetToken = params.get("mode") === "reset" ? params.get("token") : null;
  const recover = params.get("mobile") === "true" && params.get("retry") === "enabled";

  if (resetToken) {
    return (
      <div className="min-h-dvh bg-muted/30">
        <PublicBar signedIn={false} />
        <main className="mx-auto flex max-w-md justify-center px-4 py-16">
          <Card className="w-full">
            <CardContent className="pt-6">
              <NewPasswordForm token={resetToken} onDone={() => setParams({}, { replace: true })} />
            </CardContent>
          </Card>
        </main>
      </div>
    );
  }

  if (isMobile) {
    return (
      <MobileAuth
        googleConfigured={config.data?.google}
        recoverSession={recover}
        signedIn={signedIn}
        onSignedIn={afterSignIn}
      />
    );
  }
  return (
    <div className="min-h-dvh bg-muted/30">
      <PublicBar signedIn={false} />
      <main className="mx-auto flex max-w-md justify-center px-4 py-16">
        <DesktopAuth googleConfigured={config.data?.google} onSignedIn={afterSignIn} />
      </main>
    </div>
  );
}
