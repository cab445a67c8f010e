import { useSyncExternalStore } from "react";

const subscribe = () => () => {};

/**
 * False during server rendering and hydration, true once React runs in the browser. Views
 * that depend on the browser (the cart, which lives there; notices the toaster shows instead
 * once JavaScript runs) wait for it instead of flashing the server's guess.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
