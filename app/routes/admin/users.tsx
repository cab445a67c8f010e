import { RefreshCwIcon } from "lucide-react";
import { data, Link, useLocation, useNavigation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { foundText, ResultsStatus } from "#app/components/admin/results-region.tsx";
import { AdminSearchForm } from "#app/components/admin/search-form.tsx";
import {
  AccessToggle,
  AwaitingApprovalBadge,
  DismissRequest,
  TwoStepBadge,
} from "#app/components/admin/users/user-access.tsx";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert.tsx";
import { buttonVariants } from "#app/components/ui/button.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import { formatShortDate } from "#app/lib/dates.ts";
import { formFields } from "#app/lib/forms.ts";
import { useListPending } from "#app/lib/list-url.ts";
import { toast } from "#app/lib/toast.ts";
import { cn } from "#app/lib/utils.ts";
import { AdminToggleSchema } from "#app/lib/validation/users.ts";
import { getServices } from "#app/server/context.server.ts";
import { readForm } from "#app/server/http/submitted-form.server.ts";
import { redirectWithToast } from "#app/server/http/toast.server.ts";
import {
  accessChangeError,
  countAwaitingApproval,
  dismissAccessRequest,
  grantAdmin,
  listUsers,
  revokeAdmin,
} from "#app/server/users/admin-access.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import { clearSessionCookie, deleteSession } from "#app/server/users/session.server.ts";
import type { Route } from "./+types/users";

export const meta: Route.MetaFunction = () => [
  { title: "User Management | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const me = await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const q = params.get("q")?.slice(0, 200) ?? "";
  // The dashboard's to-do links here with ?awaiting=1: only the requests for access.
  const awaitingOnly = params.get("awaiting") === "1";
  const { db } = getServices(context);
  const [{ users, truncated }, awaiting] = await Promise.all([
    listUsers(db, { search: q, awaitingOnly }),
    countAwaitingApproval(db),
  ]);
  return { users, truncated, q, awaitingOnly, awaiting, me: me.userId };
}

export async function action({ request, context }: Route.ActionArgs) {
  const me = await requireAdmin(request, context);
  const { db, env } = getServices(context);
  const parsed = AdminToggleSchema.safeParse(formFields(readForm(context, AdminToggleSchema)));
  if (!parsed.success) {
    return data(
      {
        toast: toast({
          title: "Error",
          description: "Failed to update admin status.",
          type: "destructive",
        }),
      },
      { status: 400 },
    );
  }
  const { intent, userId } = parsed.data;
  const result =
    intent === "grant"
      ? await grantAdmin(db, userId, me)
      : intent === "revoke"
        ? await revokeAdmin(db, userId, me)
        : await dismissAccessRequest(db, userId, me);
  if (!result.ok) {
    const status =
      result.reason === "not-found"
        ? 404
        : result.reason === "last-admin" || result.reason === "not-awaiting"
          ? 409
          : 500;
    return data(
      {
        toast: toast({
          title: "Error",
          description: accessChangeError(intent, result.reason),
          type: "destructive",
        }),
      },
      { status },
    );
  }
  const success = toast({
    title: "Success",
    description:
      intent === "grant"
        ? "Admin access granted."
        : intent === "revoke"
          ? "Admin access revoked."
          : "Request dismissed: the account was deleted.",
    type: "success",
  });
  if (intent === "revoke" && userId === me.userId) {
    // An admin who revokes themself leaves the portal at once (decision 006).
    await deleteSession(db, me.sessionId);
    return redirectWithToast(env, "/admin/login", success, {
      headers: { "Set-Cookie": await clearSessionCookie(env) },
    });
  }
  return data({ toast: success });
}

export default function UsersPage({ loaderData }: Route.ComponentProps) {
  const { users, truncated, q, me, awaitingOnly, awaiting } = loaderData;
  const location = useLocation();
  const navigation = useNavigation();
  // Refresh turns its icon; a search shows its own busy state in the box (decision 017).
  const refreshing =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    navigation.formMethod === undefined;
  const { pending } = useListPending();

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="User Management"
        description="Grant or revoke access to the admin portal."
      />
      <section
        aria-labelledby="manage-admins"
        className="rounded-xl border border-border bg-background shadow-card"
      >
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:p-6">
          <div className="flex items-center justify-between gap-3">
            <h2 id="manage-admins" className="text-lg font-semibold">
              Manage Admin Users
            </h2>
            <Link
              to={`${location.pathname}${location.search}`}
              className={cn(buttonVariants({ variant: "outline" }), "gap-2")}
            >
              <RefreshCwIcon
                className={cn("size-4", refreshing && "animate-spin")}
                aria-hidden="true"
              />
              Refresh
            </Link>
          </div>
          <AdminSearchForm
            value={q}
            placeholder="Search by email..."
            label="Search users by email"
          />
          {awaiting > 0 || awaitingOnly ? (
            <p className="text-sm">
              {awaitingOnly ? (
                <>
                  Showing the accounts awaiting approval.{" "}
                  <Link to="/admin/users" className="font-medium text-primary underline">
                    Show all users
                  </Link>
                </>
              ) : (
                <>
                  {awaiting === 1
                    ? "1 account is awaiting approval."
                    : `${awaiting} accounts are awaiting approval.`}{" "}
                  Tick Admin to grant access, or dismiss the request.{" "}
                  <Link to="/admin/users?awaiting=1" className="font-medium text-primary underline">
                    Show only those
                  </Link>
                </>
              )}
            </p>
          ) : null}
        </div>
        <ResultsStatus
          resolve={users}
          text={(shown) => foundText(shown.length, ["user", "users"], !truncated)}
        />
        {/* The list is cut at a limit (the server's); say so rather than hide the rest. */}
        {truncated ? (
          <p className="border-b border-border px-4 py-3 text-sm text-muted-foreground sm:px-6">
            {q
              ? `Showing the first ${users.length} users that match; type more of the e-mail to find others.`
              : `Showing the first ${users.length} users; search by e-mail to find others.`}
          </p>
        ) : null}
        {users.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">No users found.</p>
        ) : (
          <Table aria-label="Users" aria-busy={pending || undefined}>
            <TableHeader>
              <TableRow>
                <TableHead>Email</TableHead>
                <TableHead className="hidden sm:table-cell">Created</TableHead>
                <TableHead>Access</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.map((user) => (
                <TableRow key={user.id}>
                  <TableCell className="max-w-[14rem] font-medium sm:max-w-none">
                    <span className="block truncate">
                      {user.email}
                      {user.id === me ? (
                        <span className="ml-2 text-xs text-muted-foreground">(you)</span>
                      ) : null}
                    </span>
                    {user.awaitingApprovalSince ? (
                      <AwaitingApprovalBadge since={user.awaitingApprovalSince} />
                    ) : null}
                    {user.isAdmin ? (
                      <span className="mt-1 block">
                        <TwoStepBadge on={user.twoStep} />
                      </span>
                    ) : null}
                  </TableCell>
                  <TableCell className="hidden text-muted-foreground sm:table-cell">
                    {formatShortDate(user.createdAt)}
                  </TableCell>
                  <TableCell>
                    <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                      <AccessToggle user={user} isMe={user.id === me} />
                      {user.awaitingApprovalSince ? <DismissRequest user={user} /> : null}
                    </div>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary() {
  return (
    <Alert variant="destructive">
      <AlertTitle>Error</AlertTitle>
      <AlertDescription>Failed to fetch users. Please try again.</AlertDescription>
    </Alert>
  );
}
