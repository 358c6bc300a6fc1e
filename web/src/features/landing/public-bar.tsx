import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { BrandMark } from "./brand-mark";

export type PublicBarProps = {
  /** Shows "Sign Out" instead of "Sign In". */
  signedIn?: boolean;
  onSignOut?: () => void;
};

/** The slim bar of the signed-out pages (landing, auth, setup, legal): brand and one account button. */
export function PublicBar({ signedIn = false, onSignOut }: PublicBarProps) {
  return (
    <header className="sticky top-0 z-40 border-b border-border/70 bg-background/85 backdrop-blur-md supports-[backdrop-filter]:bg-background/70">
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6 lg:px-8">
        <Link
          to="/"
          className="-mx-1 flex items-center gap-2 rounded-md px-1 text-[15px] font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
        >
          <BrandMark />
          Agency Hub
        </Link>
        {signedIn ? (
          <Button type="button" variant="outline" size="sm" onClick={onSignOut}>
            Sign Out
          </Button>
        ) : (
          <Button asChild size="sm">
            <Link to="/auth">Sign In</Link>
          </Button>
        )}
      </div>
    </header>
  );
}
