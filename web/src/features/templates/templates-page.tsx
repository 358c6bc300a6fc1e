import { useState } from "react";
import { Copy, FolderPlus, Plus, Search, Trash2 } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { formatListDay } from "@domain/format";
import { Button } from "@/components/ui/button";
import { Pager } from "@/components/ui/pager";
import { Input } from "@/components/ui/input";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toaster";
import { EmptyState, Page } from "@/features/app-shell/page";
import { ConfirmDialog } from "@/features/settings/confirm-dialog";
import { cn } from "@/lib/cn";
import { useListUrlState } from "@/lib/list-url-state";
import {
  useDeleteTemplate,
  useDuplicateTemplate,
  useTemplate,
  useTemplates,
  type TemplateListItem,
} from "./api";
import { CreateProjectDialog } from "./create-project-dialog";

const PAGE_SIZE = 25;

type Dialog = { type: "delete" | "create"; template: TemplateListItem };

/** Folder templates (/templates/folders): search and pages in the URL, row actions, an empty state that says what to do. */
export function TemplatesPage() {
  const { params, update, search, setSearch } = useListUrlState();
  const query = new URLSearchParams(params);
  if (!query.has("pageSize")) query.set("pageSize", String(PAGE_SIZE));
  const list = useTemplates(query);
  const data = list.data;
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const navigate = useNavigate();
  const duplicate = useDuplicateTemplate();

  const onDuplicate = (t: TemplateListItem) =>
    duplicate.mutate(t.id, {
      onSuccess: (copy) =>
        toast.success("Template duplicated", {
          description: copy.name,
          action: {
            label: "Open",
            onClick: () => void navigate(`/templates/folders/${encodeURIComponent(copy.id)}`),
          },
        }),
      onError: (error) => toast.error("Could not duplicate the template", { description: error.message }),
    });

  const page = data?.page ?? 1;
  const searching = Boolean(params.get("search"));
  const actions = { onDuplicate, onDialog: setDialog, duplicating: duplicate.isPending };

  return (
    <Page
      title="Folder Templates"
      description="Reusable project structures for new jobs."
      actions={
        <Button asChild>
          <Link to="/templates/folders/new">
            <Plus aria-hidden /> New template
          </Link>
        </Button>
      }
    >
      <div className="relative mb-4 md:w-80">
        <Search
          aria-hidden
          className="absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        />
        <Input
          type="search"
          aria-label="Search templates"
          placeholder="Search by name…"
          className="pl-9"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      {list.isPending ? (
        <div className="space-y-2">
          {Array.from({ length: 4 }, (_, i) => (
            <Skeleton key={i} className="h-14 w-full" />
          ))}
        </div>
      ) : list.isError ? (
        <EmptyState title="Could not load templates">{list.error.message}</EmptyState>
      ) : data && data.total === 0 ? (
        searching ? (
          <EmptyState title="No templates match">Try another name or clear the search.</EmptyState>
        ) : (
          <EmptyState title="No folder templates yet">
            <p>
              Create a template to set up new project folders the same way every time, or open a project and
              use Save as template to start from one you already run.
            </p>
            <div className="mt-4 flex flex-wrap justify-center gap-2">
              <Button asChild size="sm">
                <Link to="/templates/folders/new">Create a template</Link>
              </Button>
              <Button asChild size="sm" variant="outline">
                <Link to="/projects">Save an existing project as a template</Link>
              </Button>
            </div>
          </EmptyState>
        )
      ) : data ? (
        <>
          <div
            className={cn(
              "hidden overflow-x-auto rounded-xl border bg-card md:block",
              list.isPlaceholderData && "opacity-60",
            )}
          >
            <table className="w-full text-sm">
              <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Template
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Version
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Lists / tasks
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Last used
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    Created by
                  </th>
                  <th scope="col" className="px-3 py-2 text-right font-medium">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((t) => (
                  <tr
                    key={t.id}
                    data-testid="template-row"
                    className="border-b last:border-0 hover:bg-muted/30"
                  >
                    <td className="max-w-96 px-3 py-2">
                      <Link
                        to={`/templates/folders/${encodeURIComponent(t.id)}`}
                        className="font-medium hover:underline"
                      >
                        {t.name}
                      </Link>
                      {t.description ? (
                        <div className="line-clamp-2 text-xs text-muted-foreground">{t.description}</div>
                      ) : null}
                    </td>
                    <td className="px-3 py-2 tabular-nums">v{t.currentVersion}</td>
                    <td className="px-3 py-2 whitespace-nowrap tabular-nums">
                      {t.listCount} / {t.taskCount}
                    </td>
                    <td className="px-3 py-2 whitespace-nowrap">
                      {t.lastUsedAt ? formatListDay(t.lastUsedAt, Date.now()) : "Never"}
                    </td>
                    <td className="px-3 py-2">{t.createdBy?.name ?? "—"}</td>
                    <td className="px-3 py-2">
                      <RowActions template={t} {...actions} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <ul className="space-y-2 md:hidden" aria-label="Templates">
            {data.items.map((t) => (
              <li key={t.id} data-testid="template-card" className="rounded-xl border bg-card p-3 shadow-xs">
                <Link
                  to={`/templates/folders/${encodeURIComponent(t.id)}`}
                  className="font-medium hover:underline"
                >
                  {t.name}
                </Link>
                {t.description ? (
                  <p className="line-clamp-2 text-xs text-muted-foreground">{t.description}</p>
                ) : null}
                <p className="mt-1 text-xs text-muted-foreground">
                  v{t.currentVersion} · {t.listCount} lists · {t.taskCount} tasks · last used{" "}
                  {t.lastUsedAt ? formatListDay(t.lastUsedAt, Date.now()) : "never"}
                  {t.createdBy ? ` · by ${t.createdBy.name}` : ""}
                </p>
                <div className="mt-2">
                  <RowActions template={t} {...actions} />
                </div>
              </li>
            ))}
          </ul>
          <Pager
            page={page}
            pageSize={data.pageSize}
            total={data.total}
            onPage={(next) => update({ page: String(next) }, false)}
          />
        </>
      ) : null}
      <DeleteTemplate dialog={dialog} onClose={() => setDialog(null)} />
      {dialog?.type === "create" ? (
        <CreateFromRow template={dialog.template} onClose={() => setDialog(null)} />
      ) : null}
    </Page>
  );
}

function RowActions({
  template: t,
  onDuplicate,
  onDialog,
  duplicating,
}: {
  template: TemplateListItem;
  onDuplicate: (t: TemplateListItem) => void;
  onDialog: (d: Dialog) => void;
  duplicating: boolean;
}) {
  return (
    <div className="flex flex-wrap items-center justify-start gap-1 md:justify-end">
      <Button size="sm" variant="outline" onClick={() => onDialog({ type: "create", template: t })}>
        <FolderPlus aria-hidden /> Create project
        <span className="sr-only"> from {t.name}</span>
      </Button>
      <Button size="sm" variant="ghost" asChild>
        <Link to={`/templates/folders/${encodeURIComponent(t.id)}`} aria-label={`Open ${t.name}`}>
          Open
        </Link>
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Duplicate ${t.name}`}
        disabled={duplicating}
        onClick={() => onDuplicate(t)}
      >
        <Copy className="size-4" />
      </Button>
      <Button
        size="icon"
        variant="ghost"
        aria-label={`Delete ${t.name}`}
        onClick={() => onDialog({ type: "delete", template: t })}
      >
        <Trash2 className="size-4" />
      </Button>
    </div>
  );
}

/** The run form wants the template's Client default and job-code pattern: the row's detail is read first. */
function CreateFromRow({ template, onClose }: { template: TemplateListItem; onClose: () => void }) {
  const detail = useTemplate(template.id);
  const [open, setOpen] = useState(true);
  if (detail.isPending) return null;
  return (
    <CreateProjectDialog
      template={detail.data ?? template}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) onClose();
      }}
    />
  );
}

function DeleteTemplate({ dialog, onClose }: { dialog: Dialog | null; onClose: () => void }) {
  const remove = useDeleteTemplate();
  const template = dialog?.type === "delete" ? dialog.template : null;
  return (
    <ConfirmDialog
      open={template !== null}
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={template ? `Delete ${template.name}?` : "Delete the template?"}
      pending={remove.isPending}
      onConfirm={() =>
        template &&
        remove.mutate(template.id, {
          onSuccess: () => {
            toast.success("Template deleted", { description: template.name });
            onClose();
          },
          onError: (error) => toast.error("Could not delete the template", { description: error.message }),
        })
      }
    >
      {template
        ? `Its ${template.currentVersion} version${template.currentVersion === 1 ? "" : "s"} go with it. Projects already created from it stay as they are in ClickUp.`
        : null}
    </ConfirmDialog>
  );
}
