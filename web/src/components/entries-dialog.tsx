import type { ReactNode } from "react";
import type { UseQueryResult } from "@tanstack/react-query";
import { ExternalLink } from "lucide-react";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Pager } from "@/components/ui/pager";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";

/*
 * The dialog of the rows behind a figure (a budget section's labour, a report figure): a title and
 * what the rows are, then a server-paged table with its loading, error and empty states. The
 * dialog's body unmounts when it closes, so a body that keeps its page in state starts again at
 * page 1 the next time it opens.
 */

/** One page of rows as the paged APIs answer it. */
export interface PagedRows<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}

export const ENTRY_TH = "px-2 py-1.5 font-medium whitespace-nowrap";
export const ENTRY_TD = "px-2 py-1.5";

export function EntriesDialog({
  open,
  onClose,
  title,
  description,
  className,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description: ReactNode;
  /** Width of the dialog (e.g. "sm:max-w-4xl"). */
  className?: string;
  children: ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) onClose();
      }}
    >
      <DialogContent className={className}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** A column of a paged rows table: its heading, right-aligned when it holds figures. */
export interface EntryColumn {
  label: string;
  numeric?: boolean;
}

export function PagedEntriesTable<T>({
  query,
  onPage,
  label,
  columns,
  empty,
  scrollClassName = "overflow-x-auto",
  children,
}: {
  query: UseQueryResult<PagedRows<T>>;
  onPage: (page: number) => void;
  /** The table's accessible name. */
  label: string;
  columns: readonly EntryColumn[];
  /** What to say when no row makes the figure. */
  empty: ReactNode;
  /** How the table's frame scrolls (e.g. "max-h-[60vh] overflow-auto"). */
  scrollClassName?: string;
  /** The rows of one page (one <tr> each). */
  children: (items: T[]) => ReactNode;
}) {
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.isError)
    return (
      <p role="alert" className="text-sm text-destructive">
        {query.error.message}
      </p>
    );
  const { data } = query;
  if (data.total === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <>
      <div className={cn("relative rounded-md border [contain:inline-size]", scrollClassName)}>
        <table className="w-full text-sm" aria-label={label}>
          <thead className="bg-muted/40 text-left text-xs text-muted-foreground">
            <tr>
              {columns.map((c) => (
                <th key={c.label} scope="col" className={cn(ENTRY_TH, c.numeric && "text-right")}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>{children(data.items)}</tbody>
        </table>
      </div>
      <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={onPage} />
    </>
  );
}

/** A task's name linking out to ClickUp when it has a URL. */
export function TaskLink({
  url,
  name,
  id,
  fallback,
}: {
  url: string | null;
  name: string | null;
  id: string | null;
  /** Shown when there is no URL. */
  fallback: ReactNode;
}) {
  if (!url) return <>{fallback}</>;
  return (
    <a
      href={url}
      target="_blank"
      rel="noreferrer"
      className="inline-flex max-w-full items-center gap-1 hover:underline"
    >
      <span className="truncate">{name ?? id}</span>
      <ExternalLink aria-hidden className="size-3 shrink-0" />
      <span className="sr-only">(opens in ClickUp)</span>
    </a>
  );
}
