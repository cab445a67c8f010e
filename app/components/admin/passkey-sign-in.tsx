import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { useHydrated } from "#app/components/use-hydrated.tsx";
import {
  PASSKEY_MESSAGES,
  PASSKEYS_NEED_JAVASCRIPT,
  type PasskeySignInAnswer,
} from "#app/lib/passkeys.ts";

/*
 * "Use a passkey" on /admin/login (docs/product.md §3.1, decision 036): a challenge from the
 * login action, the browser's passkey dialog, then the signed answer to the same action, which
 * signs an admin in like the password form (its redirect, toast and cookie). The WebAuthn
 * library is loaded only when the button is pressed, so no other page carries it. No icon:
 * an icon drawn by two admin pages joins the public pages' shared chunk (vite.config.ts). Without
 * JavaScript the page says passkeys need it; the password form works as before.
 */

type Failure = { title: string; message: string };

export function PasskeySignIn({ redirectTo }: { redirectTo: string }) {
  const hydrated = useHydrated();
  const challenge = useFetcher<PasskeySignInAnswer>({ key: "passkey-challenge" });
  const answer = useFetcher<PasskeySignInAnswer>({ key: "passkey-answer" });
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<Failure | null>(null);
  const handled = useRef<unknown>(null);

  // The challenge came back: ask the browser for a passkey, then send what it signed.
  useEffect(() => {
    const data = challenge.data;
    if (challenge.state !== "idle" || !data || handled.current === data) return;
    handled.current = data;
    if (data.passkey === "failed") {
      setFailure({ title: "Login Failed", message: data.message });
      return;
    }
    setAsking(true);
    void (async () => {
      try {
        const { startAuthentication } = await import("@simplewebauthn/browser");
        const response = await startAuthentication({ optionsJSON: data.options });
        const form = { intent: "passkey", response: JSON.stringify(response) };
        await answer.submit(redirectTo ? { ...form, redirectTo } : form, { method: "post" });
      } catch {
        setFailure({ title: "Login Failed", message: PASSKEY_MESSAGES.cancelled });
      } finally {
        setAsking(false);
      }
    })();
  }, [challenge.state, challenge.data, answer, redirectTo]);

  useEffect(() => {
    const data = answer.data;
    if (answer.state === "idle" && data?.passkey === "failed") {
      setFailure({ title: data.title ?? "Login Failed", message: data.message });
    }
  }, [answer.state, answer.data]);

  const busy = asking || challenge.state !== "idle" || answer.state !== "idle";

  async function start() {
    setFailure(null);
    const { browserSupportsWebAuthn } = await import("@simplewebauthn/browser");
    if (!browserSupportsWebAuthn()) {
      setFailure({ title: "Login Failed", message: PASSKEY_MESSAGES.unsupported });
      return;
    }
    await challenge.submit({ intent: "passkey-options" }, { method: "post" });
  }

  return (
    <div className="mt-4 flex flex-col gap-3 border-t border-border pt-4">
      {failure ? (
        <Alert variant="destructive" role="alert">
          <AlertTitle>{failure.title}</AlertTitle>
          <AlertDescription>{failure.message}</AlertDescription>
        </Alert>
      ) : null}
      <Button
        type="button"
        variant="outline"
        className="w-full"
        disabled={!hydrated || busy}
        onClick={() => void start()}
      >
        {busy ? "Waiting for your passkey..." : "Use a passkey"}
      </Button>
      <noscript>
        <p className="text-sm text-muted-foreground">{PASSKEYS_NEED_JAVASCRIPT}</p>
      </noscript>
    </div>
  );
}
