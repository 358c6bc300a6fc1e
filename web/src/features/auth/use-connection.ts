import { useSyncExternalStore } from "react";
import { isSlowConnection } from "@domain/sign-in";

interface NetworkInformationLike extends EventTarget {
  effectiveType?: string;
}

function connection(): NetworkInformationLike | undefined {
  return (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
}

/** navigator.onLine, following the online/offline events. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (notify) => {
      window.addEventListener("online", notify);
      window.addEventListener("offline", notify);
      return () => {
        window.removeEventListener("online", notify);
        window.removeEventListener("offline", notify);
      };
    },
    () => navigator.onLine,
    () => true,
  );
}

/** Slow connection from the Network Information API (2g, slow-2g, 3g; spec §9); false where unsupported. */
export function useSlowConnection(): boolean {
  return useSyncExternalStore(
    (notify) => {
      const c = connection();
      c?.addEventListener("change", notify);
      return () => c?.removeEventListener("change", notify);
    },
    () => isSlowConnection(connection()?.effectiveType),
    () => false,
  );
}
