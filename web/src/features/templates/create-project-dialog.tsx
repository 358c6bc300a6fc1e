import { useEffect, useState } from "react";
import { useWatch } from "react-hook-form";
import { Link } from "react-router";
import { z } from "zod";
import { toIsoDate, UNKNOWN_SPACE_NAME, isCompletedJobsSpace } from "@domain/index";
import { suggestJobCode } from "@domain/templates";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { Progress } from "@/components/ui/progress";
import { FormError } from "@/components/ui/text-field";
import { useNavProjects } from "@/features/navigation/use-nav-data";
import { InputField, SelectField, showServerErrors } from "@/features/settings/form-fields";
import { useZodForm } from "@/lib/form";
import { templateRunStartDateSchema } from "../../../../server/modules/template-runs/contract";
import { useRetryRun, useRun, useStartRun, type TemplateRun } from "./api";
import { CLIENT_FIELD } from "./model";

const formSchema = z.object({
  spaceId: z.string().min(1, "choose a space"),
  name: z.string().trim().min(1, "is required").max(200, "must be at most 200 characters"),
  client: z.string().trim().max(200, "must be at most 200 characters"),
  jobCode: z.string().trim().max(100, "must be at most 100 characters"),
  startDate: templateRunStartDateSchema,
});
const FIELDS = ["spaceId", "name", "client", "jobCode", "startDate"] as const;

/** What create-project-from-template needs of a template (the list row or the editor's detail). */
export interface RunnableTemplate {
  id: string;
  name: string;
  currentVersion: number;
  /** From the detail: the Client default and the job-code pattern prefill the form. */
  tree?: { fieldDefaults: { field: string; value: string }[]; jobCodePattern: string | null };
}

/**
 * "Create project from template": space, name, client, job code (proposed from the pattern) and
 * start date → POST /api/template-runs, then the run's progress bar until it succeeds (Open
 * project) or fails (the reason and Retry).
 */
export function CreateProjectDialog({
  template,
  open,
  onOpenChange,
}: {
  template: RunnableTemplate;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [runId, setRunId] = useState<string | null>(null);
  useEffect(() => {
    if (!open) setRunId(null);
  }, [open]);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-lg">
        <DialogHeader>
          <DialogTitle>Create project from {template.name}</DialogTitle>
          <DialogDescription>
            The folder, its lists and tasks are created in ClickUp, the project meta task first; days count
            from the start date.
          </DialogDescription>
        </DialogHeader>
        {!open ? null : runId ? (
          <RunProgress runId={runId} onClose={() => onOpenChange(false)} />
        ) : (
          <RunForm template={template} onStarted={setRunId} onCancel={() => onOpenChange(false)} />
        )}
      </DialogContent>
    </Dialog>
  );
}

