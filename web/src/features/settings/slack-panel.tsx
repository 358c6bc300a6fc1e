import { Controller } from "react-hook-form";
import { useSearchParams } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Label } from "@/components/ui/label";
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from "@/components/ui/select";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { ApiError } from "@/lib/api";
import { useZodForm } from "@/lib/form";
import {
  SLACK_INSTALL_PATH,
  slackChannelRequestSchema,
  useChooseSlackChannel,
  useDisconnectSlack,
  useSetSlackNotification,
  useSlackChannels,
  useSlackStatus,
  type SlackStatus,
} from "@/features/slack/api";

const errorText = (err: unknown, fallback: string) => (err instanceof ApiError ? err.message : fallback);

const STATUS_BADGE: Record<
  SlackStatus["status"],
  { label: string; variant: "success" | "secondary" | "destructive" }
> = {
  active: { label: "Connected", variant: "success" },
  disconnected: { label: "Disconnected", variant: "destructive" },
  not_connected: { label: "Not connected", variant: "secondary" },
};

/** Settings → Slack (owner): install, channel, notification switches, failed posts, disconnect. */
export function SlackPanel() {
  const status = useSlackStatus();
  const [params] = useSearchParams();
  const installed = params.get("slack") === "installed";
  const refused = params.get("slack_error");
  return (
    <Card id="slack">
      <CardHeader>
        <CardTitle>Slack</CardTitle>
        <CardDescription>
          Post notifications to a Slack channel: POs waiting for approval, budgets submitted or approved,
          ClickUp sync failing, invoices overdue, and a Monday digest of people booked over capacity. Each
          kind can be switched off.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {refused ? (
          <p role="alert" className="rounded-md border border-destructive/40 p-3 text-sm text-destructive">
            {refused}
          </p>
        ) : installed ? (
          <p role="status" className="rounded-md border p-3 text-sm">
            Slack installed in {params.get("team") ?? "your Slack workspace"}. Pick the channel notifications
            go to.
          </p>
        ) : null}
        {status.isPending ? (
          <div className="grid gap-3">
            <Skeleton className="h-6 w-1/2" />
            <Skeleton className="h-9 w-full" />
          </div>
        ) : status.isError ? (
          <p className="text-sm text-destructive">
            {errorText(status.error, "Could not load the Slack connection. Refresh the page to try again.")}
          </p>
        ) : (
          <SlackSections status={status.data} />
        )}
      </CardContent>
    </Card>
  );
}

function SlackSections({ status }: { status: SlackStatus }) {
  const badge = STATUS_BADGE[status.status];
  const active = status.status === "active";
  const disconnect = useDisconnectSlack();
  if (!status.available)
    return <p className="text-sm text-muted-foreground">Slack is not configured on this server.</p>;
  return (
    <>
      <div className="flex flex-wrap items-center gap-3">
        <Badge variant={badge.variant}>{badge.label}</Badge>
        {status.team ? <span className="text-sm">{status.team.name}</span> : null}
        {status.simulated ? <Badge variant="secondary">Simulated Slack</Badge> : null}
      </div>
      {status.reason ? (
        <p role="alert" className="text-sm text-destructive">
          {status.reason}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button asChild variant={active ? "outline" : "default"}>
          <a href={SLACK_INSTALL_PATH}>
            {status.status === "not_connected" ? "Add to Slack" : "Install again"}
          </a>
        </Button>
        {active ? (
          <Button
            variant="outline"
            disabled={disconnect.isPending}
            onClick={() =>
              disconnect.mutate(undefined, {
                onSuccess: () => toast.success("Slack disconnected"),
                onError: (err) =>
                  toast.error("Could not disconnect Slack", { description: errorText(err, "Try again.") }),
              })
            }
          >
            Disconnect
          </Button>
        ) : null}
        {status.messagesUrl ? (
          <Button asChild variant="link">
            <a href={status.messagesUrl} target="_blank" rel="noreferrer">
              Posted messages (simulator)
            </a>
          </Button>
        ) : null}
      </div>
      {active ? <ChannelPicker current={status.channel} /> : null}
      {status.status !== "not_connected" ? <NotificationSwitches status={status} /> : null}
      {status.failures.length ? <Failures failures={status.failures} /> : null}
    </>
  );
}

function ChannelPicker({ current }: { current: SlackStatus["channel"] }) {
  const channels = useSlackChannels(true);
  const choose = useChooseSlackChannel();
  const form = useZodForm(slackChannelRequestSchema, { defaultValues: { channelId: current?.id ?? "" } });
  const error = form.formState.errors.channelId?.message ?? null;
  const submit = form.handleSubmit((input) =>
    choose.mutate(input, {
      onSuccess: (c) => toast.success("Channel saved", { description: `Notifications go to #${c.name}.` }),
      onError: (err) =>
        toast.error("Could not save the channel", { description: errorText(err, "Try again.") }),
    }),
  );
  return (
    <form onSubmit={submit} className="grid gap-2" noValidate>
      <Label htmlFor="slack-channel">Channel</Label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Controller
          control={form.control}
          name="channelId"
          render={({ field }) => (
            <Select value={field.value} onValueChange={field.onChange} disabled={!channels.data}>
              <SelectTrigger
                id="slack-channel"
                className="w-full sm:w-72"
                aria-invalid={error ? true : undefined}
              >
                <SelectValue placeholder={channels.isPending ? "Loading channels…" : "Pick a channel"} />
              </SelectTrigger>
              <SelectContent>
                {(channels.data?.channels ?? []).map((c) => (
                  <SelectItem key={c.id} value={c.id}>
                    {c.isPrivate ? "🔒 " : "#"}
                    {c.name}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          )}
        />
        <Button type="submit" variant="outline" disabled={choose.isPending}>
          {choose.isPending ? "Saving…" : "Save channel"}
        </Button>
      </div>
      <p className={error || channels.isError ? "text-sm text-destructive" : "text-xs text-muted-foreground"}>
        {error ??
          (channels.isError
            ? errorText(channels.error, "Could not list the Slack channels.")
            : current
              ? `Notifications go to #${current.name}.`
              : "No channel yet: nothing is posted until you pick one.")}
      </p>
    </form>
  );
}

function NotificationSwitches({ status }: { status: SlackStatus }) {
  const set = useSetSlackNotification();
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-1 text-sm font-medium">Notifications</legend>
      {status.notifications.map((n) => (
        <label key={n.kind} className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={n.enabled}
            disabled={set.isPending}
            onChange={(e) =>
              set.mutate(
                { kind: n.kind, enabled: e.target.checked },
                {
                  onError: (err) =>
                    toast.error("Could not save", { description: errorText(err, "Try again.") }),
                },
              )
            }
          />
          {n.label}
        </label>
      ))}
    </fieldset>
  );
}

function Failures({ failures }: { failures: SlackStatus["failures"] }) {
  return (
    <section className="grid gap-2" aria-labelledby="slack-failures">
      <h3 id="slack-failures" className="text-sm font-medium">
        Not delivered
      </h3>
      <ul className="grid gap-2">
        {failures.map((f) => (
          <li key={f.eventKey} className="rounded-md border p-3 text-sm">
            <p>{f.text}</p>
            <p className="text-destructive">{f.reason}</p>
            <p className="text-xs text-muted-foreground">
              {new Date(f.at).toLocaleString()} · {f.attempts} {f.attempts === 1 ? "attempt" : "attempts"}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
