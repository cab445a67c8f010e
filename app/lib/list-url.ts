import {
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigate,
  useNavigation,
} from "react-router";
import { listSearchOrigin, searchWithTypedTerm } from "./search-as-you-type.ts";

/*
 * Admin lists whose state (search, filter, page) lives in the URL, with a details dialog
 * opened by one more query parameter (orders, quote requests).
 */

/** `search` with some parameters set or (null) removed; "" when none is left. */
export function searchWith(search: string, changes: Record<string, string | null>) {
  const params = new URLSearchParams(search);
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) params.delete(name);
    else params.set(name, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * A route's `shouldRevalidate`: closing the dialog (removing `dialogParam`) with the list's
 * own parameters unchanged needs no new data; everything else revalidates as usual.
 */
export function keepListWhenDialogCloses(dialogParam: string, listParams: readonly string[]) {
  const listKey = listKeyOf(listParams);
  return ({
    currentUrl,
    nextUrl,
    formMethod,
    defaultShouldRevalidate,
  }: ShouldRevalidateFunctionArgs) => {
    if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
    const closing =
      currentUrl.searchParams.has(dialogParam) && !nextUrl.searchParams.has(dialogParam);
    return closing && listKey(currentUrl.search) === listKey(nextUrl.search)
      ? false
      : defaultShouldRevalidate;
  };
}

/** The list's own state in a query string (the dialog parameter left out). */
function listKeyOf(listParams: readonly string[]) {
  return (search: string) => {
    const params = new URLSearchParams(search);
    return listParams.map((name) => params.get(name) ?? "").join("\u0000");
  };
}

/**
 * Whether this page's list is on its way to a new state (a search, filter or page: its query
 * string changes, or the named `listParams` of it do), and whether that is a search typed
 * into the list's box (search as you type, decision 017). A typed one keeps the rows on
 * screen, marked busy, rather than flashing the loading state at every pause in typing;
 * `showLoading` says when the list's loading state (skeletons, 'Loading …') is due.
 */
export function useListPending(listParams?: readonly string[]) {
  const location = useLocation();
  const navigation = useNavigation();
  const next =
    navigation.state === "loading" && navigation.location.pathname === location.pathname
      ? navigation.location
      : null;
  const key = listParams ? listKeyOf(listParams) : (search: string) => search;
  const pending = next !== null && key(next.search) !== key(location.search);
  const typed = pending && listSearchOrigin(next.state) === "typed";
  return { next, pending, typed, showLoading: pending && !typed };
}

/**
 * The page side: whether the list itself is loading (a new search, filter or page, not just
 * the dialog), which item's dialog is open (already the one being opened while it loads),
 * and links and navigations that open and close it without losing the list's state.
 */
export function useListWithDialog(
  dialogParam: string,
  listParams: readonly string[],
  /** The list's search form: opening a dialog takes along a term typed into it. */
  searchFormId?: string,
) {
  const location = useLocation();
  const navigate = useNavigate();
  const { next: here, pending: listPending, showLoading } = useListPending(listParams);
  const loading = here !== null;
  const pendingId = here ? new URLSearchParams(here.search).get(dialogParam) : undefined;
  // From where the list is going when it is on its way (a typed search still loading), so
  // opening a card then keeps that search rather than going back to the list before it.
  const hrefWith = (id: string | null) =>
    `${location.pathname}${searchWith((here ?? location).search, { [dialogParam]: id })}`;
  const listHref = hrefWith(null);
  /**
   * Opens a row's dialog. A term typed just before (its search still waiting for the pause,
   * or not yet rendered as on its way) goes along in the same navigation, so no search lands
   * after the dialog opened without it.
   */
  const open = (id: string) => {
    const form = searchFormId ? document.getElementById(searchFormId) : null;
    const search = searchWithTypedTerm(
      (here ?? location).search,
      form instanceof HTMLFormElement ? form : null,
    );
    navigate(`${location.pathname}${searchWith(search, { [dialogParam]: id })}`, {
      preventScrollReset: true,
    });
  };
  return {
    /** A navigation within this page is loading (the list, or the dialog's item). */
    loading,
    /** The list is loading a new search, filter or page (busy). */
    listPending,
    /** …and its loading state is due: not for a search typed into the box. */
    showListLoading: showLoading,
    openId:
      pendingId === undefined ? new URLSearchParams(location.search).get(dialogParam) : pendingId,
    listHref,
    dialogHref: (id: string) => hrefWith(id),
    open,
    close: () => navigate(listHref, { preventScrollReset: true, replace: true }),
  };
}
