import { redirect } from "react-router";
import { newsletterAction } from "#app/server/newsletter/form-action.server.ts";
import type { Route } from "./+types/newsletter";

/** POST /newsletter: the footer form and the home popup subscribe here. */
export function action({ request, context }: Route.ActionArgs) {
  return newsletterAction(request, context);
}

/** Nothing to show at this address: send a visitor who opens it home. */
export function loader() {
  return redirect("/");
}
