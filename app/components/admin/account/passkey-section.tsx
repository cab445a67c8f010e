import { KeyRoundIcon } from "lucide-react";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Form, useFetcher, useNavigation } from "react-router";
import { useShowToast } from "#app/components/toaster.tsx";
import { Alert, AlertDescription } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import { formatLongDateTime } from "#app/lib/dates.ts";
import {
  type AccountPasskey,
  type AddPasskeyAnswer,
  PASSKEY_MESSAGES,
  PASSKEY_NAME_MAX,
  PASSKEYS_NEED_JAVASCRIPT,
} from "#app/lib/passkeys.ts";
import type { Toast } from "#app/lib/toast.ts";

/*
 * "Passkeys" on the account page (docs/product.md §3.13, decision 036): the account's passkeys
 * with when each was added and last used; Rename and Remove (which asks for the current
 * password) are plain form posts. "Add a passkey" needs JavaScript: the name and current
 * password go to the page's action, which answers with the browser's options; the browser
 * makes the passkey and the page sends it back. The WebAuthn library loads only when asked.
 */

type Notice = { title: string; message: string };
type Registered = { notice: Notice; toast?: Toast };

export function PasskeySection({ passkeys }: { passkeys: AccountPasskey[] }) {
  return (
    <section
      aria-labelledby="passkeys-heading"
      className="rounded-xl border border-border bg-background p-4 shadow-card sm:p-6"
    >
      <h2 id="passkeys-heading" className="mb-1 text-lg font-semibold">
        Passkeys
      </h2>
      <p className="mb-4 text-sm text-muted-foreground">
        Sign in with your phone, computer or security key instead of your password. A passkey is
        both steps of a sign-in at once. Adding or removing one asks for your current password and
        e-mails you.
      </p>
      {passkeys.length > 0 ? (
        <ul className="mb-4 flex flex-col divide-y divide-border rounded-lg border border-border">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} />
          ))}
        </ul>
      ) : (
        <p className="mb-4 text-sm text-muted-foreground">You have no passkeys yet.</p>
      )}
      <AddPasskeyForm />
    </section>
  );
}

function PasskeyItem({ passkey }: { passkey: AccountPasskey }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData : undefined;
  const busy = pending?.get("passkeyId") === passkey.id;
  const id = `passkey-${passkey.id}`;
  return (
    <li className="flex flex-col gap-3 p-4">
      <div className="flex min-w-0 items-start gap-3">
        <KeyRoundIcon className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <div className="min-w-0">
          <p className="font-medium break-words">{passkey.name}</p>
          <p className="text-sm text-muted-foreground">
            Added {formatLongDateTime(passkey.createdAt)} ·{" "}
            {passkey.lastUsedAt
              ? `last used ${formatLongDateTime(passkey.lastUsedAt)}`
              : "never used"}
          </p>
        </div>
      </div>
      <details className="rounded-md border border-border">
        <summary className="cursor-pointer px-3 py-2 text-sm font-medium">
          Rename or remove<span className="sr-only"> {passkey.name}</span>
        </summary>
        <div className="grid gap-4 border-t border-border p-3 sm:grid-cols-2">
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="rename-passkey" />
            <input type="hidden" name="passkeyId" value={passkey.id} />
            <Label htmlFor={`${id}-name`}>New name</Label>
            <Input
              id={`${id}-name`}
              name="name"
              defaultValue={passkey.name}
              required
              maxLength={PASSKEY_NAME_MAX}
            />
            <Button type="submit" variant="outline" size="sm" disabled={busy}>
              Rename
            </Button>
          </Form>
          <Form method="post" className="flex flex-col gap-2">
            <input type="hidden" name="intent" value="remove-passkey" />
            <input type="hidden" name="passkeyId" value={passkey.id} />
            <Label htmlFor={`${id}-password`}>Current password</Label>
            <Input
              id={`${id}-password`}
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
            <Button type="submit" variant="destructive" size="sm" disabled={busy}>
              Remove passkey
            </Button>
          </Form>
        </div>
      </details>
    </li>
  );
}

function AddPasskeyForm() {
  const hydrated = useHydrated();
  const options = useFetcher<AddPasskeyAnswer>({ key: "passkey-add" });
  const register = useFetcher<Registered>({ key: "passkey-register" });
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const handled = useRef<unknown>(null);
  const formRef = useRef<HTMLFormElement>(null);
  useShowToast(register.state === "idle" ? register.data?.toast : undefined);

  // The options came back: the browser makes the passkey, the page sends it back.
  useEffect(() => {
    const data = options.data;
    if (options.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.passkey === "failed") {
      setFailure(data.message);
      return;
    }
    setAsking(true);
    void (async () => {
      try {
        const { startRegistration } = await import("@simplewebauthn/browser");
        const response = await startRegistration({ optionsJSON: data.options });
        await register.submit(
          { intent: "register-passkey", name: data.name, response: JSON.stringify(response) },
          { method: "post" },
        );
        formRef.current?.reset();
      } catch {
        setFailure(PASSKEY_MESSAGES.cancelled);
      } finally {
        setAsking(false);
      }
    })();
  }, [options.state, options.data, register]);

  const busy = asking || options.state !== "idle" || register.state !== "idle";
  const notice = register.state === "idle" ? register.data?.notice : undefined;

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setFailure(null);
    void options.submit(event.currentTarget, { method: "post" });
  }

  return (
    <div className="flex flex-col gap-3">
      {failure ? (
        <Alert variant="destructive" role="alert">
          <p className="mb-1 font-semibold leading-none">Error</p>
          <AlertDescription>{failure}</AlertDescription>
        </Alert>
      ) : notice && !asking ? (
        <Alert variant={notice.title === "Error" ? "destructive" : "default"} role="status">
          <p className="mb-1 font-semibold leading-none">{notice.title}</p>
          <AlertDescription>{notice.message}</AlertDescription>
        </Alert>
      ) : null}
      <form ref={formRef} method="post" onSubmit={submit} className="flex flex-col gap-3">
        <input type="hidden" name="intent" value="add-passkey" />
        <div className="grid gap-3 sm:grid-cols-2">
          <div className="flex flex-col gap-2">
            <Label htmlFor="passkey-name">Passkey name</Label>
            <Input
              id="passkey-name"
              name="name"
              required
              maxLength={PASSKEY_NAME_MAX}
              placeholder="e.g. Work laptop"
            />
          </div>
          <div className="flex flex-col gap-2">
            <Label htmlFor="passkey-current-password">Current password</Label>
            <Input
              id="passkey-current-password"
              name="currentPassword"
              type="password"
              autoComplete="current-password"
              required
            />
          </div>
        </div>
        <Button type="submit" className="self-start" disabled={!hydrated || busy}>
          <KeyRoundIcon className="size-4" aria-hidden="true" />
          {busy ? "Waiting for your passkey..." : "Add a passkey"}
        </Button>
        <noscript>
          <p className="text-sm text-muted-foreground">{PASSKEYS_NEED_JAVASCRIPT}</p>
        </noscript>
      </form>
    </div>
  );
}
