import type * as React from "react";
import { BadgeCheck, Camera, Diamond, Loader2, Package, Palette, type LucideIcon } from "lucide-react";
import { PROJECT_COLOR_COUNT, projectColorIndex } from "@domain/calendar";
import { cn } from "@/lib/cn";
import type { CalendarKind } from "@domain/calendar";
import type { CalendarItem } from "./api";

/**
 * The project palette: index i of projectColorIndex (domain/calendar.ts) → a tint, its edge and a
 * swatch. Full class names, so Tailwind keeps them; text stays dark on the tint (contrast ≥ 4.5).
 */
export const PROJECT_PALETTE: readonly { chip: string; swatch: string }[] = [
  { chip: "bg-sky-100 border-sky-500 text-sky-950", swatch: "bg-sky-500" },
  { chip: "bg-emerald-100 border-emerald-500 text-emerald-950", swatch: "bg-emerald-500" },
  { chip: "bg-amber-100 border-amber-500 text-amber-950", swatch: "bg-amber-500" },
  { chip: "bg-rose-100 border-rose-500 text-rose-950", swatch: "bg-rose-500" },
  { chip: "bg-violet-100 border-violet-500 text-violet-950", swatch: "bg-violet-500" },
  { chip: "bg-teal-100 border-teal-500 text-teal-950", swatch: "bg-teal-500" },
  { chip: "bg-orange-100 border-orange-500 text-orange-950", swatch: "bg-orange-500" },
  { chip: "bg-indigo-100 border-indigo-500 text-indigo-950", swatch: "bg-indigo-500" },
  { chip: "bg-lime-100 border-lime-600 text-lime-950", swatch: "bg-lime-600" },
  { chip: "bg-fuchsia-100 border-fuchsia-500 text-fuchsia-950", swatch: "bg-fuchsia-500" },
  { chip: "bg-cyan-100 border-cyan-500 text-cyan-950", swatch: "bg-cyan-500" },
  { chip: "bg-pink-100 border-pink-500 text-pink-950", swatch: "bg-pink-500" },
];

if (PROJECT_PALETTE.length !== PROJECT_COLOR_COUNT) {
  throw new Error("the project palette needs one colour per PROJECT_COLOR_COUNT");
}

export const paletteOf = (colorIndex: number) =>
  PROJECT_PALETTE[((colorIndex % PROJECT_COLOR_COUNT) + PROJECT_COLOR_COUNT) % PROJECT_COLOR_COUNT]!;

export const KIND_LABEL: Record<CalendarKind, string> = {
  milestone: "Milestone",
  deliverable: "Deliverable",
  shoot: "Shoot",
  creative: "Creative",
  approval: "Approval",
};

const KIND_ICON: Record<CalendarKind, LucideIcon> = {
  milestone: Diamond,
  deliverable: Package,
  shoot: Camera,
  creative: Palette,
  approval: BadgeCheck,
};

/** The kind's icon with its name for screen readers (and as a tooltip). */
export function KindIcon({ kind, className }: { kind: CalendarKind; className?: string }) {
  const Icon = KIND_ICON[kind];
  return (
    <span title={KIND_LABEL[kind]} className="inline-flex shrink-0">
      <Icon aria-hidden className={cn("size-3.5", className)} />
      <span className="sr-only">{KIND_LABEL[kind]}: </span>
    </span>
  );
}

/**
 * One calendar item: a button (opens the detail; the keyboard path to a move) that can be
 * dragged onto another day. Coloured by project; finished items greyed and struck through; a
 * move on its way to ClickUp shows a spinner and cannot be dragged again.
 */
export function ItemChip({
  item,
  pending,
  draggable,
  onOpen,
  className,
  showProject = false,
  compact = false,
}: {
  item: CalendarItem;
  pending: boolean;
  draggable: boolean;
  onOpen: (item: CalendarItem) => void;
  className?: string;
  /** The list view names the project beside the item. */
  showProject?: boolean;
  /** Month cells on a phone: the kind icon and colour only (the name stays for screen readers). */
  compact?: boolean;
}) {
  const palette = paletteOf(projectColorIndex(item.projectId));
  const onDragStart = (event: React.DragEvent<HTMLButtonElement>) => {
    event.dataTransfer.setData("application/x-calendar-item", item.id);
    event.dataTransfer.setData("text/plain", item.name);
    event.dataTransfer.effectAllowed = "move";
  };
  return (
    <button
      type="button"
      data-testid="calendar-item"
      data-item-id={item.id}
      data-day={item.day}
      data-project={item.projectId ?? ""}
      data-pending={pending || undefined}
      data-finished={item.finished || undefined}
      draggable={draggable && !pending}
      onDragStart={draggable ? onDragStart : undefined}
      onClick={() => onOpen(item)}
      aria-busy={pending || undefined}
      title={item.projectName ? `${item.name} · ${item.projectName}` : item.name}
      className={cn(
        "flex w-full min-w-0 items-center gap-1 rounded border-l-4 px-1.5 py-0.5 text-left text-xs leading-5 outline-none hover:brightness-95 focus-visible:ring-2 focus-visible:ring-ring",
        item.finished ? "border-slate-400 bg-slate-100 text-slate-700" : palette.chip,
        pending && "animate-pulse opacity-70",
        draggable && !pending && "cursor-grab active:cursor-grabbing",
        className,
      )}
    >
      {pending ? (
        <Loader2 aria-hidden className="size-3.5 shrink-0 animate-spin" />
      ) : (
        <KindIcon kind={item.kind} />
      )}
      <span className={cn("min-w-0 truncate", item.finished && "line-through", compact && "max-sm:sr-only")}>
        {item.name}
      </span>
      {showProject && item.projectName ? (
        <span className="ml-auto hidden max-w-[45%] shrink-0 truncate pl-2 sm:inline">
          {item.projectName}
        </span>
      ) : null}
      {item.finished ? <span className="sr-only"> (finished)</span> : null}
      {pending ? <span className="sr-only"> (moving…)</span> : null}
    </button>
  );
}

/** Drop target wiring for a day (month cell, week column): the dragged item's id goes to `onDrop`. */
export function dayDropProps(day: string, onDrop: (itemId: string, day: string) => void) {
  return {
    onDragOver: (event: React.DragEvent<HTMLElement>) => {
      if (!event.dataTransfer.types.includes("application/x-calendar-item")) return;
      event.preventDefault();
      event.dataTransfer.dropEffect = "move";
      event.currentTarget.dataset.dropTarget = "true";
    },
    onDragLeave: (event: React.DragEvent<HTMLElement>) => {
      delete event.currentTarget.dataset.dropTarget;
    },
    onDrop: (event: React.DragEvent<HTMLElement>) => {
      delete event.currentTarget.dataset.dropTarget;
      const id = event.dataTransfer.getData("application/x-calendar-item");
      if (!id) return;
      event.preventDefault();
      onDrop(id, day);
    },
  };
}
