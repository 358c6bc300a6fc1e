import { useState } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Link2, Unplug } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { ApiError, apiFetch, apiSend } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import {
  clickupStatusKey,
  syncStatusKey,
  clickupOAuthStartResponseSchema,
  clickupOwnAccountResponseSchema,
  clickupTeamsResponseSchema,
  tokenFormSchema,
  useClickupStatus,
  workspaceConnectResultSchema,
  type ClickupStatus,
  type TeamChoice,
  type WorkspaceConnectResult,
} from "./api";

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

const STATUS_BADGE: Record<
  NonNullable<ClickupStatus["workspace"]>["status"],
  { label: string; variant: "success" | "warning" | "destructive" | "secondary" }
> = {
  active: { label: "Connected", variant: "success" },
  pending_team: { label: "Choose a workspace", variant: "warning" },
  error: { label: "Needs attention", variant: "destructive" },
  disconnected: { label: "Disconnected", variant: "secondary" },
};

async function startOAuth(path: string) {
  const { url } = await apiFetch(path, clickupOAuthStartResponseSchema, { method: "POST", json: {} });
  window.location.assign(url);
}

/** Settings → ClickUp: the workspace link (owner) and the caller's own ClickUp account (everyone). */
export function ClickupConnectionPanel() {
  const status = useClickupStatus();
  return (
    <Card id="clickup">
      <CardHeader>
        <CardTitle>ClickUp</CardTitle>
        <CardDescription>
          Projects, tasks, people and time come from ClickUp. The workspace owner connects the workspace;
          everyone then connects their own ClickUp account to see their dashboard.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {status.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : status.isError ? (
          <p className="text-sm text-destructive">
            Could not load the ClickUp connection. Refresh the page to try again.
          </p>
        ) : (
          <>
            <WorkspaceSection status={status.data} />
            <div className="border-t" />
            <PersonalSection status={status.data} />
          </>
        )}
      </CardContent>
    </Card>
  );
}

