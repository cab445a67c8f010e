import { MonitorIcon, SmartphoneIcon } from "lucide-react";
import { useState } from "react";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import type { NewsletterPreview as Preview } from "#app/lib/newsletters.ts";
import { cn } from "#app/lib/utils.ts";

/*
 * The e-mail as a subscriber gets it (docs/product.md §3.18 "Preview"): its HTML in a sandboxed
 * frame (no script, no forms, no navigation of this page), at a phone's width or a desktop
 * mail client's, and its plain-text part. The frame's document inherits the admin page's
 * Content-Security-Policy, so pictures show from this site's own address.
 */

const WIDTHS = {
  phone: { label: "Phone", className: "max-w-[375px]", Icon: SmartphoneIcon },
  desktop: { label: "Desktop", className: "max-w-[700px]", Icon: MonitorIcon },
} as const;
type Width = keyof typeof WIDTHS;

export function NewsletterPreview({
  preview,
  className,
}: {
  preview: Preview;
  className?: string;
}) {
  const [width, setWidth] = useState<Width>("desktop");
  // The switch needs the page's script: without it the frame stays as wide as it can be.
  const hydrated = useHydrated();
  return (
    <section
      aria-labelledby="newsletter-preview-heading"
      className={cn(
        "flex min-w-0 flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6",
        className,
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="newsletter-preview-heading" className="text-lg font-semibold">
          Preview
        </h2>
        {hydrated ? (
          <fieldset className="flex gap-1">
            <legend className="sr-only">Preview width</legend>
            {(Object.keys(WIDTHS) as Width[]).map((key) => {
              const { label, Icon } = WIDTHS[key];
              return (
                <button
                  key={key}
                  type="button"
                  aria-pressed={width === key}
                  onClick={() => setWidth(key)}
                  className={cn(
                    "inline-flex min-h-10 items-center gap-1.5 rounded-md border px-3 text-sm font-medium focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                    width === key
                      ? "border-primary bg-primary text-primary-foreground"
                      : "border-input bg-background hover:bg-muted",
                  )}
                >
                  <Icon className="size-4" aria-hidden="true" />
                  {label}
                </button>
              );
            })}
          </fieldset>
        ) : null}
      </div>
      <p className="text-sm text-muted-foreground">
        As a subscriber gets it; the unsubscribe link at the bottom is each reader's own.
      </p>
      <div className="rounded-lg border border-border bg-muted p-2 sm:p-3">
        <iframe
          title="Preview of the e-mail"
          sandbox=""
          srcDoc={preview.html}
          className={cn(
            "mx-auto block h-[32rem] w-full rounded-md border-0 bg-white sm:h-[40rem]",
            WIDTHS[width].className,
          )}
        />
      </div>
      <details className="group">
        <summary className="cursor-pointer rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring">
          Plain-text version
        </summary>
        <p className="mt-2 text-sm text-muted-foreground">
          Sent with the e-mail for mail programs that show no formatting.
        </p>
        <pre className="mt-2 max-h-96 overflow-auto rounded-md bg-muted p-3 font-sans text-sm whitespace-pre-wrap [overflow-wrap:anywhere]">
          {preview.text}
        </pre>
      </details>
    </section>
  );
}
