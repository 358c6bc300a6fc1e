import { RequirePermission } from "@/features/app-shell/access-denied";
import { RateCardsPage } from "@/features/finance/rate-cards/rate-cards-page";

/**
 * Finance needs canViewFinancials (spec §6); anyone else opening the URL gets "You don't have access".
 * A failure inside is caught by the route's own error fallback (router: RateCardsErrorFallback).
 */
export function Component() {
  return (
    <RequirePermission permission="canViewFinancials" area="Finance">
      <RateCardsPage />
    </RequirePermission>
  );
}
