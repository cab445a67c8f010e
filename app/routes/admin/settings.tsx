import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { BusinessDetailsForm } from "#app/components/admin/settings/business-details-form.tsx";
import { SettingsTabs } from "#app/components/admin/settings/settings-tabs.tsx";
import { toast } from "#app/lib/toast.ts";
import { BusinessDetailsSchema } from "#app/lib/validation/business.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { saveBusinessDetails } from "#app/server/site/business-details.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/settings";

/*
 * /admin/settings (decision 042): the business details every page, e-mail and invoice shows,
 * edited by the owner. The form works without JavaScript; the server checks it with the same
 * schema as the browser, saves, audits each change and empties every process's page cache.
 */

export const meta: Route.MetaFunction = () => [{ title: "Settings | Admin" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const services = getServices(context);
  // Read from the database, not this process's copy: the form shows what is stored.
  services.business.forget();
  return { details: await services.business.get() };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const services = getServices(context);
  const submission = parseWithZod(readForm(context, BusinessDetailsSchema), {
    schema: BusinessDetailsSchema,
  });
  if (submission.status !== "success") {
    return data(
      {
        result: submission.reply(),
        toast: toast({
          title: "Nothing was saved",
          description: "Please correct the fields marked below.",
          type: "destructive",
        }),
        saved: false,
      },
      { status: 400 },
    );
  }
  const { changes } = await saveBusinessDetails(services.db, services.env, admin, submission.value);
  // This process at once; the others when they hear the save's announcement.
  services.business.forget();
  return data({
    result: submission.reply(),
    toast: toast({
      title: changes.length ? "Business details saved" : "Nothing to save",
      description: changes.length
        ? `Changed: ${changes.map((change) => change.field).join(", ")}.`
        : "The details were already as shown.",
    }),
    saved: changes.length > 0,
  });
}

export default function SettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <>
      <AdminPageHeader
        title="Settings"
        description="Your business details as the website, e-mails and invoices show them."
      />
      <SettingsTabs />
      <BusinessDetailsForm
        details={loaderData.details}
        lastResult={actionData?.result}
        toast={actionData?.toast}
        saved={actionData?.saved ?? false}
      />
    </>
  );
}