function TokenForm({
  label,
  help,
  submitLabel,
  onSubmit,
  pending,
}: {
  label: string;
  help: string;
  submitLabel: string;
  onSubmit: (token: string) => void;
  pending: boolean;
}) {
  const form = useZodForm(tokenFormSchema, { defaultValues: { token: "" } });
  const error = form.formState.errors.token?.message ?? null;
  const id = `token-${label.replace(/\W+/g, "-").toLowerCase()}`;
  const submit = form.handleSubmit(({ token }) => onSubmit(token.trim()));
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <Label htmlFor={id}>{label}</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={id}
          type="password"
          autoComplete="off"
          placeholder="pk_…"
          {...form.register("token")}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-help`}
        />
        <Button type="submit" variant="outline" disabled={pending}>
          {pending ? "Checking..." : submitLabel}
        </Button>
      </div>
      <p id={`${id}-help`} className={error ? "text-sm text-destructive" : "text-xs text-muted-foreground"}>
        {error ?? help}
      </p>
    </form>
  );
}

function WorkspaceSection({ status }: { status: ClickupStatus }) {
  const qc = useQueryClient();
  const ws = status.workspace;
  const refresh = () =>
    Promise.all([
      qc.invalidateQueries({ queryKey: clickupStatusKey }),
      qc.invalidateQueries({ queryKey: syncStatusKey }),
    ]);
  const [choices, setChoices] = useState<TeamChoice[] | null>(null);
  const onConnected = (r: WorkspaceConnectResult) => {
    if (r.status === "pending_team") setChoices(r.teams);
    else
      toast.success("ClickUp connected", {
        description: `Syncing ${r.team?.name ?? "your ClickUp workspace"} now.`,
      });
    void refresh();
  };
  const tokenMutation = useMutation({
    mutationFn: (token: string) =>
      apiFetch("/api/clickup/workspace/token", workspaceConnectResultSchema, {
        method: "POST",
        json: { token },
      }),
    onSuccess: onConnected,
    onError: (err) =>
      toast.error("Could not connect ClickUp", { description: errorText(err, "Please try again.") }),
  });
  const teams = useQuery({
    queryKey: ["clickup", "teams"],
    queryFn: () => apiFetch("/api/clickup/workspace/teams", clickupTeamsResponseSchema),
    enabled: status.canManage && ws?.status === "pending_team" && !choices,
  });
  const chooseMutation = useMutation({
    mutationFn: (teamId: string) =>
      apiFetch("/api/clickup/workspace/team", workspaceConnectResultSchema, {
        method: "POST",
        json: { teamId },
      }),
    onSuccess: (r) => {
      setChoices(null);
      onConnected(r);
    },
    onError: (err) =>
      toast.error("Could not pick that workspace", { description: errorText(err, "Please try again.") }),
  });
  const disconnect = useMutation({
    mutationFn: () => apiSend("/api/clickup/workspace", { method: "DELETE" }),
    onSuccess: () => {
      toast.success("ClickUp disconnected");
      void refresh();
    },
    onError: (err) =>
      toast.error("Could not disconnect", { description: errorText(err, "Please try again.") }),
  });
  const oauth = useMutation({
    mutationFn: () => startOAuth("/api/clickup/workspace/oauth/start"),
    onError: (err) =>
      toast.error("Could not open ClickUp", { description: errorText(err, "Please try again.") }),
  });
  const pickList = choices ?? teams.data?.teams ?? null;

  return (
    <section aria-labelledby="clickup-workspace-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="clickup-workspace-heading" className="font-medium">
          Workspace connection
        </h3>
        {ws ? (
          <Badge variant={STATUS_BADGE[ws.status].variant}>{STATUS_BADGE[ws.status].label}</Badge>
        ) : (
          <Badge variant="secondary">Not connected</Badge>
        )}
      </div>
      {ws ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-muted-foreground">ClickUp workspace</dt>
          <dd className="min-w-0 truncate">{ws.teamName ?? "Not chosen yet"}</dd>
          <dt className="text-muted-foreground">Connected with</dt>
          <dd>{ws.authType === "oauth" ? "ClickUp sign-in (OAuth)" : "Personal API token"}</dd>
          <dt className="text-muted-foreground">Live updates</dt>
          <dd>{ws.webhook ? "Webhook active" : "Polling every 5 minutes"}</dd>
          {ws.lastError ? (
            <>
              <dt className="text-muted-foreground">Last error</dt>
              <dd className="text-destructive">{ws.lastError}</dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="text-sm text-muted-foreground">
          {status.canManage
            ? "Connect this workspace to the ClickUp workspace your agency works in."
            : "The workspace owner has not connected ClickUp yet."}
        </p>
      )}
      {status.simulated ? (
        <p className="text-xs text-muted-foreground">
          No ClickUp credentials are configured: a built-in ClickUp simulator stands in for it.
        </p>
      ) : null}

      {status.canManage && pickList && ws?.status === "pending_team" ? (
        <div className="grid gap-2" role="group" aria-label="Choose the ClickUp workspace">
          <p className="text-sm">
            Your ClickUp account sees several workspaces. Which one does this agency use?
          </p>
          <div className="flex flex-wrap gap-2">
            {pickList.map((t) => (
              <Button
                key={t.id}
                variant="outline"
                disabled={chooseMutation.isPending}
                onClick={() => chooseMutation.mutate(t.id)}
              >
                {t.name} <span className="text-muted-foreground">({t.members} people)</span>
              </Button>
            ))}
          </div>
        </div>
      ) : null}

      {status.canManage ? (
        <div className="grid gap-4">
          <div className="flex flex-wrap gap-2">
            {status.oauthAvailable ? (
              <Button onClick={() => oauth.mutate()} disabled={oauth.isPending}>
                <Link2 aria-hidden="true" /> {ws ? "Reconnect with ClickUp" : "Connect with ClickUp"}
              </Button>
            ) : null}
            {ws ? (
              <Button
                variant="outline"
                onClick={() => {
                  if (
                    window.confirm(
                      "Disconnect ClickUp? Synced data stays, but nothing updates until you connect again.",
                    )
                  )
                    disconnect.mutate();
                }}
                disabled={disconnect.isPending}
              >
                <Unplug aria-hidden="true" /> {disconnect.isPending ? "Disconnecting..." : "Disconnect"}
              </Button>
            ) : null}
          </div>
          <TokenForm
            label="Or paste a personal API token"
            help="ClickUp → Settings → Apps → API Token. It is stored encrypted and used only by the server."
            submitLabel="Connect with token"
            pending={tokenMutation.isPending}
            onSubmit={(token) => tokenMutation.mutate(token)}
          />
        </div>
      ) : null}
    </section>
  );
}

function PersonalSection({ status }: { status: ClickupStatus }) {
  const qc = useQueryClient();
  const refresh = () => qc.invalidateQueries({ queryKey: clickupStatusKey });
  const me = status.me;
  const tokenMutation = useMutation({
    mutationFn: (token: string) =>
      apiFetch("/api/clickup/me/token", clickupOwnAccountResponseSchema, { method: "POST", json: { token } }),
    onSuccess: () => {
      toast.success("Your ClickUp account is connected");
      void refresh();
      void qc.invalidateQueries();
    },
    onError: (err) =>
      toast.error("Could not connect your account", { description: errorText(err, "Please try again.") }),
  });
  const disconnect = useMutation({
    mutationFn: () => apiSend("/api/clickup/me", { method: "DELETE" }),
    onSuccess: () => {
      toast.success("Your ClickUp account is disconnected");
      void qc.invalidateQueries();
    },
    onError: (err) =>
      toast.error("Could not disconnect", { description: errorText(err, "Please try again.") }),
  });
  const oauth = useMutation({
    mutationFn: () => startOAuth("/api/clickup/me/oauth/start"),
    onError: (err) =>
      toast.error("Could not open ClickUp", { description: errorText(err, "Please try again.") }),
  });
  return (
    <section aria-labelledby="clickup-me-heading" className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="clickup-me-heading" className="font-medium">
          Your ClickUp account
        </h3>
        {me ? <Badge variant="success">Connected</Badge> : <Badge variant="secondary">Not connected</Badge>}
      </div>
      {me ? (
        <p className="flex items-center gap-2 text-sm">
          <CheckCircle2 className="size-4 text-success" aria-hidden="true" />
          <span className="min-w-0 truncate">
            {me.clickupUsername ?? "ClickUp user"}{" "}
            {me.clickupEmail ? <span className="text-muted-foreground">({me.clickupEmail})</span> : null}
          </span>
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Connect your own ClickUp account so your dashboard shows the work assigned to you.
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        {status.oauthAvailable ? (
          <Button
            variant={me ? "outline" : "default"}
            onClick={() => oauth.mutate()}
            disabled={oauth.isPending}
          >
            <Link2 aria-hidden="true" /> {me ? "Switch ClickUp account" : "Connect my ClickUp account"}
          </Button>
        ) : null}
        {me ? (
          <Button variant="outline" onClick={() => disconnect.mutate()} disabled={disconnect.isPending}>
            <Unplug aria-hidden="true" />{" "}
            {disconnect.isPending ? "Disconnecting..." : "Disconnect my account"}
          </Button>
        ) : null}
      </div>
      {!me ? (
        <TokenForm
          label="Or paste your personal API token"
          help="ClickUp → Settings → Apps → API Token."
          submitLabel="Connect my account"
          pending={tokenMutation.isPending}
          onSubmit={(token) => tokenMutation.mutate(token)}
        />
      ) : null}
    </section>
  );
}
