import { RequirePermission } from "@/features/app-shell/access-denied";
import { AccrualReport } from "@/features/reports/accrual-report";

/** Reports need canViewFinancials (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canViewFinancials" area="Reports">
      <AccrualReport />
    </RequirePermission>
  );
}
