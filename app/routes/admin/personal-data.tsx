import { DownloadIcon, SearchIcon, Trash2Icon } from "lucide-react";
import { data, Form, useNavigation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { formFields } from "#app/lib/forms.ts";
import { toast } from "#app/lib/toast.ts";
import {
  ErasePersonalDataSchema,
  PERSONAL_DATA_MESSAGES,
  PersonalDataLookupSchema,
} from "#app/lib/validation/personal-data.ts";
import { getServices } from "#app/server/context.server.ts";
import { INCOMPLETE_FORM_MESSAGE } from "#app/server/http/submission.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import {
  erasePersonalData,
  findPersonalData,
  personalDataCounts,
} from "#app/server/privacy/personal-data.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/personal-data";

/*
 * Personal data (docs/product.md §3.16): a person asks what the site holds about them, or to
 * have it erased (POPIA). The admin looks the address up, downloads it as JSON, or erases it;
 * orders stay, with the person's details replaced, for the accounting period.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Personal Data | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const raw = new URL(request.url).searchParams.get("email");
  if (raw === null || raw.trim() === "") return { email: null, counts: null, error: null };
  const parsed = PersonalDataLookupSchema.safeParse({ email: raw });
  if (!parsed.success) {
    return data({ email: raw, counts: null, error: PERSONAL_DATA_MESSAGES.email }, { status: 400 });
  }
  const email = parsed.data.email.toLowerCase();
  const found = await findPersonalData(getServices(context).db, email);
  return {
    email,
    counts: personalDataCounts(found),
    isAdmin: found.account?.isAdmin ?? false,
    error: null,
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const parsed = ErasePersonalDataSchema.safeParse(
    formFields(readForm(context, ErasePersonalDataSchema)),
  );
  if (!parsed.success) {
    // A broken intent is no person's doing: the form was not understood, whatever else is in it.
    const brokenForm = parsed.error.issues.some((issue) => issue.path[0] === "intent");
    const message = brokenForm
      ? INCOMPLETE_FORM_MESSAGE
      : (parsed.error.issues[0]?.message ?? PERSONAL_DATA_MESSAGES.confirm);
    return data(
      {
        ok: false,
        toast: toast({ title: "Nothing was erased", description: message, type: "destructive" }),
      },
      { status: 400 },
    );
  }
  const email = parsed.data.email.toLowerCase();
  const result = await erasePersonalData(getServices(context).db, admin, email);
  if (!result.ok) {
    return data(
      {
        ok: false,
        toast: toast({
          title: "Nothing was erased",
          description:
            "This is an admin's account. Remove its admin access on User Access first, then erase it.",
          type: "destructive",
        }),
      },
      { status: 409 },
    );
  }
  return {
    ok: true,
    toast: toast({
      title: "Personal data erased",
      description: `Everything stored about ${email} was erased; ${result.counts.orders} ${result.counts.orders === 1 ? "order keeps" : "orders keep"} its lines with the details replaced.`,
      type: "success",
    }),
  };
}

const ROWS: {
  key: keyof NonNullable<Route.ComponentProps["loaderData"]["counts"]>;
  label: string;
}[] = [
  { key: "subscriber", label: "Newsletter subscription" },
  { key: "orders", label: "Orders (kept, details replaced on erasure)" },
  { key: "requests", label: "Quote requests and messages" },
  { key: "held", label: "Submissions held as possible spam" },
  { key: "emails", label: "Copies of e-mails sent" },
  { key: "account", label: "Account" },
];

export default function PersonalDataPage({ loaderData, actionData }: Route.ComponentProps) {
  useShowToast(actionData?.toast);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const { email, counts, error } = loaderData;
  const nothing = counts ? Object.values(counts).every((n) => n === 0) : false;
  return (
    <div className="flex max-w-3xl flex-col gap-6">
      <AdminPageHeader
        title="Personal Data"
        description="What the website stores about one person, by their e-mail address: download it for them, or erase it at their request (POPIA)."
      />
      <Form method="get" className="flex flex-col gap-2 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-2">
          <Label htmlFor="personal-data-email">E-mail address</Label>
          <Input
            id="personal-data-email"
            name="email"
            type="email"
            required
            defaultValue={email ?? ""}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? "personal-data-email-error" : undefined}
          />
        </div>
        <Button type="submit">
          <SearchIcon aria-hidden="true" />
          Look up
        </Button>
      </Form>
      {error ? (
        <p id="personal-data-email-error" className="text-sm font-medium text-destructive">
          {error}
        </p>
      ) : null}
      {actionData && !actionData.ok ? (
        // Also shown without JavaScript, where the toast is not.
        <Alert variant="destructive" role="alert">
          <AlertTitle>{actionData.toast.title}</AlertTitle>
          <AlertDescription>{actionData.toast.description}</AlertDescription>
        </Alert>
      ) : null}
      {email && counts ? (
        <section
          aria-labelledby="personal-data-found"
          className="flex flex-col gap-4 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
        >
          <h2 id="personal-data-found" className="break-words text-lg font-semibold">
            {nothing ? `Nothing is stored about ${email}` : `Stored about ${email}`}
          </h2>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 text-sm">
            {ROWS.map(({ key, label }) => (
              <div key={key} className="contents">
                <dt className="text-muted-foreground">{label}</dt>
                <dd className="text-right font-semibold tabular-nums">{counts[key]}</dd>
              </div>
            ))}
          </dl>
          {nothing ? null : (
            <>
              <a
                href={`/admin/personal-data/export.json?${new URLSearchParams({ email })}`}
                className={buttonVariants({ variant: "outline", className: "self-start" })}
                download
              >
                <DownloadIcon aria-hidden="true" />
                Download as JSON
              </a>
              {loaderData.isAdmin ? (
                <Alert>
                  <AlertTitle>An admin's account</AlertTitle>
                  <AlertDescription>
                    Remove its admin access on User Access before erasing it.
                  </AlertDescription>
                </Alert>
              ) : (
                <Form method="post" className="flex flex-col gap-3 border-t border-border pt-4">
                  <input type="hidden" name="intent" value="erase" />
                  <input type="hidden" name="email" value={email} />
                  <div className="flex items-start gap-2">
                    <input
                      id="personal-data-confirm"
                      type="checkbox"
                      name="confirm"
                      required
                      className="mt-0.5 size-4 shrink-0 accent-primary"
                    />
                    <Label htmlFor="personal-data-confirm" className="leading-snug">
                      I understand that erasing cannot be undone. Orders are kept for the accounting
                      period with this person's name, e-mail, phone and note replaced.
                    </Label>
                  </div>
                  <Button
                    type="submit"
                    variant="destructive"
                    className="self-start"
                    disabled={busy}
                  >
                    <Trash2Icon aria-hidden="true" />
                    Erase personal data
                  </Button>
                </Form>
              )}
            </>
          )}
        </section>
      ) : null}
    </div>
  );
}
