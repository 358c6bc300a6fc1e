import { useSyncExternalStore } from "react";
import { MOBILE_BREAKPOINT_PX } from "@domain/index";

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

/** True below the 768 px breakpoint (spec §9), following resizes. */
export function useIsMobile(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const mql = window.matchMedia(QUERY);
      mql.addEventListener("change", notify);
      return () => mql.removeEventListener("change", notify);
    },
    () => window.matchMedia(QUERY).matches,
    () => false,
  );
}
