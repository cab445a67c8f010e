import { Form, Link, useLocation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { Button, buttonVariants } from "#app/components/ui/button.tsx";
import { Input } from "#app/components/ui/input.tsx";
import { Label } from "#app/components/ui/label.tsx";
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from "#app/components/ui/table.tsx";
import { auditActionLabel, auditDetailLabel, auditDetailValue } from "#app/lib/audit-actions.ts";
import { formatLongDateTime } from "#app/lib/dates.ts";
import { cn } from "#app/lib/utils.ts";
import { listAuditEntries, parseDay } from "#app/server/audit/audit.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { searchTerm } from "#app/server/db/search.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/audit";

/*
 * The audit log (issue 9, beyond the original): who changed what, and when. Read-only; the
 * records are written in the same transaction as each change.
 */

export const meta: Route.MetaFunction = () => [
  { title: "Audit Log | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const filters = {
    actor: searchTerm(params.get("actor")),
    from: parseDay(params.get("from")),
    to: parseDay(params.get("to")),
  };
  const result = await listAuditEntries(getServices(context).db, {
    ...filters,
    page: Number(params.get("page") ?? 1),
  });
  return { ...result, filters };
}

function Details({ details }: { details: Record<string, unknown> }) {
  const entries = Object.entries(details).filter(([, value]) => value !== undefined);
  if (entries.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-2 text-xs">
      {entries.map(([key, value]) => (
        <div key={key} className="contents">
          <dt className="font-medium text-muted-foreground">{auditDetailLabel(key)}</dt>
          <dd className="break-words">{auditDetailValue(key, value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AuditPage({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, filters } = loaderData;
  const location = useLocation();
  const pageLink = (target: number) => {
    const params = new URLSearchParams(location.search);
    params.set("page", String(target));
    return `?${params}`;
  };
  const filtered = Boolean(filters.actor || filters.from || filters.to);

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Audit Log"
        description="Every change made in the admin: who made it, what changed and when."
      />
      <section
        aria-labelledby="audit-heading"
        className="rounded-xl border border-border bg-background shadow-card"
      >
        <div className="flex flex-col gap-3 border-b border-border p-4 sm:p-6">
          <h2 id="audit-heading" className="text-lg font-semibold">
            {total} {total === 1 ? "record" : "records"}
            {filtered ? " match" : ""}
          </h2>
          <Form
            method="get"
            role="search"
            aria-label="Filter the audit log"
            className="grid gap-3 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end"
          >
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-actor">User</Label>
              <Input
                id="audit-actor"
                name="actor"
                type="search"
                defaultValue={filters.actor ?? ""}
                key={filters.actor ?? ""}
                placeholder="Search by e-mail..."
                maxLength={200}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-from">From</Label>
              <Input
                id="audit-from"
                name="from"
                type="date"
                defaultValue={filters.from ?? ""}
                key={`from-${filters.from ?? ""}`}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor="audit-to">To</Label>
              <Input
                id="audit-to"
                name="to"
                type="date"
                defaultValue={filters.to ?? ""}
                key={`to-${filters.to ?? ""}`}
              />
            </div>
            <div className="flex gap-2">
              <Button type="submit" variant="outline">
                Filter
              </Button>
              {filtered ? (
                <Link to="?" className={buttonVariants({ variant: "ghost" })}>
                  Clear
                </Link>
              ) : null}
            </div>
          </Form>
        </div>
        {entries.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">
            {filtered ? "No records match these filters." : "No changes recorded yet."}
          </p>
        ) : (
          <Table aria-label="Changes">
            <TableHeader>
              <TableRow>
                <TableHead>When</TableHead>
                <TableHead>Who</TableHead>
                <TableHead>What</TableHead>
                <TableHead className="hidden md:table-cell">Details</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {entries.map((entry) => (
                <TableRow key={entry.id}>
                  <TableCell className="whitespace-nowrap align-top text-sm">
                    <time dateTime={new Date(entry.createdAt).toISOString()}>
                      {formatLongDateTime(entry.createdAt)}
                    </time>
                  </TableCell>
                  <TableCell className="max-w-[12rem] truncate align-top text-sm">
                    {entry.actorEmail ?? "(deleted user)"}
                  </TableCell>
                  <TableCell className="align-top text-sm font-medium">
                    {auditActionLabel(entry.action)}
                  </TableCell>
                  <TableCell className="hidden align-top md:table-cell">
                    <Details details={entry.details} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        {pageCount > 1 ? (
          <nav
            aria-label="Audit log pages"
            className="flex items-center justify-between gap-3 border-t border-border p-4 text-sm"
          >
            <Link
              to={pageLink(page - 1)}
              aria-disabled={page <= 1}
              className={cn(
                buttonVariants({ variant: "outline", size: "sm" }),
                page <= 1 && "pointer-events-none opacity-50",
              )}
            >
              Previous
            </Link>
            <span>
              Page {page} of {pageCount}
            </span>
            <Link
              to={pageLink(page + 1)}
              aria-disabled={page >= pageCount}
              className={cn(
                buttonVariants({ variant: "outline", size: "sm" }),
                page >= pageCount && "pointer-events-none opacity-50",
              )}
            >
              Next
            </Link>
          </nav>
        ) : null}
      </section>
    </div>
  );
}
