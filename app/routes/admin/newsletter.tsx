import type { ShouldRevalidateFunctionArgs } from "react-router";
import { NewsletterPage } from "#app/components/admin/newsletters/newsletter-page.tsx";
import { subjectOrPlaceholder } from "#app/lib/newsletters.ts";
import type { Route } from "./+types/newsletter";
import { loadNewsletterPage, newsletterAction } from "./newsletter-page.server.ts";

/*
 * /admin/newsletters/<id> (docs/product.md §3.18): a draft is written, previewed, tested and
 * sent here; afterwards the page shows its progress. The loader and the action are in
 * newsletter-page.server.ts, the page's parts in components/admin/newsletters.
 */

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  {
    title: `${loaderData ? subjectOrPlaceholder(loaderData.newsletter.subject) : "Newsletter"} | Newsletters | Admin`,
  },
  { name: "robots", content: "noindex" },
];

export function loader({ request, context, params }: Route.LoaderArgs) {
  return loadNewsletterPage(request, context, params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return newsletterAction(request, context, params.id);
}

/**
 * The draft's autosave and a picture's upload change nothing the loader shows (the save
 * answers with the fresh preview itself): the page is not read again after each keystroke.
 */
export function shouldRevalidate({
  formMethod,
  formData,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const intent = formData?.get("intent");
  if (formMethod === "POST" && (intent === "save" || intent === "image")) return false;
  return defaultShouldRevalidate;
}

export default function NewsletterRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <NewsletterPage {...loaderData} answer={actionData} />;
}
