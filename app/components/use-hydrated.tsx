import { createContext, startTransition, useContext, useEffect, useState } from "react";

const HydratedContext = createContext(false);

/**
 * Gives useHydrated its answer for the whole page (the root layout holds it): false during
 * server rendering and hydration, true from then on. It is switched with startTransition, so
 * the views that change with it (the phone menu, the forms' browser-only fields, notices)
 * re-render in slices the browser can interrupt. `useSyncExternalStore`, used before,
 * re-rendered them in one synchronous task right after hydration: 50–110 ms on a phone slowed
 * 4×, the largest blocking task left on most public pages (decision 046).
 */
export function HydratedProvider({ children }: { children: React.ReactNode }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return <HydratedContext value={hydrated}>{children}</HydratedContext>;
}

/**
 * False during server rendering and hydration, true once React runs in the browser (at once for
 * what mounts later, e.g. after a client navigation). Views that depend on the browser (the
 * cart, which lives there; notices the toaster shows instead once JavaScript runs) wait for it
 * instead of flashing the server's guess.
 */
export function useHydrated(): boolean {
  return useContext(HydratedContext);
}
