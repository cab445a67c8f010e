import { Form, Link, useLocation } from "react-router";
import { AdminPageHeader } from "#app/components/admin/admin-page-header.tsx";
import { ExportLink } from "#app/components/admin/export-link.tsx";
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
import { auditActionLabel } from "#app/lib/audit-actions.ts";
import type { AuditDetailLine } from "#app/lib/audit-details.ts";
import { formatLongDateTime } from "#app/lib/dates.ts";
import { cn } from "#app/lib/utils.ts";
import {
  describeAuditEntries,
  listAuditEntries,
  parseAuditQuery,
} from "#app/server/audit/audit.server.ts";
import { getServices } from "#app/server/context.server.ts";
import { requireAdmin } from "#app/server/users/auth.server.ts";
import type { Route } from "./+types/audit";

/*
 * The audit log (decision 010, beyond the original): who changed what, and when. Read-only; the
 * records are written in the same transaction as each change. The page shows each entry's
 * details in words; its CSV export keeps the raw values (audit-export.ts).
 */

export const meta: Route.MetaFunction = () => [
  { title: "Audit Log | Admin" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const { db } = getServices(context);
  const params = new URL(request.url).searchParams;
  const filters = parseAuditQuery(params);
  const result = await listAuditEntries(db, { ...filters, page: Number(params.get("page") ?? 1) });
  return { ...result, entries: await describeAuditEntries(db, result.entries), filters };
}

function Details({ lines }: { lines: AuditDetailLine[] }) {
  if (lines.length === 0) return <span className="text-muted-foreground">—</span>;
  return (
    // minmax(0, 1fr) and wrapping anywhere: a long unbroken value (an address's domain, a
    // photo's file name) wraps inside a phone's card instead of widening the page.
    <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2 text-xs">
      {lines.map((line, index) => (
        <div key={index} className="contents">
          <dt className="font-medium text-muted-foreground">{line.label}</dt>
          <dd className="[overflow-wrap:anywhere]">
            {line.href ? (
              <Link to={line.href} className="underline underline-offset-2">
                {line.value}
              </Link>
            ) : (
              line.value
            )}
          </dd>
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
  const exportParams = new URLSearchParams(
    Object.entries(filters).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  const exportHref = `/admin/audit/export.csv${filtered ? `?${exportParams}` : ""}`;

  return (
    <div className="flex flex-col gap-6">
      <AdminPageHeader
        title="Audit Log"
        description="Every change made in the admin: who made it, what changed and when."
        actions={<ExportLink href={exportHref} />}
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
          <>
            {/* On a phone each change is a card (a table of four columns would hide most of
                it off screen); from md up, the table. */}
            <ul aria-label="Changes" className="divide-y divide-border md:hidden">
              {entries.map((entry) => (
                <li key={entry.id} className="flex flex-col gap-1 p-4 text-sm">
                  <span className="font-medium">{auditActionLabel(entry.action)}</span>
                  <span className="text-muted-foreground">
                    <time dateTime={new Date(entry.createdAt).toISOString()}>
                      {formatLongDateTime(entry.createdAt)}
                    </time>
                    {" · "}
                    <span className="break-all">{entry.actorEmail ?? "(deleted user)"}</span>
                  </span>
                  <Details lines={entry.details} />
                </li>
              ))}
            </ul>
            <div className="hidden md:block">
              <Table aria-label="Changes">
                <TableHeader>
                  <TableRow>
                    <TableHead>When</TableHead>
                    <TableHead>Who</TableHead>
                    <TableHead>What</TableHead>
                    <TableHead>Details</TableHead>
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
                      <TableCell className="align-top">
                        <Details lines={entry.details} />
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          </>
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
