import type { ReactNode } from "react";
import { MESSAGES } from "@domain/messages";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Input } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { useZodForm } from "@/lib/form";
import { createWorkspaceRequestSchema } from "./api";
import { useCreateWorkspace } from "./use-workspaces";

/** The workspace name form shared by the dialog and /setup. */
export function CreateWorkspaceForm({
  onCancel,
  onCreated,
  autoFocus = true,
}: {
  onCancel?: () => void;
  onCreated?: () => void;
  autoFocus?: boolean;
}) {
  const form = useZodForm(createWorkspaceRequestSchema, { defaultValues: { name: "" } });
  const create = useCreateWorkspace({ onCreated: () => onCreated?.() });

  // An empty name does nothing (the schema refuses it); creation is blocked while one is in progress (spec §5).
  const submit = form.handleSubmit(({ name }) => {
    if (create.isPending) return;
    create.mutate(name);
  });

  return (
    <form onSubmit={submit} className="space-y-4">
      <div className="space-y-1.5">
        <Label htmlFor="workspace-name">{MESSAGES.nav.workspaceNameLabel}</Label>
        <Input
          id="workspace-name"
          required
          autoFocus={autoFocus}
          maxLength={100}
          placeholder={MESSAGES.nav.workspaceNamePlaceholder}
          {...form.register("name")}
        />
      </div>
      <DialogFooterOrRow>
        {onCancel ? (
          <Button type="button" variant="outline" onClick={onCancel} disabled={create.isPending}>
            Cancel
          </Button>
        ) : null}
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? MESSAGES.nav.creating : "Create"}
        </Button>
      </DialogFooterOrRow>
    </form>
  );
}

function DialogFooterOrRow({ children }: { children: ReactNode }) {
  return <div className="flex justify-end gap-2">{children}</div>;
}

/** 'Create New Workspace' (spec §2): Workspace Name, Cancel and Create ('Creating...' while saving). */
export function CreateWorkspaceDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{MESSAGES.nav.createWorkspaceTitle}</DialogTitle>
          <DialogDescription>You become its owner and can invite your team.</DialogDescription>
        </DialogHeader>
        <CreateWorkspaceForm onCancel={() => onOpenChange(false)} onCreated={() => onOpenChange(false)} />
      </DialogContent>
    </Dialog>
  );
}
