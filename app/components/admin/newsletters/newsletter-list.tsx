import { NewspaperIcon, PlusIcon } from "lucide-react";
import { Form, Link, useNavigation } from "react-router";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { useShowToast } from "#app/components/toaster.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { formatLongDate } from "#app/lib/dates.ts";
import {
  NEWSLETTER_STATE_BADGE,
  NEWSLETTER_STATE_LABELS,
  NEWSLETTERS_PATH,
  type NewsletterListRow,
  newsletterPath,
  newsletterStateDetail,
  subjectOrPlaceholder,
} from "#app/lib/newsletters.ts";
import type { Toast } from "#app/lib/toast.ts";
import { cn } from "#app/lib/utils.ts";

/*
 * Admin → Newsletters (docs/product.md §3.18): every newsletter, newest first, each a card
 * with its subject (the link to it) and its state in words.
 */

/** "New newsletter": a POST (it creates the draft), so it works without JavaScript. */
export function NewNewsletterButton() {
  const navigation = useNavigation();
  const busy =
    navigation.state !== "idle" &&
    navigation.formMethod === "POST" &&
    navigation.formAction === NEWSLETTERS_PATH;
  return (
    <Form method="post" action={NEWSLETTERS_PATH}>
      <Button type="submit" name="intent" value="create" disabled={busy}>
        <PlusIcon aria-hidden="true" />
        {busy ? "Starting…" : "New newsletter"}
      </Button>
    </Form>
  );
}

export function NewsletterList({
  newsletters,
  refusal,
}: {
  newsletters: NewsletterListRow[];
  refusal: { toast: Toast; message: string } | null;
}) {
  useShowToast(refusal?.toast);
  return (
    <div className="flex flex-col gap-4">
      {refusal ? <FormErrors id="newsletters-error" errors={[refusal.message]} /> : null}
      {newsletters.length === 0 ? (
        <div className="flex flex-col items-center gap-3 rounded-xl border border-border bg-background p-6 text-center shadow-card sm:p-10">
          <NewspaperIcon className="size-8 text-primary" aria-hidden="true" />
          <h2 className="text-lg font-semibold">No newsletters yet</h2>
          <p className="max-w-prose text-sm text-muted-foreground">
            A newsletter is an e-mail you write here and send to everyone who subscribed on the
            website: news from the workshop, new products, an offer. Start one with "New
            newsletter": it stays a draft, saved as you type, until you send it.
          </p>
        </div>
      ) : (
        <ul aria-label="Newsletters" className="flex flex-col gap-3">
          {newsletters.map((newsletter) => (
            <li
              key={newsletter.id}
              className="relative flex flex-col gap-2 rounded-xl border border-border bg-background p-4 shadow-card hover:bg-muted/40 sm:flex-row sm:items-center sm:justify-between sm:gap-4"
            >
              <div className="min-w-0">
                <h2 className="font-semibold break-words">
                  <Link
                    to={newsletterPath(newsletter.id)}
                    className={cn(
                      "rounded-sm underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                      !newsletter.subject.trim() && "text-muted-foreground italic",
                    )}
                  >
                    {subjectOrPlaceholder(newsletter.subject)}
                  </Link>
                </h2>
                <p className="mt-1 text-sm text-muted-foreground">
                  Created {formatLongDate(newsletter.createdAt)}
                </p>
              </div>
              <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm sm:justify-end sm:text-right">
                <Badge variant={NEWSLETTER_STATE_BADGE[newsletter.status]}>
                  {NEWSLETTER_STATE_LABELS[newsletter.status]}
                </Badge>{" "}
                {detail(newsletter)}
              </p>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The state's time and count after its badge ("for 1 December 2026 at 09:00"). */
function detail(newsletter: NewsletterListRow) {
  const text = newsletterStateDetail(newsletter);
  return text ? <span className="text-muted-foreground">{text}</span> : null;
}
