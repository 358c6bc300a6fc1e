import { RequirePermission } from "@/features/app-shell/access-denied";
import { InvoicePage } from "@/features/invoices/invoice-page";

/** Finance needs canViewFinancials (spec §6); anyone else opening the URL gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canViewFinancials" area="Finance">
      <InvoicePage />
    </RequirePermission>
  );
}
