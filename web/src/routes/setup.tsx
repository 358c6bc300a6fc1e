import { SetupPage } from "@/features/workspaces/setup-page";

export function Component() {
  return <SetupPage />;
}
