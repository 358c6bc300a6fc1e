import { useNavigate, useRouteError } from "react-router";
import { Button } from "@/components/ui/button";
import { ChunkLoadErrorScreen, isChunkLoadError } from "@/features/app-shell/error-screens";

/** /finance/rate-cards has its own fallback so a failure there never takes down the finance area. */
export function RateCardsErrorFallback() {
  const error = useRouteError();
  const navigate = useNavigate();
  if (isChunkLoadError(error)) return <ChunkLoadErrorScreen />;
  return (
    <div role="alert" className="mx-auto max-w-lg px-4 py-16 text-center">
      <h1 className="text-xl font-semibold">Rate cards could not be loaded</h1>
      <p className="mt-2 text-sm text-muted-foreground">
        The rest of Finance still works. Try again, or go back to the finance overview.
      </p>
      <div className="mt-6 flex justify-center gap-2">
        <Button onClick={() => navigate(0)}>Try Again</Button>
        <Button variant="outline" onClick={() => navigate("/finance")}>
          Back to Finance
        </Button>
      </div>
    </div>
  );
}
