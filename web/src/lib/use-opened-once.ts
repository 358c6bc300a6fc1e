import { useState } from "react";

/**
 * True from the first render `open` is true on, and from then on. A dialog whose code is loaded on
 * first use (React.lazy) is mounted from then on, so its later closes animate like any other.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
