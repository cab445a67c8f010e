import { createContext, type RouterContextProvider } from "react-router";

/** Facts about the current request that only the HTTP layer knows. */
export interface RequestInfo {
  /**
   * The client's address as rate limits count it (`addressKey`): Express `req.ip` (behind a
   * proxy, see TRUST_PROXY), IPv4 as is, IPv6 by its /64 network.
   */
  clientAddress: string;
  /**
   * This response's Content-Security-Policy nonce (server.ts sets the header): React Router's
   * inline scripts carry it. Absent when no CSP is sent (the dev server, tests without HTTP).
   */
  cspNonce?: string;
  /**
   * The anti-spam "form served at" stamp, when the page cache renders a page with a
   * placeholder in its place (each response then gets a fresh stamp).
   */
  formStamp?: string;
  /**
   * A React Router data request (`/x.data`, sent by the page's script), which the router
   * rewrites to `/x` before any route code sees it: refusals answer it with text, not a page.
   */
  dataRequest?: boolean;
}

export const requestInfoContext = createContext<RequestInfo>({ clientAddress: "unknown" });

export function getClientAddress(context: Readonly<RouterContextProvider>): string {
  return context.get(requestInfoContext).clientAddress;
}

export function getRequestInfo(context: Readonly<RouterContextProvider>): RequestInfo {
  return context.get(requestInfoContext);
}
