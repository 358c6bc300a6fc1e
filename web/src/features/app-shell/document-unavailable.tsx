import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api";
import { EmptyState, Page } from "./page";

/**
 * A document page (a purchase order, bill, invoice…) while its query has no data: skeletons
 * while it loads; "<Noun> not found" for a 404 (another workspace's or a wrong id), else the
 * error's message — each with a way back to the list.
 */
export function DocumentUnavailable({
  query,
  title,
  noun,
  listHref,
  listLabel,
}: {
  query: { isPending: boolean; error: Error | null };
  /** The page title while there is no document, e.g. "Vendor bill". */
  title: string;
  /** The document in words, lower case: "purchase order", "bill". */
  noun: string;
  listHref: string;
  /** The back link's text, e.g. "Back to vendor bills". */
  listLabel: string;
}) {
  if (query.isPending) {
    return (
      <Page title={title}>
        <div className="space-y-4">
          <Skeleton className="h-24" />
          <Skeleton className="h-64" />
        </div>
      </Page>
    );
  }
  const notFound = query.error instanceof ApiError && query.error.status === 404;
  const Noun = noun.charAt(0).toUpperCase() + noun.slice(1);
  return (
    <Page title={title}>
      <EmptyState title={notFound ? `${Noun} not found` : `Could not load the ${noun}`}>
        {notFound ? `This ${noun} does not exist in the current workspace.` : query.error?.message}
        <div className="mt-4">
          <Button asChild size="sm" variant="outline">
            <Link to={listHref}>{listLabel}</Link>
          </Button>
        </div>
      </EmptyState>
    </Page>
  );
}
