import { RequirePermission } from "@/features/app-shell/access-denied";
import { ClientsListPage } from "@/features/clients/clients-list-page";

/** Finance needs canViewFinancials (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canViewFinancials" area="Finance">
      <ClientsListPage />
    </RequirePermission>
  );
}
