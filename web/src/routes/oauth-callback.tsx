import { useSearchParams } from "react-router";
import { Page } from "@/features/app-shell/page";

/** /auth/clickup/callback, /auth/clickup/personal/callback and /auth/slack/callback. */
export function Component() {
  const [params] = useSearchParams();
  const error = params.get("error");
  return (
    <Page
      title="Connecting…"
      description={error ? `The provider answered: ${error}` : "Finishing the connection."}
    />
  );
}
