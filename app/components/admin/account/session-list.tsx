import { LaptopIcon } from "lucide-react";
import { Form, useNavigation } from "react-router";
import { Badge } from "#app/components/ui/badge.tsx";
import { Button } from "#app/components/ui/button.tsx";
import type { AccountSession } from "#app/lib/account.ts";
import { formatLongDateTime } from "#app/lib/dates.ts";

/*
 * "Where you are signed in" (docs/product.md §3.13): the account's sessions, this one marked
 * "This device", a Sign out for each other one and Sign out everywhere else. Plain form posts.
 */

export function SessionList({ sessions }: { sessions: AccountSession[] }) {
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" ? navigation.formData : undefined;
  const others = sessions.filter((session) => !session.current).length;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-border rounded-lg border border-border">
        {sessions.map((session) => (
          <li
            key={session.id}
            className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="flex min-w-0 items-start gap-3">
              <LaptopIcon
                className="mt-0.5 size-5 shrink-0 text-muted-foreground"
                aria-hidden="true"
              />
              <div className="min-w-0">
                <p className="flex flex-wrap items-center gap-2 font-medium">
                  <span className="break-words">{session.device}</span>
                  {session.current ? <Badge variant="green">This device</Badge> : null}
                </p>
                <p className="text-sm text-muted-foreground break-all">
                  {session.clientAddress
                    ? `Address ${session.clientAddress}`
                    : "Address not recorded"}
                </p>
                <p className="text-sm text-muted-foreground">
                  Last seen {formatLongDateTime(session.lastSeenAt)} · signed in{" "}
                  {formatLongDateTime(session.signedInAt)}
                </p>
              </div>
            </div>
            {session.current ? null : (
              <Form method="post" className="shrink-0">
                <input type="hidden" name="intent" value="end-session" />
                <input type="hidden" name="sessionId" value={session.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  disabled={pending?.get("sessionId") === session.id}
                  aria-label={`Sign out ${session.device}, last seen ${formatLongDateTime(session.lastSeenAt)}`}
                >
                  Sign out
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value="end-other-sessions" />
          <Button
            type="submit"
            variant="destructive"
            disabled={pending?.get("intent") === "end-other-sessions"}
          >
            Sign out everywhere else
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-muted-foreground">You are signed in on this device only.</p>
      )}
    </div>
  );
}
