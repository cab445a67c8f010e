import { useRouteLoaderData } from "react-router";
import type { PublicBusinessDetails } from "#app/lib/business.ts";

/** The public layout's route id: its loader sends the business details with every page. */
export const SITE_LAYOUT_ROUTE_ID = "routes/site/_layout";

/**
 * The business details as the owner last saved them (Settings → Business details), for any
 * component inside the public layout: the footer, /contact, the buyer's order page.
 */
export function useBusinessDetails(): PublicBusinessDetails {
  const layout = useRouteLoaderData(SITE_LAYOUT_ROUTE_ID) as
    | { business: PublicBusinessDetails }
    | undefined;
  if (!layout) throw new Error("useBusinessDetails: used outside the public layout");
  return layout.business;
}
