import { useParams } from "react-router";
import { Skeleton } from "@/components/ui/skeleton";
import { RequirePermission } from "@/features/app-shell/access-denied";
import { EmptyState, Page } from "@/features/app-shell/page";
import { useTemplate } from "@/features/templates/api";
import { TemplateEditor } from "@/features/templates/template-editor";
import { ApiError } from "@/lib/api";

/** /templates/folders/new starts a template; any other id opens that template in the editor. */
function Screen() {
  const { id = "" } = useParams();
  const isNew = id === "new";
  const template = useTemplate(isNew ? null : id);
  if (isNew) return <TemplateEditor template={null} />;
  if (template.isPending) {
    return (
      <Page title="Folder Template" description="A reusable project structure.">
        <div className="space-y-4" aria-busy="true">
          <Skeleton className="h-40 w-full rounded-xl" />
          <Skeleton className="h-64 w-full rounded-xl" />
        </div>
      </Page>
    );
  }
  if (template.isError) {
    const missing = template.error instanceof ApiError && template.error.status === 404;
    return (
      <Page title="Folder Template" description="A reusable project structure.">
        <EmptyState title={missing ? "Template not found" : "Could not load the template"}>
          {missing ? "This template does not exist in the current workspace." : template.error.message}
        </EmptyState>
      </Page>
    );
  }
  return <TemplateEditor template={template.data} onReload={() => template.refetch()} />;
}

/** Templates need canManageTemplates (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canManageTemplates" area="Templates">
      <Screen />
    </RequirePermission>
  );
}
