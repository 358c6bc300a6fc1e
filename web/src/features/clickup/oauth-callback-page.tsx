import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toaster";
import { Page } from "@/features/app-shell/page";
import { ApiError, apiFetch } from "@/lib/api";
import { z } from "zod";
import { clickupOwnAccountResponseSchema, workspaceConnectResultSchema } from "./api";

type Outcome = { kind: "working" } | { kind: "error"; message: string };

/**
 * The OAuth callback pages of spec §2: /auth/clickup/callback (workspace connection) and
 * /auth/clickup/personal/callback (the user's own account). They hand code and state to the
 * server, which checks the state and exchanges the code; then back to Settings.
 */
export function ClickupOAuthCallback() {
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const personal = pathname.includes("/personal/");
  const [outcome, setOutcome] = useState<Outcome>({ kind: "working" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const error = params.get("error");
    const code = params.get("code");
    const state = params.get("state");
    if (error) {
      setOutcome({
        kind: "error",
        message:
          error === "access_denied"
            ? "You cancelled the connection in ClickUp."
            : `ClickUp answered: ${error}`,
      });
      return;
    }
    if (!code || !state) {
      setOutcome({
        kind: "error",
        message: "This page needs the code ClickUp sends back. Start the connection from Settings.",
      });
      return;
    }
    const path = personal ? "/api/clickup/me/oauth/callback" : "/api/clickup/workspace/oauth/callback";
    apiFetch(path, z.union([workspaceConnectResultSchema, clickupOwnAccountResponseSchema]), {
      method: "POST",
      json: { code, state },
    })
      .then((result) => {
        void qc.invalidateQueries();
        if (personal) toast.success("Your ClickUp account is connected");
        else if ("status" in result && result.status === "pending_team")
          toast.info("Choose which ClickUp workspace to sync");
        else toast.success("ClickUp connected", { description: "The first sync has started." });
        navigate("/settings?tab=clickup", { replace: true });
      })
      .catch((err: unknown) => {
        setOutcome({
          kind: "error",
          message:
            err instanceof ApiError
              ? err.message
              : "The connection could not be completed. Please try again.",
        });
      });
  }, [params, personal, navigate, qc]);

  return (
    <Page title={personal ? "Connecting your ClickUp account" : "Connecting ClickUp"}>
      {outcome.kind === "working" ? (
        <div className="flex items-center gap-3 text-muted-foreground">
          <Spinner className="size-5" /> Finishing the connection…
        </div>
      ) : (
        <div className="grid max-w-xl gap-4">
          <p role="alert" className="text-destructive">
            {outcome.message}
          </p>
          <div>
            <Button asChild>
              <Link to="/settings?tab=clickup">Back to Settings</Link>
            </Button>
          </div>
        </div>
      )}
    </Page>
  );
}