function RunForm({
  template,
  onStarted,
  onCancel,
}: {
  template: RunnableTemplate;
  onStarted: (runId: string) => void;
  onCancel: () => void;
}) {
  const nav = useNavProjects();
  const start = useStartRun();
  const spaces = new Map<string, string>();
  for (const p of nav.data?.projects ?? [])
    if (p.spaceId && !isCompletedJobsSpace(p.spaceName))
      spaces.set(p.spaceId, p.spaceName ?? UNKNOWN_SPACE_NAME);
  const clientDefault =
    template.tree?.fieldDefaults.find((d) => d.field.toLowerCase() === CLIENT_FIELD.toLowerCase())?.value ??
    "";
  const today = toIsoDate(new Date()) ?? "";
  const form = useZodForm(formSchema, {
    defaultValues: { spaceId: "", name: "", client: clientDefault, jobCode: "", startDate: today },
  });
  const [client, startDate] = useWatch({ control: form.control, name: ["client", "startDate"] });
  const pattern = template.tree?.jobCodePattern ?? null;
  const seq = (nav.data?.projects.length ?? 0) + 1;

  // The job code follows the pattern until someone types their own.
  useEffect(() => {
    if (form.getFieldState("jobCode").isDirty || !pattern) return;
    const date = templateRunStartDateSchema.safeParse(startDate).success ? startDate : today;
    form.setValue("jobCode", suggestJobCode(pattern, { client, date, seq }) ?? "");
  }, [client, startDate, pattern, seq, today, form]);

  // One space: it is the choice.
  const onlySpace = spaces.size === 1 ? [...spaces.keys()][0] : undefined;
  useEffect(() => {
    if (onlySpace && !form.getValues("spaceId")) form.setValue("spaceId", onlySpace);
  }, [onlySpace, form]);

  const errors = form.formState.errors;
  const err = (name: (typeof FIELDS)[number]) => errors[name]?.message;
  const submit = form.handleSubmit((values) => {
    if (start.isPending) return;
    start.mutate(
      {
        templateId: template.id,
        version: template.currentVersion,
        spaceId: values.spaceId,
        name: values.name,
        client: values.client || null,
        jobCode: values.jobCode || null,
        startDate: values.startDate,
      },
      {
        onSuccess: (run) => onStarted(run.id),
        onError: (error) => showServerErrors(form, error, FIELDS, { templateId: "name" }),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="New project">
      <SelectField id="run-space" label="Space" error={err("spaceId")} {...form.register("spaceId")}>
        <option value="">Choose a space…</option>
        {[...spaces]
          .sort((a, b) => a[1].localeCompare(b[1]))
          .map(([id, name]) => (
            <option key={id} value={id}>
              {name}
            </option>
          ))}
      </SelectField>
      <InputField
        id="run-name"
        label="Project name"
        maxLength={200}
        error={err("name")}
        {...form.register("name")}
      />
      <div className="grid grid-cols-1 gap-3 min-[420px]:grid-cols-2">
        <InputField id="run-client" label="Client" error={err("client")} {...form.register("client")} />
        <InputField id="run-job-code" label="Job code" error={err("jobCode")} {...form.register("jobCode")} />
      </div>
      <InputField
        id="run-start"
        label="Start date"
        type="date"
        error={err("startDate")}
        {...form.register("startDate")}
      />
      <FormError message={errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={start.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={start.isPending}>
          {start.isPending ? "Starting..." : "Create project"}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** 'Creating 23 of 61…' while it runs; the words of the bar and the line under it. */
export function runProgressText(run: TemplateRun | undefined): string {
  if (!run || run.status === "queued") return "Waiting to start…";
  if (run.status === "running") return `Creating ${run.done} of ${run.total}…`;
  if (run.status === "succeeded") return `Created ${run.total} of ${run.total}`;
  return `Stopped after ${run.done} of ${run.total}`;
}

function RunProgress({ runId, onClose }: { runId: string; onClose: () => void }) {
  const query = useRun(runId);
  const retry = useRetryRun();
  const nav = useNavProjects();
  const run = query.data;
  const percent = run && run.total > 0 ? Math.round((run.done / run.total) * 100) : 0;
  const text = runProgressText(run);
  const project = run?.folderId ? nav.data?.projects.find((p) => p.folderId === run.folderId) : undefined;
  const projectHref = project
    ? `/projects/${encodeURIComponent(project.id)}`
    : `/projects?search=${encodeURIComponent(run?.name ?? "")}`;
  return (
    <div className="space-y-4" data-testid="template-run" data-status={run?.status ?? "queued"}>
      <Progress value={percent} aria-label={`Creating ${run?.name ?? "the project"}`} aria-valuetext={text} />
      <p className="text-sm tabular-nums" aria-live="polite">
        {text}
        {run ? ` (${percent} %)` : ""}
      </p>
      {run?.status === "failed" ? (
        <p
          role="alert"
          className="rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm text-destructive"
        >
          {run.error ?? "The run stopped."} Nothing already created is made twice when you retry.
        </p>
      ) : null}
      {run?.status === "succeeded" && run.notes.length ? (
        <ul className="list-disc pl-5 text-sm text-muted-foreground">
          {run.notes.map((n) => (
            <li key={n}>{n}</li>
          ))}
        </ul>
      ) : null}
      {query.isError ? <FormError message={query.error.message} /> : null}
      {retry.isError ? <FormError message={retry.error.message} /> : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose}>
          Close
        </Button>
        {run?.status === "failed" ? (
          <Button type="button" disabled={retry.isPending} onClick={() => retry.mutate(run.id)}>
            {retry.isPending ? "Retrying..." : "Retry"}
          </Button>
        ) : null}
        {run?.status === "succeeded" ? (
          <Button asChild>
            <Link to={projectHref}>Open project</Link>
          </Button>
        ) : null}
      </DialogFooter>
    </div>
  );
}
