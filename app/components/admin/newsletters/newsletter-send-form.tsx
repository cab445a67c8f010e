import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { SendIcon } from "lucide-react";
import { Form, Link } from "react-router";
import { Field, FieldError } from "#app/components/forms/field.tsx";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Spinner } from "#app/components/ui/spinner.tsx";
import { formatLongDateTime } from "#app/lib/dates.ts";
import {
  type NewsletterSendChoice,
  subjectOrPlaceholder,
  subscriberCount,
} from "#app/lib/newsletters.ts";
import { useReturnFocus } from "#app/lib/return-focus.ts";
import {
  johannesburgDateTime,
  NEWSLETTER_MESSAGES,
  NEWSLETTER_RATE_MAX,
} from "#app/lib/validation/newsletters.ts";

/*
 * Sending (docs/product.md §3.18 "Sending"): now or at a time in Johannesburg, at a pace, after
 * a question naming the number of subscribed addresses. With JavaScript the question is a
 * dialog; without, the action answers the first "Send newsletter" with the question on the
 * page (SendQuestionPanel), whose button sends.
 */

/** The question, the same in the dialog and on the page. */
export const sendQuestion = (subject: string, audience: number) =>
  `Send "${subjectOrPlaceholder(subject)}" to ${subscriberCount(audience)}?`;

/** What happens then, in words: when, at what pace, about how long. */
export function sendDetails(choice: NewsletterSendChoice) {
  const pace = `${choice.ratePerMinute.toLocaleString("en-ZA")} e-mails a minute`;
  if (choice.when === "later" && choice.sendAt) {
    return `It goes out on ${formatLongDateTime(johannesburgDateTime(choice.sendAt))} (Johannesburg time), at ${pace}, to the addresses subscribed then. You can cancel the schedule until then.`;
  }
  const minutes = Math.ceil(choice.audience / choice.ratePerMinute);
  const takes =
    minutes <= 1 ? "about a minute" : `about ${minutes.toLocaleString("en-ZA")} minutes`;
  return `It goes out now, at ${pace}: ${takes} in all. You can pause it while it is sending.`;
}

interface SendFields {
  when: FieldMetadata<"now" | "later">;
  sendAt: FieldMetadata<string>;
  ratePerMinute: FieldMetadata<string>;
}

/** The send section's fields and its button (inside the page's one form). */
export function NewsletterSendFields({
  fields,
  audience,
  earliest,
}: {
  fields: SendFields;
  audience: number;
  earliest: string;
}) {
  const radio = (value: "now" | "later", label: string) => (
    <label className="flex min-h-11 items-center gap-2 text-sm">
      <input
        {...getInputProps(fields.when, { type: "radio", value })}
        // Conform gives every radio of a group the group's id: one each.
        id={`${fields.when.id}-${value}`}
        className="size-5 accent-primary"
      />
      {label}
    </label>
  );
  return (
    <section
      aria-labelledby="newsletter-send-heading"
      className="flex flex-col gap-4 rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <h2 id="newsletter-send-heading" className="text-lg font-semibold">
        Send
      </h2>
      <p className="text-sm text-muted-foreground">
        {audience > 0
          ? `It goes to the ${subscriberCount(audience)} who confirmed their address, each with their own unsubscribe link.`
          : NEWSLETTER_MESSAGES.noSubscribers}
      </p>
      {/* "Send later" shows its time field by CSS alone, so without JavaScript too. */}
      <div className="group flex flex-col gap-4">
        <fieldset aria-describedby={fields.when.errors ? fields.when.errorId : undefined}>
          <legend className="mb-1 text-sm font-medium">When</legend>
          <div className="flex flex-wrap gap-x-6">
            {radio("now", "Send now")}
            {radio("later", "Send later")}
          </div>
          <FieldError id={fields.when.errorId} errors={fields.when.errors} />
        </fieldset>
        <Field
          id={fields.sendAt.id}
          label="Date and time (Johannesburg)"
          errors={fields.sendAt.errors}
          errorId={fields.sendAt.errorId}
          className="hidden max-w-xs group-has-[input[value=later]:checked]:flex"
        >
          <Input
            {...getInputProps(fields.sendAt, { type: "datetime-local" })}
            min={earliest}
            step={60}
          />
        </Field>
        <Field
          id={fields.ratePerMinute.id}
          label="E-mails per minute"
          errors={fields.ratePerMinute.errors}
          errorId={fields.ratePerMinute.errorId}
          hint="Keep it at your mail provider's limit; 60 a minute sends 1,000 e-mails in about 17 minutes."
          hintId={fields.ratePerMinute.descriptionId}
          className="max-w-md"
        >
          <Input
            {...getInputProps(fields.ratePerMinute, {
              type: "number",
              ariaDescribedBy: fields.ratePerMinute.descriptionId,
            })}
            min={1}
            max={NEWSLETTER_RATE_MAX}
            step={1}
            inputMode="numeric"
            className="max-w-40"
          />
        </Field>
      </div>
      <div>
        <Button type="submit" name="intent" value="send" disabled={audience === 0}>
          <SendIcon aria-hidden="true" />
          Send newsletter
        </Button>
      </div>
    </section>
  );
}

/** The question as a dialog: its confirm button submits the page's form with `confirmed`. */
export function SendQuestionDialog({
  formId,
  subject,
  choice,
  busy,
  onClose,
}: {
  formId: string;
  subject: string;
  choice: NewsletterSendChoice | null;
  busy: boolean;
  onClose: () => void;
}) {
  const returnFocus = useReturnFocus();
  const later = choice?.when === "later";
  return (
    <AlertDialog open={choice !== null} onOpenChange={(open) => (open || busy ? null : onClose())}>
      <AlertDialogContent {...returnFocus}>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">
            {choice ? sendQuestion(subject, choice.audience) : ""}
          </AlertDialogTitle>
          <AlertDialogDescription>{choice ? sendDetails(choice) : ""}</AlertDialogDescription>
        </AlertDialogHeader>
        <input type="hidden" name="confirmed" value="yes" form={formId} />
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>Cancel</AlertDialogCancel>
          <Button type="submit" form={formId} name="intent" value="send" disabled={busy}>
            {busy ? <Spinner label="Sending…" /> : <SendIcon aria-hidden="true" />}
            {later ? "Schedule" : "Send now"}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** The question on the page, when the action asked it (the page without JavaScript). */
export function SendQuestionPanel({
  subject,
  choice,
  cancelTo,
}: {
  subject: string;
  choice: NewsletterSendChoice;
  cancelTo: string;
}) {
  return (
    <section
      aria-labelledby="send-question-heading"
      className="flex flex-col gap-3 rounded-xl border border-primary bg-background p-4 shadow-card sm:p-6"
    >
      <h2 id="send-question-heading" className="text-lg font-semibold break-words">
        {sendQuestion(subject, choice.audience)}
      </h2>
      <p className="text-sm">{sendDetails(choice)}</p>
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="when" value={choice.when} />
        {choice.sendAt ? <input type="hidden" name="sendAt" value={choice.sendAt} /> : null}
        <input type="hidden" name="ratePerMinute" value={choice.ratePerMinute} />
        <input type="hidden" name="confirmed" value="yes" />
        <Link to={cancelTo} className={buttonVariants({ variant: "outline" })}>
          Cancel
        </Link>
        <Button type="submit" name="intent" value="send">
          <SendIcon aria-hidden="true" />
          {choice.when === "later" ? "Schedule" : "Send now"}
        </Button>
      </Form>
    </section>
  );
}
