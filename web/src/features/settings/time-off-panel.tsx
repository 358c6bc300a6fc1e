import { useState } from "react";
import { Pencil, Plus } from "lucide-react";
import { addDays, toIsoDate } from "@domain/index";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import { useTimeOff, type TimeOffView } from "./api";
import { TIME_OFF_TYPE_LABEL, TimeOffDialog, timeOffDates, useTimeOffWriters } from "./time-off-dialog";

/** How far back the list reaches: recent time off stays visible for a month. */
const PAST_DAYS = 30;

/**
 * Time off (PRODUCT.md → Workload → Time off): everyone's, from a month ago on. Admins add and
 * change anyone's; a member their own.
 */
export function TimeOffPanel() {
  const today = toIsoDate(new Date()) ?? "";
  const from = toIsoDate(addDays(new Date(`${today}T00:00:00Z`), -PAST_DAYS)) ?? today;
  const timeOff = useTimeOff(from);
  const writers = useTimeOffWriters();
  const [dialog, setDialog] = useState<{ timeOff: TimeOffView | null } | null>(null);
  const canWrite = (t: TimeOffView) => writers.admin || t.clickupUserId === writers.ownId;
  const list = [...(timeOff.data?.timeOff ?? [])].sort(
    (a, b) => a.startDate.localeCompare(b.startDate) || a.personName.localeCompare(b.personName),
  );
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 space-y-1.5">
          <CardTitle>
            <h2>Time off</h2>
          </CardTitle>
          <CardDescription>
            Holidays, sick days and other absences lower capacity on Workload.{" "}
            {writers.admin ? "Admins enter anyone's." : "You can enter your own."}
          </CardDescription>
        </div>
        {writers.people.length > 0 ? (
          <Button variant="outline" size="sm" onClick={() => setDialog({ timeOff: null })}>
            <Plus aria-hidden /> Add time off
          </Button>
        ) : null}
      </CardHeader>
      <CardContent>
        {timeOff.isPending ? (
          <Skeleton className="h-12" />
        ) : timeOff.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {timeOff.error instanceof ApiError ? timeOff.error.message : "Failed to load time off"}
          </p>
        ) : list.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No time off from the last month on. Use Add time off for a holiday, a sick day or a half day.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Time off">
            {list.map((t) => (
              <li
                key={t.id}
                className={`flex flex-wrap items-center gap-x-3 gap-y-1 p-3 text-sm ${t.endDate < today ? "text-muted-foreground" : ""}`}
              >
                <span className="min-w-0 flex-1 basis-40 truncate font-medium">{t.personName}</span>
                <span className="tabular-nums">{timeOffDates(t)}</span>
                <Badge variant="outline">{TIME_OFF_TYPE_LABEL[t.type]}</Badge>
                {t.note ? (
                  <span className="min-w-0 basis-full truncate text-muted-foreground sm:basis-auto">
                    {t.note}
                  </span>
                ) : null}
                {canWrite(t) ? (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="ml-auto"
                    aria-label={`Edit time off of ${t.personName}, ${timeOffDates(t)}`}
                    onClick={() => setDialog({ timeOff: t })}
                  >
                    <Pencil className="size-4" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
      <TimeOffDialog
        open={dialog !== null}
        onOpenChange={(open) => (open ? undefined : setDialog(null))}
        timeOff={dialog?.timeOff ?? null}
      />
    </Card>
  );
}
