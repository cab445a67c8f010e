import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { DownloadIcon, ShieldCheckIcon, SmartphoneIcon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Field } from "#app/components/forms/field.tsx";
import { FormErrors } from "#app/components/forms/form-errors.tsx";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { formatLongDateTime } from "#app/lib/dates.ts";
import {
  type QrSvg,
  RECOVERY_CODE_COUNT,
  recoveryCodesFile,
  type TwoStepState,
} from "#app/lib/two-step.ts";
import { ConfirmTotpSchema, DisableTwoStepSchema } from "#app/lib/validation/two-step.ts";

/*
 * "Two-step sign-in" on the account page (docs/product.md §3.15): turn it on (scan the QR
 * code or type the key, confirm with a code), the recovery codes shown once with a download,
 * and turn it off with the password or a current code. Plain form posts: no JavaScript needed.
 */

export interface TwoStepAnswer {
  twoStepForm: "totp-confirm" | "two-step-off" | "other";
  result?: SubmissionResult<string[]>;
  recoveryCodes?: string[];
}

export function TwoStepSection({
  email,
  state,
  required,
  answer,
}: {
  email: string;
  state: TwoStepState;
  /** REQUIRE_ADMIN_2FA: the owner asks every admin to turn it on. */
  required: boolean;
  answer?: TwoStepAnswer;
}) {
  return (
    <section
      id="two-step"
      aria-labelledby="two-step-heading"
      className="rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <div className="mb-1 flex flex-wrap items-center gap-2">
        <h2 id="two-step-heading" className="text-lg font-semibold">
          Two-step sign-in
        </h2>
        {state.state === "on" ? (
          <Badge variant="green">On</Badge>
        ) : (
          <Badge variant="outline">Off</Badge>
        )}
      </div>
      {state.state === "on" ? (
        <TwoStepOn email={email} state={state} answer={answer} />
      ) : state.state === "setting-up" ? (
        <TwoStepSetUp state={state} answer={answer} />
      ) : (
        <TwoStepOff required={required} />
      )}
    </section>
  );
}

function TwoStepOff({ required }: { required: boolean }) {
  const navigation = useNavigation();
  const starting = navigation.formData?.get("intent") === "totp-start";
  return (
    <div className="flex flex-col gap-4">
      {required ? (
        <Alert variant="destructive" role="status">
          <p className="mb-1 font-semibold leading-none">Two-step sign-in is required</p>
          <AlertDescription>
            The shop's owner asks every admin to turn on two-step sign-in. The other admin pages
            open once it is on.
          </AlertDescription>
        </Alert>
      ) : null}
      <p className="text-sm text-muted-foreground">
        After your password, signing in also asks for a 6-digit code from an authenticator app on
        your phone (Google Authenticator, Microsoft Authenticator, 1Password, Aegis …), so a stolen
        password alone does not open your account.
      </p>
      <Form method="post">
        <input type="hidden" name="intent" value="totp-start" />
        <Button type="submit" disabled={starting}>
          <SmartphoneIcon className="size-4" aria-hidden="true" />
          Turn on two-step sign-in
        </Button>
      </Form>
    </div>
  );
}

function QrCode({ qr }: { qr: QrSvg }) {
  return (
    <svg
      viewBox={qr.viewBox}
      role="img"
      aria-label="QR code to scan with your authenticator app"
      shapeRendering="crispEdges"
      className="size-48 shrink-0 rounded-lg border border-border bg-white"
    >
      {qr.paths.map((path) => (
        <path key={path.d.slice(0, 32)} fill={path.fill} stroke={path.stroke} d={path.d} />
      ))}
    </svg>
  );
}

