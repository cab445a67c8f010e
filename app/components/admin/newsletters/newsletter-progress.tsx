import { CalendarXIcon, PauseIcon, PlayIcon, RefreshCwIcon } from "lucide-react";
import { useEffect, useRef } from "react";
import { Form, Link, useNavigation, useRevalidator } from "react-router";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { formatLongDateTime } from "#app/lib/dates.ts";
import {
  type AdminNewsletter,
  type NewsletterProgressFigures,
  newsletterPath,
} from "#app/lib/newsletters.ts";
import type { NewsletterIntent } from "#app/lib/validation/newsletters.ts";

/*
 * A newsletter that went out, or is going out (docs/product.md §3.18 "Progress"): its figures,
 * a bar, and Pause or Resume. While it is sending or paused the page reads them again every
 * 5 seconds when it is on screen; without JavaScript, "Refresh".
 */

const REFRESH_MS = 5000;

/** Reads the page's data again every few seconds while `active` and the tab is visible. */
function useAutoRefresh(active: boolean) {
  const revalidator = useRevalidator();
  const latest = useRef(revalidator);
  latest.current = revalidator;
  useEffect(() => {
    if (!active) return;
    let timer: ReturnType<typeof setInterval> | null = null;
    const tick = () => {
      if (latest.current.state === "idle") void latest.current.revalidate();
    };
    const start = () => {
      if (!timer && document.visibilityState === "visible") timer = setInterval(tick, REFRESH_MS);
    };
    const stop = () => {
      if (timer) clearInterval(timer);
      timer = null;
    };
    const onVisibility = () => (document.visibilityState === "visible" ? start() : stop());
    start();
    document.addEventListener("visibilitychange", onVisibility);
    return () => {
      stop();
      document.removeEventListener("visibilitychange", onVisibility);
    };
  }, [active]);
}

/** A button that posts one intent to the page's action (works without JavaScript). */
export function IntentButton({
  intent,
  children,
  variant = "outline",
}: {
  intent: NewsletterIntent;
  children: React.ReactNode;
  variant?: "outline" | "default";
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
  return (
    <Form method="post" className="inline">
      <Button type="submit" name="intent" value={intent} variant={variant} disabled={busy}>
        {children}
      </Button>
    </Form>
  );
}

export function NewsletterProgress({
  newsletter,
  progress,
}: {
  newsletter: AdminNewsletter;
  progress: NewsletterProgressFigures;
}) {
  const active = newsletter.status === "sending" || newsletter.status === "paused";
  useAutoRefresh(active);
  const recipients = newsletter.recipients ?? 0;
  const done = progress.sent + progress.failed + progress.skipped;
  const figures: [string, number, string][] = [
    ["Queued", progress.queued, "waiting for their turn"],
    ["Sent", progress.sent, "accepted by the mail server"],
    ["Failed", progress.failed, "the mail server refused them"],
    ["Not sent", progress.skipped, "left the list before their turn"],
    ["Unsubscribed since", progress.unsubscribedSince, "of the addresses it went to"],
  ];
  return (
    <section
      aria-labelledby="newsletter-progress-heading"
      className="flex flex-col gap-4 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="newsletter-progress-heading" className="text-lg font-semibold">
          Progress
        </h2>
        <div className="flex flex-wrap gap-2">
          {newsletter.status === "sending" ? (
            <IntentButton intent="pause">
              <PauseIcon aria-hidden="true" />
              Pause
            </IntentButton>
          ) : null}
          {newsletter.status === "paused" ? (
            <IntentButton intent="resume" variant="default">
              <PlayIcon aria-hidden="true" />
              Resume
            </IntentButton>
          ) : null}
          {active ? (
            <Link
              to={newsletterPath(newsletter.id)}
              preventScrollReset
              className={buttonVariants({ variant: "ghost" })}
            >
              <RefreshCwIcon aria-hidden="true" />
              Refresh
            </Link>
          ) : null}
        </div>
      </div>
      <div className="flex flex-col gap-2">
        <p id="newsletter-progress-label" className="text-sm">
          {`${done.toLocaleString("en-ZA")} of ${recipients.toLocaleString("en-ZA")} handled`}
          {newsletter.status === "paused" ? " (paused)" : ""}
        </p>
        <progress
          aria-labelledby="newsletter-progress-label"
          value={done}
          max={Math.max(recipients, 1)}
          className="h-3 w-full overflow-hidden rounded-full accent-primary"
        />
      </div>
      {/* On a phone two a row, the last one across both. */}
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5 [&>:last-child]:col-span-2 sm:[&>:last-child]:col-span-1">
        {figures.map(([label, value, meaning]) => (
          <div key={label} className="rounded-lg border border-border p-3">
            <dt className="text-sm font-medium">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value.toLocaleString("en-ZA")}</dd>
            <dd className="text-xs text-muted-foreground">{meaning}</dd>
          </div>
        ))}
      </dl>
      <p className="text-sm text-muted-foreground">
        {newsletter.startedAt ? `Started ${formatLongDateTime(newsletter.startedAt)}` : null}
        {newsletter.finishedAt ? `; finished ${formatLongDateTime(newsletter.finishedAt)}` : null}
        {newsletter.ratePerMinute
          ? `, at ${newsletter.ratePerMinute.toLocaleString("en-ZA")} e-mails a minute.`
          : "."}
        {active ? " This page updates every 5 seconds." : ""}
      </p>
    </section>
  );
}

/** A scheduled newsletter: when it goes, and taking it back to a draft. */
export function NewsletterSchedule({ newsletter }: { newsletter: AdminNewsletter }) {
  return (
    <section
      aria-labelledby="newsletter-schedule-heading"
      className="flex flex-col gap-3 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <h2 id="newsletter-schedule-heading" className="text-lg font-semibold">
        Scheduled
      </h2>
      <p className="text-sm">
        {newsletter.scheduledAt
          ? `It goes out on ${formatLongDateTime(newsletter.scheduledAt)} (Johannesburg time), to the addresses subscribed then`
          : "It goes out at its time, to the addresses subscribed then"}
        {newsletter.ratePerMinute
          ? `, at ${newsletter.ratePerMinute.toLocaleString("en-ZA")} e-mails a minute.`
          : "."}{" "}
        Cancel the schedule to change it: it becomes a draft again.
      </p>
      <div>
        <IntentButton intent="unschedule">
          <CalendarXIcon aria-hidden="true" />
          Cancel schedule
        </IntentButton>
      </div>
    </section>
  );
}
