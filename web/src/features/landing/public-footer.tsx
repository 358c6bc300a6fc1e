import { Link } from "react-router";
import { BrandMark } from "./brand-mark";

const linkClass =
  "rounded-sm text-sm text-muted-foreground underline-offset-4 outline-none hover:text-foreground hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50";

/** Footer of the public pages, with the legal links. */
export function PublicFooter() {
  return (
    <footer className="border-t bg-background">
      <div className="mx-auto flex max-w-6xl flex-col gap-8 px-4 py-10 sm:px-6 md:flex-row md:items-start md:justify-between lg:px-8">
        <div className="max-w-sm space-y-3">
          <Link
            to="/"
            className="-mx-1 inline-flex items-center gap-2 rounded-md px-1 font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
          >
            <BrandMark className="size-6" />
            Agency Hub
          </Link>
          <p className="text-sm text-muted-foreground">
            Projects, budgets, people and time for creative and service agencies. Open-source software,
            self-hosted by the agency that runs it.
          </p>
        </div>
        <nav aria-label="Legal" className="flex flex-col gap-2">
          <span className="text-xs font-semibold tracking-wider text-foreground uppercase">Legal</span>
          <Link to="/terms" className={linkClass}>
            Terms of Service
          </Link>
          <Link to="/privacy" className={linkClass}>
            Privacy Policy
          </Link>
        </nav>
      </div>
      <div className="border-t">
        <p className="mx-auto max-w-6xl px-4 py-5 text-xs text-muted-foreground sm:px-6 lg:px-8">
          © {new Date().getFullYear()} Agency Hub contributors · Released under the MIT License.
        </p>
      </div>
    </footer>
  );
}
