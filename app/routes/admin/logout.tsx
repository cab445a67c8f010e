import { redirect } from "react-router";
import { getServices } from "#app/server/context.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import {
  clearSessionCookie,
  deleteSessionByToken,
  readSessionToken,
} from "#app/server/users/session.server.ts";
import type { Route } from "./+types/logout";

/**
 * Sign Out (docs/product.md §5.3, §8.2): the session row is deleted, so the cookie is worthless even if it
 * was copied; then 'Logged Out' on the login page. A POST only: a link or image on another
 * site cannot sign anyone out.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, env } = getServices(context);
  const token = await readSessionToken(request, env);
  if (token) await deleteSessionByToken(db, token);
  return redirectWithToast(
    env,
    "/admin/login",
    { title: "Logged Out", description: "You've been successfully logged out.", type: "success" },
    { headers: { "Set-Cookie": await clearSessionCookie(env) } },
  );
}

export function loader() {
  return redirect("/admin/login");
}
