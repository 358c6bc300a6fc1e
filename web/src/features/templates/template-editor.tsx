import { useEffect, useMemo, useRef, useState } from "react";
import { FolderPlus, Plus, Save } from "lucide-react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { isoDaySchema } from "@domain/iso-day";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Label } from "@/components/ui/label";
import { Textarea } from "@/components/ui/textarea";
import { toast } from "@/components/ui/toaster";
import { Page } from "@/features/app-shell/page";
import { FieldError, InputField, fieldA11y } from "@/features/settings/form-fields";
import { useCapacityPeople } from "@/features/workload/api";
import { ApiError } from "@/lib/api";
import { useSaveTemplate, type TemplateDetail } from "./api";
import { CreateProjectDialog } from "./create-project-dialog";
import {
  addList,
  addTask,
  editorField,
  fromDraft,
  indentTask,
  moveList,
  moveTask,
  newDraft,
  outdentTask,
  removeList,
  removeTask,
  toDraft,
  updateList,
  updateTask,
  type Draft,
} from "./model";
import { ListSection, type AssigneeOptions, type TreeAction } from "./tree-lists";
import { VersionHistory } from "./version-history";

export const CONFLICT_MESSAGE = "This template was changed by someone else";

/** Where the focus goes after an outline change: a control of a task or list, by key. */
type FocusTarget = { key: string; action: string } | null;

/**
 * The tree editor (/templates/folders/{id} and /templates/folders/new): template fields, lists
 * with their day range, tasks as an outline. Problems show under their fields once a save was
 * tried (from the domain's rules, then the server's 400 by field path); Save → POST or PUT with
 * baseVersion (409 → the conflict toast with Reload).
 */
