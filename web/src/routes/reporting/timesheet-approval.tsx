import { RequirePermission } from "@/features/app-shell/access-denied";
import { ApprovalQueuePage } from "@/features/timesheet/approval-queue";

/** Approving weeks needs canManageUsers (owners and admins); anyone else gets "You don't have access". */
export function Component() {
  return (
    <RequirePermission permission="canManageUsers" area="timesheet approval">
      <ApprovalQueuePage />
    </RequirePermission>
  );
}