/** "JBSW Y3DP …": the key in groups of four, easier to type. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(" ") ?? secret;

function TwoStepSetUp({
  state,
  answer,
}: {
  state: Extract<TwoStepState, { state: "setting-up" }>;
  answer?: TwoStepAnswer;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const [form, fields] = useForm({
    id: "totp-confirm",
    lastResult: answer?.twoStepForm === "totp-confirm" ? answer.result : undefined,
    constraint: getZodConstraint(ConfirmTotpSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ConfirmTotpSchema }),
  });
  return (
    <div className="flex flex-col gap-5">
      <p className="text-sm text-muted-foreground">
        Two steps to turn it on. Nothing changes until the code is confirmed.
      </p>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-start">
        <QrCode qr={state.qr} />
        <div className="flex min-w-0 flex-col gap-2 text-sm">
          <p className="font-medium">1. Scan the QR code with your authenticator app.</p>
          <p className="text-muted-foreground">
            Cannot scan it? Add an account by hand with this key:
          </p>
          <code
            data-testid="totp-secret"
            className="break-all rounded-md bg-muted px-3 py-2 font-mono text-base tracking-wider"
          >
            {grouped(state.secret)}
          </code>
          <p className="text-muted-foreground">Time-based, 6 digits, every 30 seconds.</p>
        </div>
      </div>
      <Form method="post" className="flex flex-col gap-4" {...getFormProps(form)}>
        <input type="hidden" name="intent" value="totp-confirm" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          id={fields.code.id}
          label="2. Enter the 6-digit code the app shows"
          errors={fields.code.errors}
          errorId={fields.code.errorId}
        >
          <Input
            {...getInputProps(fields.code, { type: "text" })}
            inputMode="numeric"
            autoComplete="one-time-code"
            className="max-w-48 font-mono text-lg tracking-widest"
          />
        </Field>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy === "totp-confirm"}>
            {busy === "totp-confirm" ? "Checking..." : "Confirm and turn on"}
          </Button>
          {/* Beside Confirm, but the cancel form's button (its own intent, no code). */}
          <Button
            type="submit"
            form="totp-cancel"
            variant="outline"
            disabled={busy === "totp-cancel"}
          >
            Cancel
          </Button>
        </div>
      </Form>
      <Form method="post" id="totp-cancel" hidden>
        <input type="hidden" name="intent" value="totp-cancel" />
      </Form>
    </div>
  );
}

function RecoveryCodes({ email, codes }: { email: string; codes: string[] }) {
  const file = `data:text/plain;charset=utf-8,${encodeURIComponent(recoveryCodesFile(email, codes))}`;
  return (
    <section
      aria-labelledby="recovery-codes-heading"
      className="flex flex-col gap-3 rounded-lg border border-yellow-300 bg-yellow-50 p-4"
    >
      <h3 id="recovery-codes-heading" className="font-semibold">
        Your recovery codes
      </h3>
      <p className="text-sm">
        Each code signs you in once if you lose your phone. They are shown only now: download them
        or write them down, and keep them apart from your phone.
      </p>
      <ul className="grid grid-cols-1 gap-x-8 gap-y-1 font-mono text-base whitespace-nowrap sm:grid-cols-2 sm:self-start">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <a
        href={file}
        download="recovery-codes.txt"
        className="inline-flex items-center gap-2 self-start rounded-md border border-border bg-background px-4 py-2 text-sm font-medium hover:bg-muted focus-visible:outline-2 focus-visible:outline-ring"
      >
        <DownloadIcon className="size-4" aria-hidden="true" />
        Download recovery codes
      </a>
    </section>
  );
}

function TwoStepOn({
  email,
  state,
  answer,
}: {
  email: string;
  state: Extract<TwoStepState, { state: "on" }>;
  answer?: TwoStepAnswer;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "two-step-off";
  const [form, fields] = useForm({
    id: "two-step-off",
    lastResult: answer?.twoStepForm === "two-step-off" ? answer.result : undefined,
    constraint: getZodConstraint(DisableTwoStepSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: DisableTwoStepSchema }),
  });
  return (
    <div className="flex flex-col gap-5">
      <p className="flex items-start gap-2 text-sm text-muted-foreground">
        <ShieldCheckIcon className="mt-0.5 size-4 shrink-0 text-green-700" aria-hidden="true" />
        <span>
          On since {formatLongDateTime(state.since)}. Signing in asks for a code from your
          authenticator app. {state.recoveryCodesLeft} of {RECOVERY_CODE_COUNT} recovery codes left.
        </span>
      </p>
      {answer?.recoveryCodes ? <RecoveryCodes email={email} codes={answer.recoveryCodes} /> : null}
      <Form
        method="post"
        className="flex flex-col gap-4 border-t border-border pt-5"
        {...getFormProps(form)}
      >
        <input type="hidden" name="intent" value="two-step-off" />
        <h3 className="font-medium">Turn off two-step sign-in</h3>
        <FormErrors id={form.errorId} errors={form.errors} />
        <Field
          id={fields.passwordOrCode.id}
          label="Your password or a current 6-digit code"
          errors={fields.passwordOrCode.errors}
          errorId={fields.passwordOrCode.errorId}
        >
          <Input
            {...getInputProps(fields.passwordOrCode, { type: "password" })}
            autoComplete="current-password"
            className="max-w-sm"
          />
        </Field>
        <Button type="submit" variant="destructive" disabled={busy} className="self-start">
          {busy ? "Turning off..." : "Turn off two-step sign-in"}
        </Button>
      </Form>
    </div>
  );
}
