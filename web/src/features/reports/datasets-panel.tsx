import { useEffect, useState } from "react";
import { MESSAGES } from "@domain/messages";
import { formatDetailDay } from "@domain/index";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormError, TextField } from "@/components/ui/text-field";
import { Textarea } from "@/components/ui/textarea";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/toaster";
import { useZodForm } from "@/lib/form";
import {
  datasetFormSchema,
  type AccrualData,
  type DatasetSummary,
} from "../../../../server/modules/reports/contract";
import { useDatasets, useDeleteDataset, useSaveDataset } from "./accrual-api";

/*
 * The Accrual datasets (spec §3 project_datasets, §7, §8 messages): "Live" and every saved
 * snapshot newest first, open one, delete one (after a confirmation), and save the report on
 * screen as a new one.
 */

export function DatasetsPanel({
  activeId,
  onOpen,
  data,
}: {
  /** The dataset shown (null: live figures or what §4 picked). */
  activeId: string | null;
  /** Open a dataset (null: back to live figures). */
  onOpen: (id: string | null) => void;
  /** The report on screen (what "Save as dataset" saves); undefined while loading. */
  data: AccrualData | undefined;
}) {
  const datasets = useDatasets();
  const [saving, setSaving] = useState(false);
  const [deleting, setDeleting] = useState<DatasetSummary | null>(null);
  const remove = useDeleteDataset();

  useEffect(() => {
    if (datasets.isError) toast.error(MESSAGES.datasets.fetchFailed);
  }, [datasets.isError]);

  const list = datasets.data?.datasets ?? [];
  return (
    <section
      aria-labelledby="datasets-title"
      className="mb-4 rounded-xl border bg-card p-3"
      data-testid="datasets"
    >
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id="datasets-title" className="text-sm font-medium">
          Datasets
        </h2>
        <Button size="sm" variant="outline" disabled={!data} onClick={() => setSaving(true)}>
          Save as dataset
        </Button>
      </div>
      <ul className="flex flex-wrap gap-2" aria-label="Saved datasets">
        <li>
          <Button
            size="sm"
            variant={activeId === null ? "default" : "ghost"}
            aria-pressed={activeId === null}
            onClick={() => onOpen(null)}
          >
            Live
          </Button>
        </li>
        {list.map((d) => (
          <li key={d.id} className="flex items-center rounded-md border" data-testid="dataset-item">
            <Button
              size="sm"
              variant={activeId === d.id ? "default" : "ghost"}
              aria-pressed={activeId === d.id}
              title={d.description ?? undefined}
              onClick={() => onOpen(d.id)}
              className="max-w-56 truncate"
            >
              {d.name}
              <span className="sr-only"> (saved {formatDetailDay(d.updatedAt.slice(0, 10))})</span>
            </Button>
            <Button
              size="sm"
              variant="ghost"
              aria-label={`Delete dataset ${d.name}`}
              onClick={() => setDeleting(d)}
            >
              ×
            </Button>
          </li>
        ))}
      </ul>
      {datasets.isSuccess && list.length === 0 ? (
        <p className="mt-2 text-xs text-muted-foreground">
          No saved datasets yet. Save this report to keep a snapshot.
        </p>
      ) : null}
      <SaveDatasetDialog
        open={saving}
        onClose={() => setSaving(false)}
        data={data}
        onSaved={(id) => onOpen(id)}
      />
      <Dialog open={deleting !== null} onOpenChange={(open) => (open ? undefined : setDeleting(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Delete dataset</DialogTitle>
            <DialogDescription>
              Delete “{deleting?.name}”? The snapshot is removed for everyone in the workspace.
            </DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setDeleting(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              disabled={remove.isPending}
              onClick={() => {
                const target = deleting;
                if (!target) return;
                remove.mutate(target.id, {
                  onSuccess: () => {
                    toast.success(MESSAGES.datasets.deleted);
                    setDeleting(null);
                    if (activeId === target.id) onOpen(null);
                  },
                  onError: () => toast.error(MESSAGES.datasets.deleteFailed),
                });
              }}
            >
              Delete
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </section>
  );
}

function SaveDatasetDialog({
  open,
  onClose,
  data,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  data: AccrualData | undefined;
  onSaved: (id: string) => void;
}) {
  const save = useSaveDataset();
  const form = useZodForm(datasetFormSchema, { defaultValues: { name: "", description: "" } });
  const errors = form.formState.errors;
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) {
          form.reset();
          onClose();
        }
      }}
    >
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Save as dataset</DialogTitle>
          <DialogDescription>
            Keep the figures on screen as a named snapshot, e.g. “October close”.
          </DialogDescription>
        </DialogHeader>
        <form
          className="space-y-3"
          onSubmit={form.handleSubmit((values) => {
            if (!data) return;
            save.mutate(
              { name: values.name, description: values.description ?? "", data },
              {
                onSuccess: (saved) => {
                  toast.success(MESSAGES.datasets.saved);
                  form.reset();
                  onClose();
                  onSaved(saved.id);
                },
                onError: () => toast.error(MESSAGES.datasets.saveFailed),
              },
            );
          })}
        >
          <TextField id="dataset-name" label="Name" maxLength={200} {...form.register("name")} />
          <FormError message={errors.name?.message} />
          <div className="space-y-1.5">
            <Label htmlFor="dataset-description">Description</Label>
            <Textarea id="dataset-description" maxLength={2000} rows={3} {...form.register("description")} />
          </div>
          <FormError message={errors.description?.message} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={save.isPending || !data}>
              {save.isPending ? "Saving..." : "Save dataset"}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
