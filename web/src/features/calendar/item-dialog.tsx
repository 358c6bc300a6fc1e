import { useState, type ReactNode } from "react";
import { ExternalLink } from "lucide-react";
import { formatDateTime, formatDetailDay } from "@domain/index";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import type { CalendarItem } from "./api";
import { KIND_LABEL, KindIcon, paletteOf } from "./item-chip";
import { isIsoDay, NO_PROJECT_LABEL } from "./model";
import { projectColorIndex } from "@domain/calendar";
import { cn } from "@/lib/cn";

/**
 * An item's detail: what it is, where it lives, who has it, its ClickUp link, and a date field
 * that moves its due date (the keyboard path of a drag).
 */
export function ItemDialog({
  item,
  timeZone,
  pending,
  onMove,
  onClose,
}: {
  item: CalendarItem | null;
  timeZone: string | undefined;
  pending: boolean;
  onMove: (item: CalendarItem, day: string) => void;
  onClose: () => void;
}) {
  return (
    <Dialog open={item !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent className="sm:max-w-lg" data-testid="calendar-item-dialog">
        {item ? (
          <ItemDetail
            key={`${item.id}:${item.day}`}
            item={item}
            timeZone={timeZone}
            pending={pending}
            onMove={onMove}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ItemDetail({
  item,
  timeZone,
  pending,
  onMove,
}: {
  item: CalendarItem;
  timeZone: string | undefined;
  pending: boolean;
  onMove: (item: CalendarItem, day: string) => void;
}) {
  const [day, setDay] = useState(item.day);
  const valid = isIsoDay(day);
  const changed = valid && day !== item.day;
  return (
    <>
      <DialogHeader>
        <DialogTitle className={cn("flex items-start gap-2 leading-snug", item.finished && "line-through")}>
          <KindIcon kind={item.kind} className="mt-1 size-4" />
          {item.name}
        </DialogTitle>
        <DialogDescription className="flex items-center gap-2">
          <span
            aria-hidden
            className={cn("size-3 shrink-0 rounded-sm", paletteOf(projectColorIndex(item.projectId)).swatch)}
          />
          {[item.projectName ?? NO_PROJECT_LABEL, item.spaceName].filter(Boolean).join(" · ")}
        </DialogDescription>
      </DialogHeader>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm">
        <Fact label="Kind">{KIND_LABEL[item.kind]}</Fact>
        <Fact label="List">{item.listName ?? "—"}</Fact>
        <Fact label="Status">
          <span className="inline-flex items-center gap-1.5">
            {item.statusColor ? (
              <span
                aria-hidden
                className="size-2.5 rounded-full"
                style={{ backgroundColor: item.statusColor }}
              />
            ) : null}
            {item.status ?? "—"}
            {item.finished ? <span className="text-muted-foreground">(finished)</span> : null}
          </span>
        </Fact>
        <Fact label="Due">
          <span data-testid="calendar-item-due">{formatDetailDay(item.day)}</span>
          <span className="ml-1 text-muted-foreground">({formatDateTime(item.dueDate, timeZone)})</span>
        </Fact>
        <Fact label="Assignees">{item.assignees.length ? item.assignees.join(", ") : "Unassigned"}</Fact>
      </dl>
      <form
        className="flex flex-wrap items-end gap-2 border-t pt-4"
        onSubmit={(e) => {
          e.preventDefault();
          if (changed) onMove(item, day);
        }}
      >
        <div className="grid gap-1.5">
          <Label htmlFor="calendar-item-day">Move due date to</Label>
          <Input
            id="calendar-item-day"
            type="date"
            className="w-44"
            value={day}
            aria-invalid={!valid || undefined}
            onChange={(e) => setDay(e.target.value)}
          />
        </div>
        <Button type="submit" disabled={!changed || pending}>
          {pending ? "Moving..." : "Move"}
        </Button>
      </form>
      <DialogFooter>
        {item.url ? (
          <Button asChild variant="outline">
            <a href={item.url} target="_blank" rel="noopener noreferrer" data-testid="calendar-item-link">
              Open in ClickUp <ExternalLink aria-hidden />
              <span className="sr-only">(opens in a new tab)</span>
            </a>
          </Button>
        ) : null}
      </DialogFooter>
    </>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className="min-w-0">{children}</dd>
    </>
  );
}
