import { AuthPage } from "@/features/auth/auth-page";

export function Component() {
  return <AuthPage />;
}
