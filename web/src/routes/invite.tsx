import { InvitePage } from "@/features/workspaces/invite-page";

export function Component() {
  return <InvitePage />;
}
