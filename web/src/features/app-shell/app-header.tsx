import { NavLink } from "react-router";
import { BrandMark } from "@/features/landing/brand-mark";
import { DesktopNav } from "@/features/navigation/desktop-nav";
import { MobileHeader } from "@/features/navigation/mobile-menu";
import { UserMenu } from "@/features/workspaces/user-menu";

/**
 * Top bar of the signed-in app (spec §2): at 768 px and wider the brand, the Projects menu, the
 * items the role may see and the user menu; below, the mobile header with the slide-out menu.
 */
export function AppHeader() {
  return (
    <header className="sticky top-0 z-30 border-b bg-background/95 backdrop-blur">
      <MobileHeader />
      <nav
        aria-label="Main"
        className="mx-auto hidden h-14 max-w-7xl items-center gap-2 px-4 md:flex md:px-8"
      >
        <NavLink to="/" className="mr-3 flex items-center gap-2 font-semibold whitespace-nowrap">
          <BrandMark className="size-6" /> Agency Hub
        </NavLink>
        <DesktopNav />
        <div className="ml-auto flex items-center gap-2">
          <UserMenu />
        </div>
      </nav>
    </header>
  );
}
