import { useRouteLoaderData } from "react-router";
import { COMPANY } from "#app/content/company.ts";
import type { FooterDetails } from "#app/lib/business.ts";

/*
 * The shop's name and contact details as the owner last saved them (Settings, decision 042),
 * from the loader of the layout a page is in: the public layout's footer details, or the
 * admin layout's. Outside both (an error page above them), the content file's.
 */

const FALLBACK: FooterDetails = {
  name: COMPANY.name,
  legalName: COMPANY.legalName,
  phone: COMPANY.phone,
  phoneHref: COMPANY.phoneHref,
  generalEmail: COMPANY.generalEmail,
};

export function useShopContact(): FooterDetails {
  const site = useRouteLoaderData("routes/site/_layout") as { footer?: FooterDetails } | undefined;
  const admin = useRouteLoaderData("routes/admin/_layout") as { shop?: FooterDetails } | undefined;
  return site?.footer ?? admin?.shop ?? FALLBACK;
}
