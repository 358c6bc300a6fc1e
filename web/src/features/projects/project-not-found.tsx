import { FileQuestion, RefreshCw } from "lucide-react";
import { Link, useNavigate } from "react-router";
import { MESSAGES } from "@domain/index";
import { Button } from "@/components/ui/button";

/** Spec §2/§8: 'Project not found' — with Retry and Go Back on mobile, a way back on desktop. */
export function ProjectNotFound({ onRetry, detail }: { onRetry: () => void; detail?: string }) {
  const navigate = useNavigate();
  return (
    <div role="alert" className="flex min-h-[50vh] items-center justify-center p-6">
      <div className="max-w-md text-center">
        <FileQuestion aria-hidden className="mx-auto mb-4 size-10 text-muted-foreground" />
        <h1 className="text-xl font-semibold">{MESSAGES.project.notFound}</h1>
        <p className="mt-2 text-sm text-muted-foreground">
          {detail ?? "It may have been removed, or it belongs to another workspace."}
        </p>
        <div className="mt-6 flex flex-wrap justify-center gap-2">
          <Button onClick={onRetry}>
            <RefreshCw aria-hidden /> Retry
          </Button>
          <Button variant="outline" onClick={() => void navigate(-1)}>
            Go Back
          </Button>
          <Button asChild variant="ghost" className="hidden md:inline-flex">
            <Link to="/projects">All Projects</Link>
          </Button>
        </div>
      </div>
    </div>
  );
}
