import { RequirePermission } from "@/features/app-shell/access-denied";
import { TemplatesPage } from "@/features/templates/templates-page";

/** Templates need canManageTemplates (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canManageTemplates" area="Templates">
      <TemplatesPage />
    </RequirePermission>
  );
}
