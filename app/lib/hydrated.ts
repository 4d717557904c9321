import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/** False on the server and during hydration, true after: gates client-only code without a mismatch. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
