import { useState } from "react";
import { History } from "lucide-react";
import { formatDateTime, formatEstimateMinutes } from "@domain/format";
import { itemTypeLabel } from "@domain/task-types";
import type { TemplateTree } from "@domain/templates";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { useTemplateVersion, type TemplateDetail } from "./api";
import { META_TASK_LABEL, depths, offsetRange, outlineOrder } from "./model";

/** The template's versions, newest first; any of them opens read-only. */
export function VersionHistory({ template }: { template: TemplateDetail }) {
  const [viewing, setViewing] = useState<number | null>(null);
  return (
    <section aria-labelledby="template-versions" className="mt-10 space-y-3">
      <h2 id="template-versions" className="flex items-center gap-2 text-lg font-semibold">
        <History aria-hidden className="size-5" /> Version history
      </h2>
      <ol className="divide-y rounded-xl border bg-card" aria-label="Versions">
        {template.versions.map((v) => (
          <li
            key={v.version}
            data-testid="template-version"
            className="flex flex-wrap items-center justify-between gap-2 px-4 py-2 text-sm"
          >
            <span className="flex flex-wrap items-center gap-2">
              <span className="font-medium">Version {v.version}</span>
              {v.version === template.currentVersion ? <Badge variant="secondary">Current</Badge> : null}
              <span className="text-muted-foreground">
                {formatDateTime(v.createdAt)}
                {v.createdBy ? ` by ${v.createdBy.name}` : ""} · {v.listCount} lists · {v.taskCount} tasks
              </span>
            </span>
            <Button type="button" size="sm" variant="ghost" onClick={() => setViewing(v.version)}>
              View version {v.version}
            </Button>
          </li>
        ))}
      </ol>
      <Dialog open={viewing !== null} onOpenChange={(open) => (open ? undefined : setViewing(null))}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>
              {template.name}, version {viewing}
            </DialogTitle>
            <DialogDescription>Read only. Saving in the editor makes a new version.</DialogDescription>
          </DialogHeader>
          {viewing !== null ? <VersionTree templateId={template.id} version={viewing} /> : null}
        </DialogContent>
      </Dialog>
    </section>
  );
}

function VersionTree({ templateId, version }: { templateId: string; version: number }) {
  const query = useTemplateVersion(templateId, version);
  if (query.isPending) return <Skeleton className="h-40" />;
  if (query.isError) return <p className="text-sm text-destructive">{query.error.message}</p>;
  return <TreeView tree={query.data.tree} />;
}

/** A tree as text: lists with their days, tasks indented under their parent. */
export function TreeView({ tree }: { tree: TemplateTree }) {
  return (
    <div className="space-y-4" data-testid="template-tree-view">
      {tree.lists.map((list) => {
        const tasks = outlineOrder(list.tasks);
        const depth = depths(tasks);
        return (
          <section key={list.key} aria-label={`List ${list.name}`}>
            <h3 className="flex flex-wrap items-baseline justify-between gap-2 font-medium">
              {list.name}
              <span className="text-sm font-normal text-muted-foreground">
                {offsetRange(list.startOffsetDays, list.endOffsetDays, null, (d) => d)}
              </span>
            </h3>
            <ul className="mt-1 divide-y rounded-md border text-sm">
              {tasks.map((t, i) => (
                <li
                  key={t.key}
                  className="flex flex-wrap items-baseline gap-x-3 gap-y-0.5 px-3 py-1.5"
                  style={{ paddingLeft: `${0.75 + (depth[i] ?? 0) * 1.25}rem` }}
                >
                  <span className="font-medium">{t.name}</span>
                  <span className="text-muted-foreground">
                    {t.customItemId === 1001 ? META_TASK_LABEL : itemTypeLabel(t.customItemId)}
                  </span>
                  <span className="text-muted-foreground tabular-nums">
                    {offsetRange(t.startOffsetDays, t.dueOffsetDays, null, (d) => d)}
                  </span>
                  {t.estimateMinutes !== null ? (
                    <span className="tabular-nums">{formatEstimateMinutes(t.estimateMinutes)}</span>
                  ) : null}
                  {t.assignee ? (
                    <span>
                      {t.assignee.kind === "role" ? t.assignee.tag : `User ${t.assignee.clickupUserId}`}
                    </span>
                  ) : null}
                  {t.tags.length ? <span className="text-muted-foreground">#{t.tags.join(" #")}</span> : null}
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
