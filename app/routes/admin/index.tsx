import { redirect } from "react-router";

/**
 * /admin redirects to /admin/dashboard (docs/product.md §3). It reads nothing, so it needs no guard of
 * its own: the dashboard's guard sends anonymous visitors on to the login page.
 */
export function loader() {
  return redirect("/admin/dashboard");
}
