import { RequirePermission } from "@/features/app-shell/access-denied";
import { ClientReport } from "@/features/reports/client-report";

/** Reports need canViewFinancials (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canViewFinancials" area="Reports">
      <ClientReport />
    </RequirePermission>
  );
}
