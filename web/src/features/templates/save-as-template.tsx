import { useState } from "react";
import { LayoutTemplate } from "lucide-react";
import { useNavigate } from "react-router";
import { Button } from "@/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/components/ui/dialog";
import { FormError } from "@/components/ui/text-field";
import { toast } from "@/components/ui/toaster";
import { usePermissions } from "@/features/navigation/use-nav-data";
import { InputField, showServerErrors } from "@/features/settings/form-fields";
import { useZodForm } from "@/lib/form";
import { templateFromProjectSchema } from "../../../../server/modules/templates/contract";
import { useTemplateFromProject } from "./api";

const formSchema = templateFromProjectSchema.pick({ name: true });

/**
 * The project page's "Save as template" (canManageTemplates only; nothing for anyone else): a
 * name → POST /api/templates/from-project (dates become offsets from the project start) → the
 * new template in the editor.
 */
export function SaveAsTemplateButton({
  folderId,
  projectName,
}: {
  /** The project's ClickUp folder (the API's projectId); nothing to save without one. */
  folderId: string | null;
  projectName: string;
}) {
  const [open, setOpen] = useState(false);
  const { canManageTemplates } = usePermissions();
  if (!canManageTemplates || !folderId) return null;
  return (
    <>
      <Button type="button" variant="outline" size="sm" onClick={() => setOpen(true)}>
        <LayoutTemplate aria-hidden /> Save as template
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-md">
          <DialogHeader>
            <DialogTitle>Save as template</DialogTitle>
            <DialogDescription>
              The project&apos;s lists and tasks become a template; their dates become days from the project
              start.
            </DialogDescription>
          </DialogHeader>
          {open ? (
            <SaveForm projectId={folderId} projectName={projectName} onCancel={() => setOpen(false)} />
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  );
}

function SaveForm({
  projectId,
  projectName,
  onCancel,
}: {
  projectId: string;
  projectName: string;
  onCancel: () => void;
}) {
  const form = useZodForm(formSchema, { defaultValues: { name: projectName } });
  const save = useTemplateFromProject();
  const navigate = useNavigate();
  const submit = form.handleSubmit((values) => {
    if (save.isPending) return;
    save.mutate(
      { projectId, name: values.name },
      {
        onSuccess: (template) => {
          toast.success("Template saved", { description: template.name });
          void navigate(`/templates/folders/${encodeURIComponent(template.id)}`);
        },
        onError: (error) => showServerErrors(form, error, ["name"]),
      },
    );
  });
  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Save as template">
      <InputField
        id="save-template-name"
        label="Template name"
        maxLength={200}
        autoFocus
        error={form.formState.errors.name?.message}
        {...form.register("name")}
      />
      <FormError message={form.formState.errors.root?.server?.message} />
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onCancel} disabled={save.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? "Saving..." : "Save template"}
        </Button>
      </DialogFooter>
    </form>
  );
}
