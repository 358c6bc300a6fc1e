import { apiFetch, ApiError } from "@/lib/api";
import { toastNoOrganizationAccess } from "@/features/workload/workload-page";
import { meResponseSchema } from "../../../server/modules/session/contract";

export { WorkloadPage as Component } from "@/features/workload/workload-page";

/**
 * Spec §2/§8: a signed-in user with no workspace who opens /workload gets the 'No Organization
 * Access' toast. The route gate sends them on to /setup before the screen renders, so the check
 * runs here, beside the navigation, without holding it up; the toast stays over /setup.
 */
export function loader() {
  void apiFetch("/api/me", meResponseSchema)
    .then((me) => {
      if (me.organizations.length === 0) toastNoOrganizationAccess();
    })
    .catch((error: unknown) => {
      // Signed out (401): the gate sends the visitor to /auth; nothing to say here.
      if (!(error instanceof ApiError)) throw error;
    });
  return null;
}

/** Filter and zoom changes stay on the page: no second check. */
export const shouldRevalidate = () => false;
