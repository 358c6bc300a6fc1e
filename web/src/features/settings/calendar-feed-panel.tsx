import { useState } from "react";
import { Check, Copy, Link2, RotateCw, TriangleAlert } from "lucide-react";
import { toast } from "sonner";
import { formatDateTime } from "@domain/index";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { useCalendarFeed, useCreateFeed, useRevokeFeed } from "@/features/calendar/api";
import { ApiError } from "@/lib/api";
import { ConfirmDialog } from "./confirm-dialog";

const failure = (error: unknown, fallback: string) => (error instanceof ApiError ? error.message : fallback);

/**
 * Settings → Calendar feed (PRODUCT.md → Milestones): the caller's private iCalendar URL of their
 * projects' milestones, to subscribe from Google Calendar or Outlook. The URL is shown once, when
 * it is made; Reset makes a new one (the old one stops working) and Revoke ends it.
 */
export function CalendarFeedPanel() {
  const feed = useCalendarFeed();
  const create = useCreateFeed();
  const revoke = useRevokeFeed();
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [confirm, setConfirm] = useState<"reset" | "revoke" | null>(null);
  const active = feed.data?.active === true;

  const makeUrl = () =>
    create.mutate(undefined, {
      onSuccess: (created) => {
        setUrl(created.url);
        setCopied(false);
        setConfirm(null);
      },
      onError: (error) => {
        setConfirm(null);
        toast.error("Could not create the feed URL", { description: failure(error, "Try again shortly.") });
      },
    });

  const revokeFeed = () =>
    revoke.mutate(undefined, {
      onSuccess: () => {
        setUrl(null);
        setConfirm(null);
        toast.success("Calendar feed revoked", { description: "The old URL no longer answers." });
      },
      onError: (error) => {
        setConfirm(null);
        toast.error("Could not revoke the feed", { description: failure(error, "Try again shortly.") });
      },
    });

  const copy = async () => {
    if (!url) return;
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      toast.success("Feed URL copied");
    } catch {
      toast.error("Could not copy", { description: "Select the URL and copy it by hand." });
    }
  };

  return (
    <Card data-testid="calendar-feed-panel">
      <CardHeader>
        <CardTitle>
          <h2>Calendar feed</h2>
        </CardTitle>
        <CardDescription>
          A private iCalendar URL with the milestones of the projects you can see. Subscribe to it from Google
          Calendar (Other calendars → From URL) or Outlook (Add calendar → Subscribe from web); they refresh
          it on their own schedule.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {feed.isPending ? (
          <Skeleton className="h-10" />
        ) : feed.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {failure(feed.error, "Failed to load the calendar feed")}
          </p>
        ) : (
          <>
            {url ? (
              <div className="space-y-2" data-testid="calendar-feed-url">
                <label htmlFor="calendar-feed-url" className="text-sm font-medium">
                  Your feed URL
                </label>
                <div className="flex flex-col gap-2 sm:flex-row">
                  <Input
                    id="calendar-feed-url"
                    readOnly
                    value={url}
                    className="font-mono text-xs"
                    onFocus={(e) => e.currentTarget.select()}
                  />
                  <Button variant="outline" onClick={() => void copy()}>
                    {copied ? <Check aria-hidden /> : <Copy aria-hidden />} {copied ? "Copied" : "Copy"}
                  </Button>
                </div>
                <p className="flex items-start gap-2 rounded-md border border-warning/50 bg-warning/10 px-3 py-2 text-sm">
                  <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
                  Keep this URL private: anyone who has it can read your milestones. It is shown only now; if
                  you lose it, reset it to get a new one.
                </p>
              </div>
            ) : null}
            {active ? (
              <dl
                className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm"
                data-testid="calendar-feed-status"
              >
                <dt className="text-muted-foreground">Created</dt>
                <dd>{formatDateTime(feed.data?.createdAt)}</dd>
                <dt className="text-muted-foreground">Last fetched</dt>
                <dd>{feed.data?.lastFetchedAt ? formatDateTime(feed.data.lastFetchedAt) : "Not yet"}</dd>
              </dl>
            ) : (
              <p className="text-sm text-muted-foreground">You have no feed URL.</p>
            )}
            <div className="flex flex-wrap gap-2">
              {active ? (
                <>
                  <Button variant="outline" onClick={() => setConfirm("reset")} disabled={create.isPending}>
                    <RotateCw aria-hidden /> Reset URL
                  </Button>
                  <Button variant="outline" onClick={() => setConfirm("revoke")} disabled={revoke.isPending}>
                    Revoke
                  </Button>
                </>
              ) : (
                <Button onClick={makeUrl} disabled={create.isPending}>
                  <Link2 aria-hidden /> {create.isPending ? "Creating..." : "Create feed URL"}
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
      <ConfirmDialog
        open={confirm === "reset"}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title="Reset the feed URL?"
        confirmLabel="Reset URL"
        pendingLabel="Resetting..."
        pending={create.isPending}
        onConfirm={makeUrl}
      >
        <p>
          A new URL replaces the current one. Calendars subscribed to the old URL stop updating until you
          subscribe them to the new one.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirm === "revoke"}
        onOpenChange={(open) => (open ? undefined : setConfirm(null))}
        title="Revoke the feed URL?"
        confirmLabel="Revoke"
        pendingLabel="Revoking..."
        pending={revoke.isPending}
        onConfirm={revokeFeed}
      >
        <p>The URL stops working at once. You can create a new one later.</p>
      </ConfirmDialog>
    </Card>
  );
}
