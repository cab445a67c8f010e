import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { LegalTextForm } from "#app/components/admin/settings/legal-text-form.tsx";
import { SettingsTabs } from "#app/components/admin/settings/settings-tabs.tsx";
import { formatLongDate } from "#app/lib/dates.ts";
import { toast } from "#app/lib/toast.ts";
import { LegalTextSchema } from "#app/lib/validation/legal.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import {
  currentLegalText,
  isLegalPageName,
  LEGAL_PAGES,
  legalVersionHistory,
  publishLegalVersion,
} from "#app/server/site/legal-pages.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/settings-legal";

/*
 * /admin/settings/legal/privacy and /admin/settings/legal/terms (decision 042): the legal
 * page's text, published as a new version with its own "last updated" day.
 */

export const meta: Route.MetaFunction = ({ data: loaderData }) => [
  { title: `${loaderData?.title ?? "Legal page"} | Settings | Admin` },
];

function pageOf(params: { page?: string }) {
  if (!isLegalPageName(params.page)) throw data("There is no such page.", { status: 404 });
  return params.page;
}

export async function loader({ request, context, params }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const page = pageOf(params);
  const services = getServices(context);
  const business = await services.business.get();
  const [text, versions] = await Promise.all([
    currentLegalText(services.db, page, business),
    legalVersionHistory(services.db, page),
  ]);
  return {
    title: text.title,
    path: LEGAL_PAGES[page].path,
    markdown: text.markdown,
    lastUpdated: formatLongDate(text.lastUpdated),
    versions,
  };
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const page = pageOf(params);
  const services = getServices(context);
  const submission = parseWithZod(readForm(context, LegalTextSchema), { schema: LegalTextSchema });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply(),
        toast: toast({
          title: "Nothing was published",
          description: "Please correct the text as shown.",
          type: "destructive",
        }),
        saved: false,
      },
      { status: 400 },
    );
  }
  const business = await services.business.get();
  const result = await publishLegalVersion(
    services.db,
    admin,
    page,
    submission.value.markdown,
    business,
  );
  return data({
    result: submission.reply(),
    toast: toast({
      title: result.changed ? "New version published" : "Nothing to publish",
      description: result.changed
        ? `${LEGAL_PAGES[page].title} shows it now, with today's date.`
        : "The text is the same as the page shows now.",
    }),
    saved: result.changed,
  });
}

export default function LegalSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Settings"
        description={`The ${loaderData.title.toLowerCase()} of the website, and its earlier versions.`}
      />
      <SettingsTabs />
      <LegalTextForm
        key={loaderData.versions[0]?.id ?? "first"}
        title={loaderData.title}
        path={loaderData.path}
        markdown={loaderData.markdown}
        lastUpdated={loaderData.lastUpdated}
        versions={loaderData.versions}
        lastResult={actionData?.result}
        toast={actionData?.toast}
        saved={actionData?.saved ?? false}
      />
    </>
  );
}
