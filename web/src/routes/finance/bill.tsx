import { RequirePermission } from "@/features/app-shell/access-denied";
import { VendorBillPage } from "@/features/vendor-bills/vendor-bill-page";

/** Finance needs canViewFinancials (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canViewFinancials" area="Finance">
      <VendorBillPage />
    </RequirePermission>
  );
}