export function TemplateEditor({
  template,
  onReload,
}: {
  template: TemplateDetail | null;
  onReload?: () => Promise<unknown>;
}) {
  // The draft starts again only when another template or version arrives (a save, a reload).
  const version = template ? `${template.id}:${template.currentVersion}` : "new";
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const initial = useMemo(() => (template ? toDraft(template) : newDraft()), [version]);
  const [draft, setDraft] = useState<Draft>(initial);
  const [tried, setTried] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>({});
  const [focus, setFocus] = useState<FocusTarget>(null);
  const [creating, setCreating] = useState(false);
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const save = useSaveTemplate();
  const people = useCapacityPeople(true);
  const root = useRef<HTMLDivElement>(null);

  // A reloaded or newly saved version replaces the draft.
  useEffect(() => {
    setDraft(initial);
    setServerErrors({});
    setTried(false);
  }, [initial]);

  useEffect(() => {
    if (!focus) return;
    const row = root.current?.querySelector(`[data-task-key="${focus.key}"], [data-list-key="${focus.key}"]`);
    const control =
      row?.querySelector<HTMLElement>(`[data-action="${focus.action}"]:not(:disabled)`) ??
      row?.querySelector<HTMLElement>("input");
    control?.focus();
    setFocus(null);
  }, [focus, draft]);

  const previewParam = params.get("preview") ?? "";
  const previewStart = isoDaySchema.safeParse(previewParam).success ? previewParam : null;
  const result = useMemo(() => fromDraft(draft), [draft]);
  const problems = useMemo(() => {
    const map: Record<string, string> = { ...serverErrors };
    if (tried) for (const p of result.problems) map[p.field] ??= p.message;
    return map;
  }, [result, serverErrors, tried]);
  const errorOf = (field: string) => problems[field];
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const problemCount = Object.keys(problems).length;

  const assignees: AssigneeOptions = useMemo(() => {
    const roles = new Set<string>();
    for (const p of people.data?.people ?? []) for (const r of p.roleTags) roles.add(r);
    return {
      roles: [...roles].sort((a, b) => a.localeCompare(b)),
      people: (people.data?.people ?? [])
        .map((p) => ({ id: p.clickupUserId, name: p.name }))
        .sort((a, b) => a.name.localeCompare(b.name)),
    };
  }, [people.data]);

  const change = (next: Draft) => {
    setDraft(next);
    if (Object.keys(serverErrors).length) setServerErrors({});
  };

  const onAction = (action: TreeAction) => {
    const list = draft.lists[action.li];
    switch (action.type) {
      case "list":
        return change(updateList(draft, action.li, action.patch));
      case "task":
        return change(updateTask(draft, action.li, action.ti, action.patch));
      case "add-task": {
        const added = addTask(draft, action.li, action.parent);
        change(added.draft);
        const key = added.draft.lists[action.li]?.tasks[added.index]?.key;
        if (key) setFocus({ key, action: "name" });
        return;
      }
      case "remove-task": {
        const next = removeTask(draft, action.li, action.ti);
        change(next);
        const neighbour =
          next.lists[action.li]?.tasks[Math.min(action.ti, next.lists[action.li]!.tasks.length - 1)];
        setFocus(
          neighbour ? { key: neighbour.key, action: "remove" } : { key: list!.key, action: "add-task" },
        );
        return;
      }
      case "move-task": {
        const key = list?.tasks[action.ti]?.key;
        change(moveTask(draft, action.li, action.ti, action.by).draft);
        if (key) setFocus({ key, action: action.by === -1 ? "up" : "down" });
        return;
      }
      case "indent": {
        const key = list?.tasks[action.ti]?.key;
        change(indentTask(draft, action.li, action.ti));
        if (key) setFocus({ key, action: "indent" });
        return;
      }
      case "outdent": {
        const key = list?.tasks[action.ti]?.key;
        change(outdentTask(draft, action.li, action.ti).draft);
        if (key) setFocus({ key, action: "outdent" });
        return;
      }
      case "move-list":
        change(moveList(draft, action.li, action.by));
        if (list) setFocus({ key: list.key, action: action.by === -1 ? "list-up" : "list-down" });
        return;
      case "remove-list": {
        const next = removeList(draft, action.li);
        change(next);
        const neighbour = next.lists[Math.min(action.li, next.lists.length - 1)];
        if (neighbour) setFocus({ key: neighbour.key, action: "add-task" });
        return;
      }
    }
  };

  const focusFirstProblem = () =>
    requestAnimationFrame(() =>
      root.current?.querySelector<HTMLElement>("[aria-invalid='true'], [data-problem-summary]")?.focus(),
    );

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (save.isPending) return;
    setTried(true);
    if (result.problems.length > 0) {
      focusFirstProblem();
      return;
    }
    const body = { name: result.name, description: result.description, tree: result.tree };
    save.mutate(
      template ? { id: template.id, body: { ...body, baseVersion: template.currentVersion } } : { body },
      {
        onSuccess: (saved) => {
          toast.success(template ? "Template saved" : "Template created", {
            description: `${saved.name}, version ${saved.currentVersion}`,
          });
          if (!template)
            void navigate(`/templates/folders/${encodeURIComponent(saved.id)}`, { replace: true });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 409) {
            toast.error(CONFLICT_MESSAGE, {
              description: "Reload to see their version; your changes here are kept until you do.",
              duration: Infinity,
              action: onReload ? { label: "Reload", onClick: () => void onReload() } : undefined,
            });
            return;
          }
          const fields: Record<string, string> = {};
          if (error instanceof ApiError)
            for (const f of error.fields ?? []) fields[editorField(f.field)] ??= f.message;
          if (Object.keys(fields).length) {
            setServerErrors(fields);
            focusFirstProblem();
          } else toast.error("Could not save the template", { description: error.message });
        },
      },
    );
  };

  const taskCount = result.tree.lists.reduce((n, l) => n + l.tasks.length, 0);
  return (
    <Page
      title={template ? template.name : "New template"}
      description={
        template
          ? `Version ${template.currentVersion} · ${draft.lists.length} lists · ${taskCount} tasks`
          : "A folder of lists and tasks, with days counted from the project start."
      }
      actions={
        <div className="flex flex-wrap items-center gap-2">
          {dirty ? <Badge variant="warning">Unsaved changes</Badge> : null}
          {template ? (
            <Button type="button" variant="outline" onClick={() => setCreating(true)}>
              <FolderPlus aria-hidden /> Create project
            </Button>
          ) : null}
          <Button type="submit" form="template-editor" disabled={save.isPending}>
            <Save aria-hidden /> {save.isPending ? "Saving..." : "Save"}
          </Button>
        </div>
      }
    >
      <div ref={root}>
        <p className="mb-4 text-sm">
          <Link
            to="/templates/folders"
            className="text-muted-foreground hover:text-foreground hover:underline"
          >
            ← All templates
          </Link>
        </p>
        <form id="template-editor" noValidate onSubmit={submit} aria-label="Template" className="space-y-6">
          {tried && problemCount > 0 ? (
            <div
              role="alert"
              tabIndex={-1}
              data-problem-summary
              className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
            >
              {problemCount === 1 ? "1 problem" : `${problemCount} problems`} to fix before saving: see the
              fields marked below.
            </div>
          ) : null}
          <section
            aria-label="Template details"
            className="grid gap-4 rounded-xl border bg-card p-4 shadow-xs md:grid-cols-2"
          >
            <InputField
              id="template-name"
              label="Name"
              value={draft.name}
              maxLength={200}
              data-field="name"
              error={errorOf("name")}
              onChange={(e) => change({ ...draft, name: e.target.value })}
            />
            <InputField
              id="template-preview"
              label="Preview dates from"
              type="date"
              value={previewStart ?? ""}
              onChange={(e) => {
                const next = new URLSearchParams(params);
                if (e.target.value) next.set("preview", e.target.value);
                else next.delete("preview");
                setParams(next, { replace: true });
              }}
            />
            <div className="min-w-0 space-y-1.5 md:col-span-2">
              <Label htmlFor="template-description">Description</Label>
              <Textarea
                id="template-description"
                value={draft.description}
                data-field="description"
                {...fieldA11y("template-description", errorOf("description"))}
                onChange={(e) => change({ ...draft, description: e.target.value })}
              />
              <FieldError id="template-description" message={errorOf("description")} />
            </div>
            <InputField
              id="template-client"
              label="Client default"
              value={draft.client}
              data-field="client"
              error={errorOf("client")}
              onChange={(e) => change({ ...draft, client: e.target.value })}
            />
            <div className="min-w-0 space-y-1.5">
              <InputField
                id="template-job-code"
                label="Job code pattern"
                placeholder="{CLIENT}-{YY}{SEQ}"
                value={draft.jobCodePattern}
                data-field="jobCodePattern"
                aria-describedby={
                  errorOf("jobCodePattern")
                    ? "template-job-code-error template-job-code-help"
                    : "template-job-code-help"
                }
                error={errorOf("jobCodePattern")}
                onChange={(e) => change({ ...draft, jobCodePattern: e.target.value })}
              />
              <p id="template-job-code-help" className="text-xs text-muted-foreground">
                Tokens: {"{YYYY} {YY} {MM} {CLIENT} {SEQ}"}. Names may use {"{project}, {client}, {jobCode}"}.
              </p>
            </div>
          </section>

          {errorOf("lists") ? <FieldError id="template-lists" message={errorOf("lists")} /> : null}
          {draft.lists.map((list, li) => (
            <ListSection
              key={list.key}
              draft={draft}
              li={li}
              errorOf={errorOf}
              previewStart={previewStart}
              assignees={assignees}
              onAction={onAction}
            />
          ))}
          <Button
            type="button"
            variant="outline"
            onClick={() => {
              const next = addList(draft);
              change(next);
              const key = next.lists.at(-1)?.key;
              if (key) setFocus({ key, action: "name" });
            }}
          >
            <Plus aria-hidden /> Add list
          </Button>
        </form>
        {template ? <VersionHistory template={template} /> : null}
      </div>
      {template ? (
        <CreateProjectDialog template={template} open={creating} onOpenChange={setCreating} />
      ) : null}
    </Page>
  );
}
