import { useEffect } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { showToast } from "#app/components/toaster.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import type { FormResult } from "#app/lib/forms.ts";
import {
  INVALID_EMAIL,
  NEWSLETTER_CONSENT_TEXT,
  type NewsletterSource,
} from "#app/lib/newsletter.ts";
import { cn } from "#app/lib/utils.ts";
import { AntiSpamFields, useFormState, useResultToast, useSchemaCheck } from "./form-parts.tsx";

const loadSchema = () => import("#app/lib/validation/newsletter.ts");

export const NEWSLETTER_SUBSCRIBED_KEY = "newsletterSubscribed";

/**
 * A newsletter sign-up posting to /newsletter (footer and popup). The POPIA consent
 * wording is shown next to the field and stored with the subscriber.
 */
export function NewsletterForm({
  source,
  inverted = false,
  onResult,
}: {
  source: NewsletterSource;
  inverted?: boolean;
  onResult?: (result: FormResult) => void;
}) {
  const fetcher = useFetcher<FormResult>({ key: `newsletter-${source}` });
  const location = useLocation();
  const hydrated = useHydrated();
  const busy = fetcher.state !== "idle";
  useResultToast(fetcher.data);
  const result = fetcher.data;
  // A new form (empty field) after each success; kept as typed after an error (docs/product.md §5.8).
  const { resetKey, focusProps } = useFormState(result);
  useEffect(() => {
    if (!result) return;
    if (result.status === "success") {
      window.localStorage.setItem(NEWSLETTER_SUBSCRIBED_KEY, "true");
    }
    onResult?.(result);
  }, [result, onResult]);

  const schemaCheck = useSchemaCheck(
    loadSchema,
    ({ NewsletterSchema }, form) => {
      const email = new FormData(form).get("email");
      if (NewsletterSchema.safeParse({ email, source }).success) return true;
      showToast({ id: `newsletter-${source}-invalid`, type: "destructive", ...INVALID_EMAIL });
      return false;
    },
    (form) => fetcher.submit(form),
  );

  const consentId = `newsletter-${source}-consent`;
  const inputId = `newsletter-${source}-email`;
  return (
    <fetcher.Form
      key={resetKey}
      method="post"
      action="/newsletter"
      className="grid gap-3"
      aria-label={source === "footer" ? "Newsletter" : "Newsletter sign-up"}
      {...schemaCheck}
      {...focusProps}
    >
      <input type="hidden" name="source" value={source} />
      <input type="hidden" name="redirect_to" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <AntiSpamFields />
      <label htmlFor={inputId} className={cn("text-sm font-medium", inverted && "text-white")}>
        Email address
      </label>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          id={inputId}
          name="email"
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          placeholder="you@example.co.za"
          aria-describedby={consentId}
          className={cn(
            inverted && "border-ink-border bg-ink-soft text-white placeholder:text-ink-subtle",
          )}
        />
        <Button type="submit" variant={inverted ? "accent" : "default"} disabled={busy}>
          {busy ? "Subscribing..." : "Subscribe"}
        </Button>
      </div>
      <p
        id={consentId}
        className={cn("text-xs", inverted ? "text-ink-muted" : "text-muted-foreground")}
      >
        {NEWSLETTER_CONSENT_TEXT.replace(" See our Privacy Policy.", " See our ")}
        <Link to="/privacy" className="underline underline-offset-2">
          Privacy Policy
        </Link>
        .
      </p>
    </fetcher.Form>
  );
}
